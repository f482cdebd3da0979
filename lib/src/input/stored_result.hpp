// SPDX-License-Identifier: MIT
// What the readers of PTS's stored results share (composite.xml and the JSON export): how a
// stored value becomes an entry, the standard error of its runs, the scheduler from a system's
// JSON or notes, and the checks made once a file is read.
#pragma once

#include <string>
#include <string_view>

#include "iosr/model.hpp"

namespace iosr::detail {

/// Sets kind, value, min and max of `e` from its non-empty value_text, read the way PTS stores
/// it for the chart's display format (model.md, "Entry kinds"): PASS/FAIL, a comma list for a
/// line graph, text for images, else a number. Returns what is odd about the value (to be
/// prefixed with the entry and chart), or an empty string.
std::string read_stored_value(entry& e, std::string_view display_format);

/// Sets sample_count and standard_error of `e` from its samples (formats.md §8.1): N counts
/// every run, the statistics use the numeric ones. False when some run is not a number.
bool fill_standard_error(entry& e);

/// Fills a system's scheduler from its JSON `disk-scheduler` or its notes
/// (`Disk Scheduler: DEADLINE.`) when the label names none.
void fill_scheduler(system& s);

/// Checks made once every result is read: duplicate results (the later one wins, at the earlier
/// one's place, as in PTS), duplicate entries, systems named only by entries (added, with a
/// warning), systems without entries, unexpanded PTS variables and an empty file.
void finish_stored_file(result_file& file);

}  // namespace iosr::detail
