// SPDX-License-Identifier: MIT
// The state every reader carries: the text it reads (transport layers already undone), its
// name, byte offset -> line:column in the input as the user has it, the model being filled and
// the entries limit; warnings and errors are placed by byte offset. The input registry makes
// it, with the model's source_name and format already set.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "input/position_map.hpp"
#include "iosr/counted.hpp"
#include "iosr/error.hpp"
#include "iosr/model.hpp"

namespace iosr::detail {

/// The error for a chart that passes the `entries` limit (read_options::max_entries_per_chart).
inline std::string too_many_entries(std::string_view chart_title, std::size_t limit) {
  return "chart '" + std::string(chart_title) + "' has more than " +
         counted(limit, "entry", "entries") + "; expected at most " + std::to_string(limit) +
         " (raise the 'entries' limit)";
}

struct reader_context {
  std::string_view text;
  const std::string& name;
  const position_map& lines;  ///< of the registry's text: at() adds text_offset
  result_file& out;
  std::size_t max_entries;  ///< read_options::max_entries_per_chart
  /// `text` itself as a buffer the reader may overwrite, followed by a '\0' it may overwrite
  /// with '\0' (read_results_in_place: a std::string's own; the line ends are noted, so
  /// positions stay right), or null: the caller keeps the text.
  char* overwritable = nullptr;
  /// Where `text` starts in the text the registry gave the reader: not 0 in the context of a
  /// part (part_from), which at(), warn() and fail() place through.
  std::size_t text_offset = 0;

  source_position at(std::size_t offset) const { return lines.position(text_offset + offset); }
  void warn(std::size_t offset, message_code code, std::string message) const {
    out.warnings.push_back({at(offset), code, std::move(message)});
  }
  [[noreturn]] void fail(std::size_t offset, std::string message,
                         error_kind kind = error_kind::input) const {
    throw parse_error(name, at(offset), std::move(message), kind);
  }
  /// Refuses `chart` at `where` when one more entry would pass the entries limit: checked as
  /// entries are read, so that a hostile chart never grows the model past it.
  void check_room(const result& chart, source_position where) const {
    if (chart.entries.size() >= max_entries) {
      throw parse_error(name, where, too_many_entries(chart.title, max_entries), error_kind::limit);
    }
  }
  /// The context of the part of `text` from `offset` on, for a reader whose own text starts
  /// there (the PTS text reader's, after a session's prompt): the same model, name and limits,
  /// offsets counted from `offset`.
  reader_context part_from(std::size_t offset) const {
    auto part = *this;
    part.text = text.substr(offset);
    part.text_offset += offset;
    if (part.overwritable != nullptr) part.overwritable += offset;
    return part;
  }
  /// Appends `e` to `chart` after check_room().
  void add_entry(result& chart, entry e) const {
    check_room(chart, e.where);
    chart.entries.push_back(std::move(e));
  }
};

}  // namespace iosr::detail
