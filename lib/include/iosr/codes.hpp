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

  // The block finder (docs/blocks.md).
  block_found,
  block_cut,
  block_not_read,
  block_repeated,

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
  value_out_of_range,  ///< a stored value is a number no double holds; kept as text
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

  // The reader of PTS's HTML export.
  pts_html_rounded,
  pts_html_chart_not_read,
  pts_html_value_not_printed,

  // Notes of a comparison (iosr::comparison::notes).
  baseline_not_found,
  no_baseline,
  baseline_noop,
  baseline_ambiguous,
  bootstrap_too_large,

  // Notes of a merge (iosr::merge_outcome::notes).
  identifier_collision,
  files_share_no_test,
  charts_not_in_every_file,

  // Notes of a trend (iosr::trend::notes).
  trend_too_large,
  runs_without_point,
  runs_not_positive,
  /// Retired: a --baseline that names no point is a usage error now. Kept, since codes are
  /// only ever added.
  baseline_point_not_found,
  baseline_point,
  series_without_baseline,
  geomean_without_common_tests,
  no_kernel_version,

  // The reader of PTS's run output.
  run_identifier_not_named,
  run_average_disagrees,
  run_export_merged,
  run_average_beside,

  // Notes of a merge or an edit (iosr::merge_outcome::notes, apply_edits()).
  system_left_without_entries,

  // The reader of PTS's standalone graphs (a result-graphs folder).
  pts_graph_heading_split,
  pts_graph_unit_unknown,
  pts_graph_table_disagrees,
  pts_graph_file_not_read,
  pts_graph_overview_unused,

  // The readers of tables: iosr's own (iosr-table), and people's (table, --from table).
  iosr_table_inputs_joined,
  table_heading_split,
  table_options_reassembled,
  table_value_not_read,
  table_row_cells,
};

template <>
struct enum_names<message_code> {
  // In the order of the enum: names[i] is the name of the value i.
  static constexpr std::string_view names[] = {"unspecified",
                                               "mime-part-read",
                                               "mime-headers-skipped",
                                               "mime-part-ignored",
                                               "transfer-decoded",
                                               "transfer-encoding-unknown",
                                               "charset-converted",
                                               "charset-mislabelled",
                                               "charset-unknown",
                                               "flowed-joined",
                                               "html-page",
                                               "carriage-return-line-ends",
                                               "terminal-controls",
                                               "invisible-characters",
                                               "quoting-removed",
                                               "double-spacing-removed",
                                               "block-found",
                                               "block-cut",
                                               "block-not-read",
                                               "block-repeated",
                                               "chart-without-entries",
                                               "chart-repeated",
                                               "entry-repeated",
                                               "system-described-again",
                                               "system-not-described",
                                               "system-without-entries",
                                               "unexpanded-variable",
                                               "no-charts",
                                               "chart-without-title",
                                               "chart-without-unit",
                                               "chart-without-options",
                                               "chart-without-direction",
                                               "chart-merged",
                                               "direction-unknown",
                                               "value-not-a-number",
                                               "value-out-of-range",
                                               "series-not-numbers",
                                               "pass-fail-unknown",
                                               "value-with-commas",
                                               "runs-not-numbers",
                                               "system-without-identifier",
                                               "old-layout",
                                               "input-cut",
                                               "bar-disagrees",
                                               "session-prompt",
                                               "system-value-end-guessed",
                                               "header-without-mark",
                                               "header-split-guessed",
                                               "text-after-entries",
                                               "system-details-without-label",
                                               "entries-without-bars",
                                               "entries-without-dots",
                                               "doctype-ignored",
                                               "no-generated",
                                               "entry-json-not-an-object",
                                               "json-not-a-string",
                                               "json-not-an-object",
                                               "json-member-repeated",
                                               "json-unknown-member",
                                               "json-value-unreadable",
                                               "system-identifier-differs",
                                               "csv-system-unnamed",
                                               "csv-unknown-key",
                                               "csv-unexpected-cell",
                                               "csv-extra-cells",
                                               "csv-stray-column",
                                               "csv-aligned-with-blanks",
                                               "csv-header-differs",
                                               "csv-results-header-missing",
                                               "csv-header-repeated",
                                               "html-disk-details-unreadable",
                                               "html-summary-unusable",
                                               "html-summary-disagrees",
                                               "html-summary-missing",
                                               "html-digits-ambiguous",
                                               "html-errors-unmatched",
                                               "html-system-table-unreadable",
                                               "pts-html-rounded",
                                               "pts-html-chart-not-read",
                                               "pts-html-value-not-printed",
                                               "baseline-not-found",
                                               "no-baseline",
                                               "baseline-noop",
                                               "baseline-ambiguous",
                                               "bootstrap-too-large",
                                               "identifier-collision",
                                               "files-share-no-test",
                                               "charts-not-in-every-file",
                                               "trend-too-large",
                                               "runs-without-point",
                                               "runs-not-positive",
                                               "baseline-point-not-found",
                                               "baseline-point",
                                               "series-without-baseline",
                                               "geomean-without-common-tests",
                                               "no-kernel-version",
                                               "run-identifier-not-named",
                                               "run-average-disagrees",
                                               "run-export-merged",
                                               "run-average-beside",
                                               "system-left-without-entries",
                                               "pts-graph-heading-split",
                                               "pts-graph-unit-unknown",
                                               "pts-graph-table-disagrees",
                                               "pts-graph-file-not-read",
                                               "pts-graph-overview-unused",
                                               "iosr-table-inputs-joined",
                                               "table-heading-split",
                                               "table-options-reassembled",
                                               "table-value-not-read",
                                               "table-row-cells"};
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
