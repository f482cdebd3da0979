// SPDX-License-Identifier: MIT
// The regression gate of run_compare() (docs/compare.md, "The regression gate"): what it
// checked, what tripped it, and what it expected and did not find. A gate that checked nothing
// is no pass, and a result lost in the candidate is no gap to pass over.
#include "operations/gate.hpp"

#include <algorithm>
#include <cstddef>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace iosr::detail {

namespace {

// A value the others can be measured against, as compare measures them (measure.cpp).
bool has_magnitude(const compared_entry& e) {
  return e.value && (e.kind == entry_kind::number || e.kind == entry_kind::series);
}

// The members of each compare group, in configuration order.
std::vector<std::vector<std::size_t>> members_of(const comparison& c) {
  std::vector<std::vector<std::size_t>> members(c.compare_groups.size());
  for (std::size_t i = 0; i < c.configurations.size(); ++i) {
    members[c.configurations[i].compare_group].push_back(i);
  }
  return members;
}

// Per test, the members of a group with a baseline that have no entry where the baseline has a
// value (a benchmark that crashed and left nothing), and those whose run failed there.
void find_missing_entries(const comparison& c,
                          const std::vector<std::vector<std::size_t>>& members,
                          std::vector<gate_missing>& missing) {
  std::vector<std::size_t> present;
  std::vector<const compared_entry*> base(c.compare_groups.size());
  for (std::size_t t = 0; t < c.tests.size(); ++t) {
    const auto& entries = c.tests[t].entries;
    std::fill(base.begin(), base.end(), nullptr);
    present.clear();
    for (const auto& e : entries) {
      const auto g = c.configurations[e.configuration].compare_group;
      if (c.compare_groups[g].baseline == e.configuration && has_magnitude(e)) base[g] = &e;
      present.push_back(e.configuration);
    }
    std::sort(present.begin(), present.end());
    std::vector<gate_missing> here;
    for (std::size_t k = 0; k < entries.size(); ++k) {
      const auto& e = entries[k];
      if (e.missing == missing_figure::failed &&
          base[c.configurations[e.configuration].compare_group]) {
        here.push_back({e.configuration, t, k, {}});
      }
    }
    for (std::size_t g = 0; g < base.size(); ++g) {
      if (!base[g]) continue;
      for (const auto i : members[g]) {
        if (!std::binary_search(present.begin(), present.end(), i)) {
          here.push_back({i, t, {}, {}});
        }
      }
    }
    std::sort(here.begin(), here.end(), [](const gate_missing& a, const gate_missing& b) {
      return a.configuration < b.configuration;
    });
    missing.insert(missing.end(), here.begin(), here.end());
  }
}

// In a group over several inputs, each configuration of the baseline's input that another
// input of the group has no configuration of the same label for: a whole configuration lost.
void find_missing_configurations(const comparison& c,
                                 const std::vector<std::vector<std::size_t>>& members,
                                 std::vector<gate_missing>& missing) {
  for (std::size_t g = 0; g < c.compare_groups.size(); ++g) {
    const auto& baseline = c.compare_groups[g].baseline;
    if (!baseline) continue;
    const std::size_t home = c.configurations[*baseline].input;
    std::set<std::size_t> inputs;
    std::set<std::pair<std::size_t, std::string>> labels;  // (input, label as written)
    for (const auto i : members[g]) {
      inputs.insert(c.configurations[i].input);
      labels.emplace(c.configurations[i].input, c.configurations[i].source_label);
    }
    for (const auto input : inputs) {
      if (input == home) continue;
      for (const auto i : members[g]) {
        const auto& conf = c.configurations[i];
        if (conf.input == home && !labels.count({input, conf.source_label})) {
          missing.push_back({i, {}, {}, input});
        }
      }
    }
  }
}

}  // namespace

void apply_gate(const compare_request& request, compare_outcome& out) {
  const comparison& c = out.result;
  for (auto& r : find_regressions(c, *request.fail_if_worse, request.gate_skip_noise)) {
    // A failed run is something missing, which --allow-missing may accept, not a measure.
    if (c.tests[r.test].entries[r.entry].missing == missing_figure::failed) continue;
    (r.excluded ? out.excluded : out.regressions).push_back(r);
  }
  const auto members = members_of(c);
  find_missing_entries(c, members, out.missing);
  find_missing_configurations(c, members, out.missing);

  auto& counts = out.counts;
  for (const auto& group : c.compare_groups) {
    if (!group.baseline) ++counts.groups_without_baseline;
  }
  // A throughput of 0 or below against a value has no ratio, but was measured: a regression.
  std::set<std::pair<std::size_t, std::size_t>> measured;
  for (const auto* found : {&out.regressions, &out.excluded}) {
    for (const auto& r : *found) measured.emplace(r.test, r.entry);
  }
  std::vector<bool> against(c.configurations.size());
  for (std::size_t t = 0; t < c.tests.size(); ++t) {
    for (std::size_t k = 0; k < c.tests[t].entries.size(); ++k) {
      const auto& e = c.tests[t].entries[k];
      const auto& group = c.compare_groups[c.configurations[e.configuration].compare_group];
      if (group.baseline == e.configuration) continue;  // measured against nothing
      if (!group.baseline) {
        ++counts.not_checked;
        ++counts.without_baseline;
      } else if (e.ratio || measured.count({t, k})) {
        ++counts.checked;
        against[*group.baseline] = true;
      } else if (e.missing != missing_figure::failed || e.baseline_value_text.empty()) {
        ++counts.not_checked;  // a failed run against a value is missing instead
      }
    }
  }
  for (std::size_t i = 0; i < against.size(); ++i) {
    if (against[i]) counts.baselines.push_back(i);
  }
  const bool missing_trips = !out.missing.empty() && !request.allow_missing;
  if (counts.checked == 0 && !missing_trips) {
    out.verdict = gate_verdict::nothing_checked;
  } else if (!out.regressions.empty() || missing_trips) {
    out.verdict = gate_verdict::tripped;
  } else {
    out.verdict = gate_verdict::passed;
  }
}

}  // namespace iosr::detail
