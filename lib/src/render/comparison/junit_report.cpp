// SPDX-License-Identifier: MIT
// The regression gate as JUnit XML (iosr/ci_reports.hpp; docs/ci-reports.md, "JUnit"): what CI
// servers show as a test report, one testcase per test and configuration measured against a
// baseline, its failure naming the figures that tripped the gate.
#include <fmt/format.h>

#include <cmath>
#include <cstddef>
#include <map>
#include <pugixml.hpp>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "iosr/ci_reports.hpp"
#include "iosr/error.hpp"
#include "render/comparison/comparison_cells.hpp"
#include "render/comparison/uncertainty_cells.hpp"
#include "render/escape.hpp"
#include "render/figures.hpp"
#include "render/test_texts.hpp"

namespace iosr {

namespace {

void set(pugi::xml_node node, const char* attribute, const std::string& value) {
  node.append_attribute(attribute).set_value(detail::xml_text(value).c_str());
}

// The figures behind a verdict, a line each, as the comparison's human formats print them.
std::string figures(const comparison& c, const compared_test& test, const compared_entry& e) {
  const auto& conf = c.configurations[e.configuration];
  const auto& baseline = c.configurations[*c.compare_groups[conf.compare_group].baseline];
  const auto about = detail::unit_about(test.unit, test.direction);
  std::string out =
      "test: " + detail::test_heading(test) + (about.empty() ? "" : " (" + about + ")");
  out += "\nvalue: " + (e.value_text.empty() ? std::string("none") : e.value_text);
  if (const auto why = detail::missing_text(e); !why.empty()) out += " (" + why + ")";
  out += "\nbaseline " + baseline.label + ": " +
         (e.baseline_value_text.empty() ? std::string("none") : e.baseline_value_text);
  if (e.delta_pct) {
    out += "\ndelta: " + detail::delta_text(e.delta_pct);
    if (const auto in = detail::delta_interval_text(e); !in.empty()) {
      out += " " + in + " (" + detail::delta_level_text(c) + " interval)";
    }
  }
  if (e.ratio) out += "\nperformance ratio: " + detail::ratio_text(e.ratio);
  out += "\nnoise: " + std::string(to_string(e.noise));
  if (e.p_adjusted) out += fmt::format(" (adjusted p {:.3g})", *e.p_adjusted);
  if (e.n && e.baseline_n) out += fmt::format("\nruns: {} against {}", *e.n, *e.baseline_n);
  return out + '\n';
}

// The limit as the gate's messages print it: `10`, `2.5`.
std::string limit_text(double limit) { return fmt::format("{}", limit); }

}  // namespace

std::string junit_report(const compare_outcome& outcome, const compare_request& request) {
  if (!request.fail_if_worse) {
    throw error(error_kind::usage, "a JUnit report needs the gate (--fail-if-worse)");
  }
  const comparison& c = outcome.result;
  const double limit = *request.fail_if_worse;
  // What the gate found, by test and entry.
  std::map<std::pair<std::size_t, std::size_t>, const regression*> tripped, excluded;
  for (const auto& r : outcome.regressions) tripped[{r.test, r.entry}] = &r;
  for (const auto& r : outcome.excluded) excluded[{r.test, r.entry}] = &r;
  // What it found missing: failed runs by test and entry, results without an entry by test,
  // whole configurations by the group of the baseline input's configuration.
  std::map<std::pair<std::size_t, std::size_t>, const gate_missing*> failed;
  std::map<std::size_t, std::vector<const gate_missing*>> lost;
  std::vector<const gate_missing*> lost_configurations;
  for (const auto& m : outcome.missing) {
    if (!m.test) {
      lost_configurations.push_back(&m);
    } else if (m.entry) {
      failed[{*m.test, *m.entry}] = &m;
    } else {
      lost[*m.test].push_back(&m);
    }
  }
  const bool accepted = request.allow_missing;

  pugi::xml_document doc;
  auto suites = doc.append_child("testsuites");
  set(suites, "name", "iosr compare --fail-if-worse " + limit_text(limit));
  std::size_t all_tests = 0, all_failures = 0, all_errors = 0;
  for (std::size_t g = 0; g < c.compare_groups.size(); ++g) {
    const auto& group = c.compare_groups[g];
    auto suite = suites.append_child("testsuite");
    set(suite, "name", group.name);
    std::size_t tests = 0, failures = 0, skipped = 0;
    // The gate's counts for this group: the testsuites together give gate_summary_text()'s.
    std::size_t checked = 0, worse = 0, not_counted = 0, missing = 0, not_checked = 0;
    auto properties = suite.append_child("properties");
    auto property = [&](const std::string& name, const std::string& value) {
      auto p = properties.append_child("property");
      set(p, "name", name);
      set(p, "value", value);
    };
    property("baseline", group.baseline ? c.configurations[*group.baseline].label : "");
    property("fail-if-worse", limit_text(limit));
    property("gate-skip-noise", request.gate_skip_noise ? "true" : "false");
    property("allow-missing", accepted ? "true" : "false");
    auto add_case = [&](const std::string& classname, const std::string& name) {
      ++tests;
      auto testcase = suite.append_child("testcase");
      set(testcase, "classname", classname);
      set(testcase, "name", name);
      return testcase;
    };
    // Something missing: a failure, or skipped when --allow-missing accepts it.
    auto add_missing = [&](pugi::xml_node testcase, const gate_missing& m, const char* type,
                           const std::string& details) {
      ++missing;
      const auto text = gate_missing_text(c, m);
      if (accepted) {
        ++skipped;
        set(testcase.append_child("skipped"), "message",
            "missing, accepted (--allow-missing): " + text);
        return;
      }
      ++failures;
      auto failure = testcase.append_child("failure");
      set(failure, "type", type);
      set(failure, "message", "missing where the baseline has a value: " + text);
      if (!details.empty()) failure.text().set(detail::xml_text(details).c_str());
    };
    for (std::size_t t = 0; t < c.tests.size(); ++t) {
      const auto& test = c.tests[t];
      for (std::size_t k = 0; k < test.entries.size(); ++k) {
        const auto& e = test.entries[k];
        const auto& conf = c.configurations[e.configuration];
        if (conf.compare_group != g || detail::is_baseline(c, e.configuration)) continue;
        auto testcase = add_case(detail::test_heading(test), conf.label);
        if (!group.baseline) {
          ++skipped;
          ++not_checked;
          set(testcase.append_child("skipped"), "message",
              "no baseline in this group: nothing to measure against");
          continue;
        }
        if (const auto found = failed.find({t, k}); found != failed.end()) {
          add_missing(testcase, *found->second, "failed-run", figures(c, test, e));
          continue;
        }
        if (const auto found = tripped.find({t, k}); found != tripped.end()) {
          ++checked;
          ++worse;
          ++failures;
          auto failure = testcase.append_child("failure");
          set(failure, "type", std::isinf(found->second->worse_pct) ? "failed-run" : "worse");
          set(failure, "message",
              "worse than the baseline by more than " + limit_text(limit) +
                  "%: " + regression_text(c, *found->second));
          failure.text().set(detail::xml_text(figures(c, test, e)).c_str());
          continue;
        }
        if (!e.ratio) {
          ++skipped;
          ++not_checked;
          const auto why = detail::missing_text(e);
          set(testcase.append_child("skipped"), "message",
              why.empty() ? "no performance ratio" : why);
          continue;
        }
        ++checked;
        std::string out = figures(c, test, e);
        if (const auto found = excluded.find({t, k}); found != excluded.end()) {
          ++not_counted;
          out = "not counted (" +
                std::string(e.noise == noise::few_runs ? "fewer than 3 runs" : "within the noise") +
                "): " + regression_text(c, *found->second) + "\n" + out;
        }
        testcase.append_child("system-out").text().set(detail::xml_text(out).c_str());
      }
      // The results the baseline has and a configuration of the group has no entry for.
      if (const auto found = lost.find(t); found != lost.end()) {
        for (const auto* m : found->second) {
          if (c.configurations[m->configuration].compare_group != g) continue;
          add_missing(add_case(detail::test_heading(test), c.configurations[m->configuration].label),
                      *m, "missing", "");
        }
      }
    }
    for (const auto* m : lost_configurations) {
      const auto& conf = c.configurations[m->configuration];
      if (conf.compare_group != g) continue;
      add_missing(add_case("configuration", c.inputs[*m->input].short_name + ": " +
                                                conf.source_label),
                  *m, "missing-configuration", "");
    }
    property("checked", std::to_string(checked));
    property("worse", std::to_string(worse));
    property("not-counted", std::to_string(not_counted));
    property(accepted ? "missing-accepted" : "missing", std::to_string(missing));
    property("not-checked", std::to_string(not_checked));
    set(suite, "tests", std::to_string(tests));
    set(suite, "failures", std::to_string(failures));
    set(suite, "errors", "0");
    set(suite, "skipped", std::to_string(skipped));
    all_tests += tests;
    all_failures += failures;
  }
  // A gate that checked nothing is an error of its own, not a suite of skipped testcases that
  // a CI server would show as green.
  if (outcome.verdict == gate_verdict::nothing_checked) {
    auto suite = suites.append_child("testsuite");
    set(suite, "name", "gate");
    auto testcase = suite.append_child("testcase");
    set(testcase, "classname", "gate");
    set(testcase, "name", "checked nothing");
    auto err = testcase.append_child("error");
    set(err, "type", "nothing-checked");
    set(err, "message", gate_summary_text(outcome, request));
    set(suite, "tests", "1");
    set(suite, "failures", "0");
    set(suite, "errors", "1");
    set(suite, "skipped", "0");
    ++all_tests;
    ++all_errors;
  }
  set(suites, "tests", std::to_string(all_tests));
  set(suites, "failures", std::to_string(all_failures));
  set(suites, "errors", std::to_string(all_errors));
  std::ostringstream stream;
  doc.save(stream, "  ", pugi::format_indent | pugi::format_no_declaration, pugi::encoding_utf8);
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + stream.str();
}

}  // namespace iosr
