// SPDX-License-Identifier: MIT
// RFC 4180 field quoting, shared by the tabular renderers.
#pragma once

#include <string>
#include <string_view>

namespace iosr::detail {

/// Appends `field` to `out` as one CSV field (no separator, no line end). The field is quoted,
/// with inner `"` doubled, when it contains `,`, `"`, CR or LF, or begins or ends with a space
/// (so readers that trim spaces keep them); otherwise it is written as is. Bytes pass through
/// unchanged, so UTF-8 stays UTF-8.
void append_csv_field(std::string& out, std::string_view field);

}  // namespace iosr::detail
