// SPDX-License-Identifier: MIT
// Text widths in the charts' font, DejaVu Sans, and lines wrapped to a width in pixels.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace iosr::detail {

/// The family every chart image names; install-deps installs it (fonts-dejavu-core).
inline constexpr std::string_view chart_font = "DejaVu Sans";

/// The advance width of `text` in DejaVu Sans at `font_size` pixels: exact for printable ASCII,
/// one em for any other character (an upper bound for the Latin scripts).
double text_width(std::string_view text, double font_size, bool bold = false);

/// `text` in lines no wider than `width` pixels, broken at blanks, and inside a word only when
/// the word alone is wider: then after its last hyphen, slash, underscore, `=`, `,`, `:`, `;`,
/// `.` or `+` that fits (`-fno-delete-null-` / `pointer-checks`), and at a character only where
/// it has none. Always at least one line.
std::vector<std::string> wrap_to_width(std::string_view text, double width, double font_size,
                                       bool bold = false);

}  // namespace iosr::detail
