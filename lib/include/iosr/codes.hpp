// SPDX-License-Identifier: MIT
// The stable codes of warnings and notes, in one list: a program matches a code, never wording.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "iosr/names.hpp"

namespace iosr {

/// What a warning (iosr::warning) or a note (iosr::note) is about: one code per situation,
/// whatever its wording and whichever reader reports it. docs/model.md ("Codes") describes each.
/// Codes are only ever added: a program may keep matching the ones it knows.
enum class message_code {
  unspecified,  ///< a warning read from an iosr-json document that gives no code this iosr knows

  // The transport layers (docs/transport.md).
  mime_part_read,
  mime_headers_skipped,
  mime_part_ignored,
  transfer_decoded,
  transfer_encoding_unknown,
  charset_converted,
  charset_mislabelled,
  charset_unknown,
  flowed_joined,
  html_page,
  carriage_return_line_ends,
  terminal_controls,
  invisible_characters,
  quoting_removed,
  double_spacing_removed,

  // The checks after reading (every reader but iosr-json's).
  chart_without_entries,
  chart_repeated,
  entry_repeated,
  system_described_again,
  system_not_described,
  system_without_entries,
  unexpanded_variable,
  no_charts,

  // What several readers report alike.
  chart_without_title,
  chart_without_unit,
  chart_without_options,
  chart_without_direction,
  chart_merged,
  direction_unknown,
  value_not_a_number,
  series_not_numbers,
  pass_fail_unknown,
  value_with_commas,
  runs_not_numbers,
  system_without_identifier,
  old_layout,
  input_cut,

  // The PTS text reader.
  bar_disagrees,
  session_prompt,
  system_value_end_guessed,
  header_without_mark,
  header_split_guessed,
  text_after_entries,
  system_details_without_label,
  entries_without_bars,
  entries_without_dots,

  // The composite.xml reader.
  doctype_ignored,
  no_generated,
  entry_json_not_an_object,

  // The reader of PTS's JSON export.
  json_not_a_string,
  json_not_an_object,
  json_member_repeated,
  json_unknown_member,
  json_value_unreadable,
  system_identifier_differs,

  // The reader of PTS's CSV export.
  csv_system_unnamed,
  csv_unknown_key,
  csv_unexpected_cell,
  csv_extra_cells,
  csv_stray_column,
  csv_aligned_with_blanks,
  csv_header_differs,
  csv_results_header_missing,
  csv_header_repeated,

  // The reader of OpenBenchmarking.org page text.
  html_disk_details_unreadable,
  html_summary_unusable,
  html_summary_disagrees,
  html_summary_missing,
  html_digits_ambiguous,
  html_errors_unmatched,
  html_system_table_unreadable,

  // Notes of a comparison (iosr::comparison::notes).
  baseline_not_found,
  no_baseline,
  baseline_noop,
  baseline_ambiguous,
  bootstrap_too_large,

  // Notes of a trend (iosr::trend::notes).
  trend_too_large,
  runs_without_point,
  runs_not_positive,
  baseline_point_not_found,
  baseline_point,
  series_without_baseline,
  geomean_without_common_tests,
  no_kernel_version,
};

template <>
struct enum_names<message_code> {
  static constexpr std::pair<message_code, std::string_view> values[] = {
      {message_code::unspecified, "unspecified"},
      {message_code::mime_part_read, "mime-part-read"},
      {message_code::mime_headers_skipped, "mime-headers-skipped"},
      {message_code::mime_part_ignored, "mime-part-ignored"},
      {message_code::transfer_decoded, "transfer-decoded"},
      {message_code::transfer_encoding_unknown, "transfer-encoding-unknown"},
      {message_code::charset_converted, "charset-converted"},
      {message_code::charset_mislabelled, "charset-mislabelled"},
      {message_code::charset_unknown, "charset-unknown"},
      {message_code::flowed_joined, "flowed-joined"},
      {message_code::html_page, "html-page"},
      {message_code::carriage_return_line_ends, "carriage-return-line-ends"},
      {message_code::terminal_controls, "terminal-controls"},
      {message_code::invisible_characters, "invisible-characters"},
      {message_code::quoting_removed, "quoting-removed"},
      {message_code::double_spacing_removed, "double-spacing-removed"},
      {message_code::chart_without_entries, "chart-without-entries"},
      {message_code::chart_repeated, "chart-repeated"},
      {message_code::entry_repeated, "entry-repeated"},
      {message_code::system_described_again, "system-described-again"},
      {message_code::system_not_described, "system-not-described"},
      {message_code::system_without_entries, "system-without-entries"},
      {message_code::unexpanded_variable, "unexpanded-variable"},
      {message_code::no_charts, "no-charts"},
      {message_code::chart_without_title, "chart-without-title"},
      {message_code::chart_without_unit, "chart-without-unit"},
      {message_code::chart_without_options, "chart-without-options"},
      {message_code::chart_without_direction, "chart-without-direction"},
      {message_code::chart_merged, "chart-merged"},
      {message_code::direction_unknown, "direction-unknown"},
      {message_code::value_not_a_number, "value-not-a-number"},
      {message_code::series_not_numbers, "series-not-numbers"},
      {message_code::pass_fail_unknown, "pass-fail-unknown"},
      {message_code::value_with_commas, "value-with-commas"},
      {message_code::runs_not_numbers, "runs-not-numbers"},
      {message_code::system_without_identifier, "system-without-identifier"},
      {message_code::old_layout, "old-layout"},
      {message_code::input_cut, "input-cut"},
      {message_code::bar_disagrees, "bar-disagrees"},
      {message_code::session_prompt, "session-prompt"},
      {message_code::system_value_end_guessed, "system-value-end-guessed"},
      {message_code::header_without_mark, "header-without-mark"},
      {message_code::header_split_guessed, "header-split-guessed"},
      {message_code::text_after_entries, "text-after-entries"},
      {message_code::system_details_without_label, "system-details-without-label"},
      {message_code::entries_without_bars, "entries-without-bars"},
      {message_code::entries_without_dots, "entries-without-dots"},
      {message_code::doctype_ignored, "doctype-ignored"},
      {message_code::no_generated, "no-generated"},
      {message_code::entry_json_not_an_object, "entry-json-not-an-object"},
      {message_code::json_not_a_string, "json-not-a-string"},
      {message_code::json_not_an_object, "json-not-an-object"},
      {message_code::json_member_repeated, "json-member-repeated"},
      {message_code::json_unknown_member, "json-unknown-member"},
      {message_code::json_value_unreadable, "json-value-unreadable"},
      {message_code::system_identifier_differs, "system-identifier-differs"},
      {message_code::csv_system_unnamed, "csv-system-unnamed"},
      {message_code::csv_unknown_key, "csv-unknown-key"},
      {message_code::csv_unexpected_cell, "csv-unexpected-cell"},
      {message_code::csv_extra_cells, "csv-extra-cells"},
      {message_code::csv_stray_column, "csv-stray-column"},
      {message_code::csv_aligned_with_blanks, "csv-aligned-with-blanks"},
      {message_code::csv_header_differs, "csv-header-differs"},
      {message_code::csv_results_header_missing, "csv-results-header-missing"},
      {message_code::csv_header_repeated, "csv-header-repeated"},
      {message_code::html_disk_details_unreadable, "html-disk-details-unreadable"},
      {message_code::html_summary_unusable, "html-summary-unusable"},
      {message_code::html_summary_disagrees, "html-summary-disagrees"},
      {message_code::html_summary_missing, "html-summary-missing"},
      {message_code::html_digits_ambiguous, "html-digits-ambiguous"},
      {message_code::html_errors_unmatched, "html-errors-unmatched"},
      {message_code::html_system_table_unreadable, "html-system-table-unreadable"},
      {message_code::baseline_not_found, "baseline-not-found"},
      {message_code::no_baseline, "no-baseline"},
      {message_code::baseline_noop, "baseline-noop"},
      {message_code::baseline_ambiguous, "baseline-ambiguous"},
      {message_code::bootstrap_too_large, "bootstrap-too-large"},
      {message_code::trend_too_large, "trend-too-large"},
      {message_code::runs_without_point, "runs-without-point"},
      {message_code::runs_not_positive, "runs-not-positive"},
      {message_code::baseline_point_not_found, "baseline-point-not-found"},
      {message_code::baseline_point, "baseline-point"},
      {message_code::series_without_baseline, "series-without-baseline"},
      {message_code::geomean_without_common_tests, "geomean-without-common-tests"},
      {message_code::no_kernel_version, "no-kernel-version"},
  };
};

/// The code as programs and iosr-json spell it: kebab-case (`chart-repeated`).
constexpr std::string_view to_string(message_code c) { return name_of(c); }

/// What a comparison or a trend says about itself (which baseline was chosen, what was left
/// out): the text users read, and its code for programs.
struct note {
  message_code code = message_code::unspecified;
  std::string text;
  bool operator==(const note&) const = default;
};

}  // namespace iosr
