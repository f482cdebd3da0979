// SPDX-License-Identifier: MIT
// What the readers of PTS's stored results share (composite.xml and its JSON and CSV exports):
// how a stored value becomes an entry, the standard error of its runs, a chart's direction from
// its Proportion, and the scheduler from a system's JSON or notes.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "iosr/model.hpp"

namespace iosr::detail {

/// Sets kind, value, min and max of `e` from its non-empty value_text, read the way PTS stores
/// it for the chart's display format (model.md, "Entry kinds"): PASS/FAIL, a comma list for a
/// line graph, text for images, else a number. Returns what is odd about the value (its text to
/// be prefixed with the entry and chart), or an empty text.
struct value_oddity {
  message_code code = message_code::unspecified;
  std::string text;
  bool empty() const { return text.empty(); }
};
value_oddity read_stored_value(entry& e, const display_format& format);

/// Whether a pass/fail value as PTS writes it passed: `PASS` (and PTS's `PASSED`, `TRUE`, `1`)
/// or failed: `FAIL` (`FAILED`, `FALSE`, `0`); empty for anything else.
std::optional<bool> pass_fail_outcome(std::string_view text);

/// THE direction of a chart as PTS stores it (composite.xml's `Proportion`, legacy layout
/// included, the JSON export's `proportion`, the CSV export's second cell): `HIB` is higher is
/// better, `LIB` lower; empty and `ABSTRACT` (PTS's word for a chart without one) are no
/// direction. Anything else is no direction too, and `unknown` holds the text of the warning
/// (code direction-unknown) for the reader to place; `member` names where it was read.
struct stored_direction {
  direction value = direction::none;
  std::string unknown;
};
stored_direction direction_of_proportion(std::string_view proportion, std::string_view member);

/// Sets sample_count and standard_error of `e` from its samples, as PTS computes them
/// (docs/composite-xml.md, "Samples and standard error"): N counts every run, the statistics
/// use the numeric ones. False when some run is not a number.
bool fill_standard_error(entry& e);

/// The string members named `keys` at the top of the JSON object `text` (PTS's JSON of an entry
/// or a system) into `found`, one per key: the last member's string, or an empty one when it is
/// absent or not a string (later duplicates win, as in nlohmann's document, PHP and PTS). False,
/// with nothing found, when `text` is not a JSON object. Read with nlohmann's SAX parser:
/// building the document for a member or two was most of the cost.
bool json_string_members(std::string_view text, std::span<const char* const> keys,
                         std::span<std::string> found);

/// Fills a system's scheduler from its JSON `disk-scheduler` or its notes
/// (`Disk Scheduler: DEADLINE.`) when the label names none.
void fill_scheduler(system& s);

}  // namespace iosr::detail
