// SPDX-License-Identifier: MIT
// The gate's words (iosr/ci_reports.hpp): what it found missing, and its verdict in one line
// that says what it checked, for standard error, the step summary and the JUnit report alike.
#include <fmt/format.h>

#include <cstddef>
#include <string>
#include <vector>

#include "iosr/ci_reports.hpp"
#include "iosr/counted.hpp"
#include "iosr/error.hpp"

namespace iosr {

namespace {

// `fio: Type: Random Read`, as regression_text() names a test.
std::string test_name(const compared_test& test) {
  return test.title + (test.description.empty() ? "" : ": ") + test.description;
}

// `None`, `a.xml: None and b.xml: None`, `3 baselines`.
std::string baselines_text(const comparison& c, const std::vector<std::size_t>& baselines) {
  if (baselines.size() == 1) return c.configurations[baselines[0]].label;
  if (baselines.size() == 2) {
    return c.configurations[baselines[0]].label + " and " + c.configurations[baselines[1]].label;
  }
  return counted(baselines.size(), "baseline");
}

// What --gate-skip-noise left out, by why: `3 within the noise and 1 with fewer than 3 runs`.
std::string not_counted_text(const compare_outcome& outcome) {
  std::size_t noise = 0, few = 0;
  for (const auto& r : outcome.excluded) {
    const auto& e = outcome.result.tests[r.test].entries[r.entry];
    ++(e.noise == noise::few_runs ? few : noise);
  }
  std::string out;
  if (noise) out = std::to_string(noise) + " within the noise";
  if (few) out += (out.empty() ? "" : " and ") + std::to_string(few) + " with fewer than 3 runs";
  return out.empty() ? out : out + " not counted";
}

}  // namespace

std::string gate_missing_text(const comparison& c, const gate_missing& m) {
  const auto& conf = c.configurations[m.configuration];
  const auto& baseline = c.compare_groups[conf.compare_group].baseline;
  const std::string base_label = baseline ? c.configurations[*baseline].label : std::string();
  if (!m.test) {
    const auto& lacking = c.inputs[m.input.value_or(0)].short_name;
    return lacking + " has no configuration " + conf.source_label +
           ", which the baseline's input " + c.inputs[conf.input].short_name + " has";
  }
  const auto& test = c.tests[*m.test];
  if (m.entry) {
    const auto& e = test.entries[*m.entry];
    return test_name(test) + ": " + conf.label + " failed" +
           (e.error.empty() ? std::string() : " (" + e.error + ")") + " where " + base_label +
           " has " + e.baseline_value_text;
  }
  std::string base_value;
  for (const auto& e : test.entries) {
    if (baseline && e.configuration == *baseline) base_value = e.value_text;
  }
  return test_name(test) + ": " + conf.label + " has no result where " + base_label + " has " +
         base_value;
}

std::string gate_summary_text(const compare_outcome& outcome, const compare_request& request) {
  if (!request.fail_if_worse) {
    throw error(error_kind::usage, "the gate's verdict needs the gate (--fail-if-worse)");
  }
  const comparison& c = outcome.result;
  const auto& n = outcome.counts;
  const auto limit = fmt::format("{}%", *request.fail_if_worse);
  if (outcome.verdict == gate_verdict::nothing_checked) {
    std::string why =
        n.groups_without_baseline == c.compare_groups.size()
            ? std::string(c.compare_groups.size() == 1 ? "the comparison has no baseline"
                                                       : "no compare group has a baseline") +
                  " (name one with --baseline)"
            : "no entry has a performance ratio against its baseline (" +
                  counted(n.not_checked, "entry", "entries") + " without one)";
    if (!outcome.missing.empty()) {
      why += "; " + std::to_string(outcome.missing.size()) + " missing, accepted (--allow-missing)";
    }
    return "the gate checked nothing: " + why;
  }
  const auto checked = counted(n.checked, "entry", "entries") + " checked against " +
                       baselines_text(c, n.baselines);
  std::string out;
  if (outcome.verdict == gate_verdict::passed) {
    out = "gate passed: " + checked + ", none worse than " + limit;
  } else {
    out = "gate tripped: ";
    if (!outcome.regressions.empty()) {
      const auto worse = outcome.regressions.size();
      out += std::to_string(worse) + " of " + checked + (worse == 1 ? " is" : " are") +
             " worse than " + limit;
      if (!outcome.missing.empty() && !request.allow_missing) {
        out += "; " + std::to_string(outcome.missing.size()) +
               " missing where the baseline has a value";
      }
    } else {
      out += std::to_string(outcome.missing.size()) + " missing where the baseline has a value; " +
             checked + ", none worse than " + limit;
    }
  }
  std::vector<std::string> notes;
  if (const auto left = not_counted_text(outcome); !left.empty()) notes.push_back(left);
  if (!outcome.missing.empty() && request.allow_missing) {
    notes.push_back(std::to_string(outcome.missing.size()) + " missing, accepted (--allow-missing)");
  }
  if (const auto without = n.not_checked - n.without_baseline; without > 0) {
    notes.push_back(std::to_string(without) + " without a performance ratio not checked");
  }
  if (n.without_baseline > 0) {
    notes.push_back(std::to_string(n.without_baseline) + " in " +
                    counted(n.groups_without_baseline, "compare group") +
                    " without a baseline not checked");
  }
  for (const auto& note : notes) out += "; " + note;
  return out;
}

}  // namespace iosr
