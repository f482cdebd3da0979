// SPDX-License-Identifier: MIT
// The comparison as one JSON document (schema: docs/compare.md): `rows` has the CSV's columns
// with numbers as numbers, and the summary, groups, unmatched tests and notes come with it.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "render/comparison/comparison_cells.hpp"
#include "render/comparison/comparison_formats.hpp"
#include "render/comparison/summary_blocks.hpp"
#include "render/json_document.hpp"

namespace iosr::detail {

namespace {

using json = nlohmann::ordered_json;

constexpr int schema_version = 4;

template <typename T>
json or_null(const std::optional<T>& v) {
  return v ? json(*v) : json(nullptr);
}

json row(const comparison& c, const compared_test& test, const compared_entry& e) {
  const auto& conf = c.configurations[e.configuration];
  const auto& group = c.compare_groups[conf.compare_group];
  return {
      {"file", c.inputs[conf.input].source_name},
      {"result_title", test.title},
      {"version", test.version},
      {"description", test.description},
      {"unit", test.unit},
      {"direction", to_string(test.direction)},
      {"label", conf.source_label},
      {"group", conf.system_group},
      {"name", conf.name},
      {"scheduler", conf.scheduler},
      {"value", e.value_text},
      {"baseline_label",
       group.baseline ? json(c.configurations[*group.baseline].label) : json(nullptr)},
      {"baseline_value",
       e.baseline_value_text.empty() ? json(nullptr) : json(e.baseline_value_text)},
      {"delta_pct", or_null(e.delta_pct)},
      {"ratio", or_null(e.ratio)},
      {"rank", e.rank > 0 ? json(e.rank) : json(nullptr)},
      {"noise", to_string(e.noise)},
      {"shown_label", conf.label},
      {"compare_group", group.name},
      {"kind", to_string(e.kind)},
      {"p_value", or_null(e.p_value)},
      {"standard_error", or_null(e.standard_error)},
      {"sample_count", or_null(e.sample_count)},
      // schema version 2
      {"p_adjusted", or_null(e.p_adjusted)},
      {"delta_ci_low", or_null(e.delta_ci_low)},
      {"delta_ci_high", or_null(e.delta_ci_high)},
      {"n", or_null(e.n)},
      {"baseline_n", or_null(e.baseline_n)},
      {"outlier_runs", or_null(e.outlier_runs)},
      {"runs", e.runs},
      // schema version 3
      {"geomean_share", or_null(e.geomean_share)},
      {"missing", e.missing == missing_figure::none ? json(nullptr) : json(missing_text(e))},
      // schema version 4
      {"detectable_pct", or_null(e.detectable_pct)},
      {"runs_disagree", e.runs_disagree},
  };
}

// The numbers behind a summary row, as numbers.
json summary(const comparison& c, const summary_row& row) {
  const auto& conf = c.configurations[row.configuration];
  json carried = json::array();
  for (const auto t : conf.carried_by) carried.push_back(test_heading(c.tests[t]));
  json lost = json::array();
  for (const auto t : conf.lost_tests) lost.push_back(test_heading(c.tests[t]));
  return {
      {"label", conf.label},
      {"file", c.inputs[conf.input].source_name},
      {"compare_group", c.compare_groups[conf.compare_group].name},
      {"is_baseline", row.is_baseline},
      {"geomean_ratio", or_null(conf.geomean_ratio)},
      {"tests_compared", conf.tests_compared},
      {"tests_total", conf.tests_total},
      {"first_places", conf.first_places},
      {"last_places", conf.last_places},
      {"mean_rank", or_null(conf.mean_rank)},
      // schema version 2
      {"geomean_ci_low", or_null(conf.geomean_ci_low)},
      {"geomean_ci_high", or_null(conf.geomean_ci_high)},
      {"geomean_ci_tests", conf.geomean_ci_tests},
      // schema version 3
      {"carried_by", carried},
      {"geomean_without", or_null(conf.geomean_without)},
      // schema version 4
      {"lost_tests", lost},
  };
}

}  // namespace

void render_json_comparison(const comparison& c, const comparison_render_options&,
                            std::string& out) {
  json doc = {{"schema", "iosr-compare"}, {"schema_version", schema_version}};
  json& inputs = doc["inputs"] = json::array();
  for (const auto& in : c.inputs) {
    inputs.push_back(
        {{"file", in.source_name}, {"short_name", in.short_name}, {"title", in.title}});
  }
  json& groups = doc["groups"] = json::array();
  for (const auto& g : c.compare_groups) {
    groups.push_back(
        {{"name", g.name},
         {"baseline", g.baseline ? json(c.configurations[*g.baseline].label) : json(nullptr)}});
  }
  json& rows = doc["rows"] = json::array();
  for (const auto& test : c.tests) {
    for (const auto& e : test.entries) rows.push_back(row(c, test, e));
  }
  json& summaries = doc["summary"] = json::array();
  for (const auto& row : summary_rows(c)) summaries.push_back(summary(c, row));
  json& unmatched = doc["unmatched"] = json::array();
  for (const auto& row : unmatched_rows(c)) {
    const auto& test = c.tests[row.test];
    json files = json::array();
    for (auto i : test.inputs) files.push_back(c.inputs[i].source_name);
    unmatched.push_back({{"result_title", test.title},
                         {"version", test.version},
                         {"description", test.description},
                         {"unit", test.unit},
                         {"files", files}});
  }
  json notes = json::array();
  for (const auto& n : c.notes) notes.push_back(n.text);
  doc["notes"] = std::move(notes);
  const auto& stats = c.statistics;
  const auto& d = stats.detectable;
  auto when = [&](double x) { return d.deltas > 0 ? json(x) : json(nullptr); };
  doc["statistics"] = {
      {"confidence", stats.confidence},
      {"alpha", stats.alpha},
      {"adjustment", "benjamini-hochberg"},
      {"p_values", stats.p_values},
      {"selected", stats.selected},
      {"delta_confidence", stats.p_values > 0 ? json(stats.delta_confidence) : json(nullptr)},
      // schema version 4
      {"geomean_interval", "t"},
      {"power", stats.power},
      {"detectable",
       {{"deltas", d.deltas},
        {"fewest_runs", d.deltas > 0 ? json(d.fewest_runs) : json(nullptr)},
        {"most_runs", d.deltas > 0 ? json(d.most_runs) : json(nullptr)},
        {"median_pct", when(d.median_pct)},
        {"largest_pct", when(d.largest_pct)},
        {"doubled_median_pct", when(d.doubled_median_pct)},
        {"doubled_largest_pct", when(d.doubled_largest_pct)}}}};
  // Invalid UTF-8 from an input must not abort the output: such bytes become U+FFFD.
  append_json_document(out, doc);
  out += '\n';
}

}  // namespace iosr::detail
