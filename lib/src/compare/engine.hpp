// SPDX-License-Identifier: MIT
// The steps of the comparison engine, in the order compare() runs them.
#pragma once

#include <span>

#include "iosr/compare.hpp"
#include "iosr/model.hpp"

namespace iosr::detail {

/// align.cpp: names the inputs, collects the configurations (after --rename and --only) into
/// groups, and matches tests across inputs (after --filter). Configurations are in the order
/// they are first seen; entries are in input order; nothing is computed yet.
comparison align(std::span<const result_file> files, const compare_options& options);

/// baseline.cpp: picks each group's baseline and says so (or why there is none) in the notes;
/// then orders the configurations by group, the baseline first.
void choose_baselines(comparison& c, const compare_options& options);

/// measure.cpp: deltas, ratios, noise and ranks per test and group; entries ordered best first.
void measure(comparison& c);

/// summary.cpp: each configuration's geometric mean ratio, places and mean rank; test order.
void summarize(comparison& c, test_order order);

}  // namespace iosr::detail
