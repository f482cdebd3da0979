// SPDX-License-Identifier: MIT
// The PTS text-export reader (`phoronix-test-suite result-file-to-text`), in both the
// multi-line form PTS prints and the whitespace-collapsed form copied out of web pages.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "input/reader_context.hpp"
#include "input/pts_text/grammar.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"
#include "strings.hpp"

namespace iosr::detail {

bool sniff_pts_text(std::string_view text);
/// Whether a text sniff_pts_text() claims is an export: an entry line (`LABEL .... VALUE |===`)
/// or a system block, not a direction mark alone. A walk skips the others.
bool is_pts_text_result(std::string_view text);
void read_pts_text(reader_context& ctx, const read_options& options);

// ---- shared by the two forms (text_reader.cpp) ------------------------------------------------

/// The direction mark ending a unit line or a collapsed header.
struct direction_mark {
  std::size_t begin = 0, end = 0;  ///< `> Higher Is Better` / `< Lower Is Better`
  direction dir = direction::none;
};
/// The first mark at or after `from`, if any.
std::optional<direction_mark> find_direction_mark(std::string_view text, std::size_t from);
/// Every mark of `text`, in order.
std::vector<direction_mark> find_direction_marks(std::string_view text);

/// Finds the dot leader of an entry in `text` at or after `from` whose tail matches.
struct found_entry {
  std::size_t dots = 0;  ///< offset of the first `.`
  entry_tail tail;
};
std::optional<found_entry> find_entry(std::string_view text, std::size_t from, bool one_line);

/// Appends the model entry of a matched tail to `chart`; `label_offset` points at the label in
/// ctx.text. A value that is not a number is an error, and so is an entry past the `entries`
/// limit (reader_context::max_entries), refused before it is built.
void add_text_entry(result& chart, const reader_context& ctx, std::string_view label,
                    std::size_t label_offset, const entry_tail& tail, std::size_t base);

/// The bar length of an entry that has no bar (`LABEL . VALUE`): check_bars skips it.
inline constexpr std::size_t no_bar = std::size_t(-1);

/// An entry's bar as drawn: its number of `=` (no_bar: none) and the column of its `|` in its
/// line (unknown_column where the lines ran together).
inline constexpr std::size_t unknown_column = std::size_t(-1);
struct drawn_bar {
  std::size_t length = no_bar;
  std::size_t column = unknown_column;
};

/// Checks each bar against its value with PTS's proportional formula; warns on a mismatch.
void check_bars(const reader_context& ctx, const result& chart, const std::vector<drawn_bar>& bars);

/// An input cut off at its end loses the chart it ends in, not the charts before it: after a
/// chart was read, `message` is a warning, ending in `; that chart is not read`; with no chart
/// before it, the cut is the error.
void report_cut_chart(const reader_context& ctx, std::size_t offset, const std::string& message);

/// `marks` are the direction marks of ctx.text (find_direction_marks).
void read_collapsed(reader_context& ctx, const std::vector<direction_mark>& marks);
void read_multiline(reader_context& ctx);

}  // namespace iosr::detail
