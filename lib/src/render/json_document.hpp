// SPDX-License-Identifier: MIT
// Writes a JSON document held in nlohmann's DOM, laid out as its dump(2) lays it out, with every
// string through iosr's one JSON escaper (render/escape.hpp).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace iosr::detail {

/// Appends `doc` to `out`, pretty-printed with two-space indentation, and no line end after it.
void append_json_document(std::string& out, const nlohmann::ordered_json& doc);

}  // namespace iosr::detail
