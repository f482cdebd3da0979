// SPDX-License-Identifier: MIT
// The texts every comparison renderer shows alike for how sure a figure is: intervals, the
// noise mark, the confidence level and the legend that explains them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "iosr/compare.hpp"

namespace iosr::detail {

/// `[-6.3, -3.4]`: the delta's interval in percent, one decimal as delta_text(); empty when the
/// entry has none.
std::string delta_interval_text(const compared_entry& e);

/// `[0.970, 0.975]`: a configuration's interval of its geometric mean ratio, three decimals as
/// ratio_text(); empty when it has none.
std::string geomean_interval_text(const configuration& conf);

/// `95%`: the confidence level of the geometric means' intervals (`--ci`).
std::string level_text(const comparison& c);

/// `99.76%`: the false-coverage-adjusted level of the delta intervals
/// (comparison_statistics::delta_confidence), to four significant digits.
std::string delta_level_text(const comparison& c);

/// What follows a delta: `~` (within the noise), `n<3` (too few runs to call), or nothing
/// (significant, or unknown).
std::string_view noise_mark(const compared_entry& e);

/// Whether any entry of the test has a delta interval.
bool any_delta_interval(const compared_test& test);

/// Whether any entry of the comparison has a delta interval.
bool any_delta_interval(const comparison& c);

/// Whether any configuration has a geometric mean interval.
bool any_geomean_interval(const comparison& c);

/// The sentences that explain the intervals and the noise mark of this comparison, plain text
/// and not yet escaped; each format lays them out. Only what the comparison shows is explained,
/// and a comparison without runs or standard errors says so.
std::vector<std::string> statistics_legend(const comparison& c);

}  // namespace iosr::detail
