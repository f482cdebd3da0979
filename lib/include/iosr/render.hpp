// SPDX-License-Identifier: MIT
// Writing result files in the output formats iosr supports.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/model.hpp"

namespace iosr {

/// An output format for `iosr convert --to NAME`.
struct output_format_info {
  std::string_view name;       ///< `csv`
  std::string_view extension;  ///< `.csv`
  std::string_view help;       ///< one line for help texts
  bool combines = false;       ///< several inputs make one output (CSV); else one per input
};

/// Every registered output format.
std::vector<output_format_info> list_output_formats();

/// Options shared by the renderers; each uses what applies to it.
struct render_options {
  bool header = true;  ///< tabular formats: write the header row (off when appending files)
  /// pts-text: PTS's terminal width W (docs/pts-text-output.md; 79 = OpenBenchmarking.org's)
  int width = 79;
};

/// Renders the given files into one output of the named format, appended to `out`.
/// Throws iosr::error (error_kind::usage) for an unknown format name.
void render(std::span<const result_file> files, std::string_view format,
            const render_options& options, std::string& out);

/// The listing `iosr show` prints for one file: title, systems, charts, warnings, in lines of
/// at most `width` columns (at least 40 is laid out; docs/compare.md, "Widths and names").
std::string render_listing(const result_file& file, int width = 80);
/// The same listing handed to `write` in pieces (about 1 MiB each, ending in whole lines), so
/// that a large file's listing is never held whole beside its model.
void render_listing(const result_file& file, int width,
                    const std::function<void(std::string_view)>& write);

/// Prose laid out for a terminal `width` columns wide (at least 40 is laid out), as help texts
/// are: each line longer than the width broken at blanks, its further lines indented as it is,
/// and an indented line's (a list item's) two columns further, or under its second column when
/// two blanks or more start one (a word longer than a line is broken where the line ends); no
/// line ends in a blank. Lines that fit are kept as they are.
std::string wrap_text(std::string_view text, int width = 80);

}  // namespace iosr
