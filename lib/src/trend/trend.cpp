// SPDX-License-Identifier: MIT
// compute_trend(): the engine's steps in order (trend_steps.hpp): tests matched, machines,
// points and configurations found, runs placed, baselines chosen, series and geometric means
// measured.
#include "iosr/trend.hpp"

#include <vector>

#include "iosr/error.hpp"
#include "trend/trend_steps.hpp"

namespace iosr {

void detail::stop_if_asked(const trend_options& options) {
  if (options.stop.stop_requested()) {
    throw error(error_kind::limit, "the trend was stopped before it was done");
  }
}

namespace {

// compute_trend(), letting go of `*release` (the input's runs) once they are placed.
trend compute(const trend_input& in, const trend_options& options,
              std::vector<trend_run>* release) {
  trend out;
  out.by = options.by;
  out.alpha = options.alpha;
  out.min_step = options.min_step;
  detail::stop_if_asked(options);
  const auto test_of = detail::match_tests(in, options, out);
  const auto machine_of = detail::find_machines(in, options, out);
  // Machines are numbered among every machine of the input, before any is left out: a number
  // read from any output names that machine with any other options, and a store can choose a
  // machine by its number from its systems alone (store::load_trend_input).
  detail::number_machines(out);
  const auto machine_count = out.machines.size();
  const auto point_of = detail::find_points(in, options, test_of, out);
  const auto configuration_of = detail::find_configurations(in, options, machine_of, out);
  if (!detail::keys_fit(out)) return out;
  detail::stop_if_asked(options);
  auto runs = detail::place_runs(in, options, test_of, point_of, configuration_of, out);
  // Let go before the sort, whose radix passes take a second copy of the placed runs.
  if (release != nullptr) std::vector<trend_run>().swap(*release);
  detail::sort_runs(runs, out);
  detail::stop_if_asked(options);
  const auto baselines = detail::choose_baselines(in, options, configuration_of, runs, out);
  const auto logs = detail::measure_series(options, runs, baselines, out);
  detail::stop_if_asked(options);
  detail::measure_geomeans(options, logs, baselines, out);
  detail::note_baseline_point(out);
  detail::keep_shown(out);
  if (!options.only.empty()) {
    detail::keep_only(in, options, configuration_of, out);
    detail::keep_shown(out);
  }
  if (!options.machines.empty()) {
    detail::keep_machines(options, machine_count, out);
    detail::keep_shown(out);
  }
  return out;
}

}  // namespace

trend compute_trend(const trend_input& in, const trend_options& options) {
  return compute(in, options, nullptr);
}

trend compute_trend(trend_input&& in, const trend_options& options) {
  return compute(in, options, &in.runs);
}

}  // namespace iosr
