// SPDX-License-Identifier: MIT
// The text export a run output holds after PTS's `view the text results` prompt: read through
// the registry's pts-text reader and merged with the run's charts (docs/pts-run-output.md).
#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>

#include "input/reader_context.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"

namespace iosr::detail::run_log {

/// Reads ctx.text [begin, end) as a text export into `shown`, positions mapped as ctx's; false,
/// with the reason in `why`, when it is not one (a limit passed is thrown).
bool read_shown_export(const reader_context& ctx, std::size_t begin, std::size_t end,
                       const read_options& options, result_file& shown, std::string& why);

/// Merges `shown` into ctx.out: a chart of the export that is one of the run output's (title,
/// version, description, unit, in order) gives its direction, its value for each entry the run
/// output has (the runs stay; a warning says the run output's average beside it) and entries of
/// the other systems; other charts and systems are added. `unnamed_label`: the run's label when
/// the output named none, which the export's one new label replaces. `chart_keys` gets a key
/// (of its own) for each chart added. A warning at `prompt` says what was merged.
void merge_shown_export(const reader_context& ctx, result_file&& shown, std::size_t prompt,
                        const std::string& unnamed_label,
                        std::unordered_map<std::string, std::size_t>& chart_keys);

}  // namespace iosr::detail::run_log
