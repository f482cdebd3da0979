// SPDX-License-Identifier: MIT
// The comparison as Bencher Metric Format (BMF) JSON, so that Bencher tracks PTS results as it
// tracks any benchmark: `{BENCHMARK: {MEASURE: {value, lower_value, upper_value}}}`. What the
// names are built from and what each measure and bound means is docs/ci-reports.md, "BMF".
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "render/comparison/comparison_cells.hpp"
#include "render/comparison/comparison_formats.hpp"
#include "render/json_document.hpp"

namespace iosr::detail {

namespace {

using json = nlohmann::ordered_json;

// The measures iosr adds beside a test's own unit. A unit spelled as one of them (or empty,
// or longer than Bencher's 64-character limit on a measure's name) is tracked as `value`.
constexpr std::string_view ratio_measure = "performance-ratio";
constexpr std::string_view delta_measure = "delta-percent";
constexpr std::string_view geomean_measure = "geomean-ratio";
constexpr std::string_view plain_measure = "value";
constexpr std::size_t max_measure_name = 64;

std::string unit_measure(const std::string& unit) {
  if (unit.empty() || unit.size() > max_measure_name || unit == ratio_measure ||
      unit == delta_measure || unit == geomean_measure) {
    return std::string(plain_measure);
  }
  return unit;
}

// BMF numbers must be finite: JSON has no infinity, and the schema asks for a number.
bool finite(const std::optional<double>& v) { return v && std::isfinite(*v); }

json metric(double value, const std::optional<double>& low, const std::optional<double>& high) {
  json m = {{"value", value}};
  if (finite(low) && finite(high)) {
    m["lower_value"] = *low;
    m["upper_value"] = *high;
  }
  return m;
}

// A benchmark's name must be unique in the document: a name taken already (a chart repeated in
// one file, matched by occurrence) gets ` #2`, ` #3` in file order, which stays the same from
// one run of the same tests to the next.
class unique_names {
 public:
  std::string take(const std::string& name) {
    std::string candidate = name;
    for (int n = 2; !used_.insert(candidate).second; ++n) {
      candidate = name + " #" + std::to_string(n);
    }
    return candidate;
  }

 private:
  std::set<std::string> used_;
};

}  // namespace

void render_bmf_comparison(const comparison& c, const comparison_render_options&,
                           std::string& out) {
  json doc = json::object();
  unique_names names;
  for (const auto& test : c.tests) {
    std::string name = test_heading(test);
    if (!test.unit.empty()) name += " [" + test.unit + "]";
    const auto measure = unit_measure(test.unit);
    for (const auto& e : test.entries) {
      if (!finite(e.value)) continue;  // failed, pass/fail, text: no number to track
      json measures = json::object();
      std::optional<double> low, high;
      if (finite(e.standard_error)) {
        low = *e.value - *e.standard_error;
        high = *e.value + *e.standard_error;
      }
      measures[measure] = metric(*e.value, low, high);
      if (!is_baseline(c, e.configuration)) {
        if (finite(e.ratio)) measures[std::string(ratio_measure)] = metric(*e.ratio, {}, {});
        if (finite(e.delta_pct)) {
          measures[std::string(delta_measure)] =
              metric(*e.delta_pct, e.delta_ci_low, e.delta_ci_high);
        }
      }
      doc[names.take(name + " @ " + c.configurations[e.configuration].label)] = std::move(measures);
    }
  }
  for (const auto i : c.summary_order) {
    const auto& conf = c.configurations[i];
    if (is_baseline(c, i) || !finite(conf.geomean_ratio)) continue;
    doc[names.take("geometric mean @ " + conf.label)] = {
        {geomean_measure, metric(*conf.geomean_ratio, conf.geomean_ci_low, conf.geomean_ci_high)}};
  }
  append_json_document(out, doc);
  out += '\n';
}

}  // namespace iosr::detail
