// SPDX-License-Identifier: MIT
// Reader of iosr's own JSON format (`iosr convert --to json`; schema: docs/json.md).
#pragma once

#include <string>
#include <string_view>

#include "input/reader_context.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

/// A JSON object whose first bytes say `"format": "iosr-result"`.
bool sniff_iosr_json(std::string_view text);

/// Reads one iosr-json document. The model is the one that was written, except source_name
/// (`name`) and format (`iosr-json`). Throws parse_error for malformed JSON, nesting deeper than
/// the `json-depth` limit, an unsupported version, or a member of the wrong type.
void read_iosr_json(reader_context& ctx, const read_options& options);

}  // namespace iosr::detail
