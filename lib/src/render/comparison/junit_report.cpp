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

  pugi::xml_document doc;
  auto suites = doc.append_child("testsuites");
  set(suites, "name", "iosr compare --fail-if-worse " + limit_text(limit));
  std::size_t all_tests = 0, all_failures = 0;
  for (std::size_t g = 0; g < c.compare_groups.size(); ++g) {
    const auto& group = c.compare_groups[g];
    auto suite = suites.append_child("testsuite");
    set(suite, "name", group.name);
    std::size_t tests = 0, failures = 0, skipped = 0;
    auto properties = suite.append_child("properties");
    auto property = [&](const std::string& name, const std::string& value) {
      auto p = properties.append_child("property");
      set(p, "name", name);
      set(p, "value", value);
    };
    property("baseline", group.baseline ? c.configurations[*group.baseline].label : "");
    property("fail-if-worse", limit_text(limit));
    property("gate-skip-noise", request.gate_skip_noise ? "true" : "false");
    for (std::size_t t = 0; t < c.tests.size(); ++t) {
      const auto& test = c.tests[t];
      for (std::size_t k = 0; k < test.entries.size(); ++k) {
        const auto& e = test.entries[k];
        const auto& conf = c.configurations[e.configuration];
        if (conf.compare_group != g || detail::is_baseline(c, e.configuration)) continue;
        ++tests;
        auto testcase = suite.append_child("testcase");
        set(testcase, "classname", detail::test_heading(test));
        set(testcase, "name", conf.label);
        if (!group.baseline) {
          ++skipped;
          set(testcase.append_child("skipped"), "message",
              "no baseline in this group: nothing to measure against");
          continue;
        }
        if (const auto found = tripped.find({t, k}); found != tripped.end()) {
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
          const auto why = detail::missing_text(e);
          set(testcase.append_child("skipped"), "message",
              why.empty() ? "no performance ratio" : why);
          continue;
        }
        std::string out = figures(c, test, e);
        if (const auto found = excluded.find({t, k}); found != excluded.end()) {
          out = "not counted (" +
                std::string(e.noise == noise::few_runs ? "fewer than 3 runs" : "within the noise") +
                "): " + regression_text(c, *found->second) + "\n" + out;
        }
        testcase.append_child("system-out").text().set(detail::xml_text(out).c_str());
      }
    }
    set(suite, "tests", std::to_string(tests));
    set(suite, "failures", std::to_string(failures));
    set(suite, "errors", "0");
    set(suite, "skipped", std::to_string(skipped));
    all_tests += tests;
    all_failures += failures;
  }
  set(suites, "tests", std::to_string(all_tests));
  set(suites, "failures", std::to_string(all_failures));
  set(suites, "errors", "0");
  std::ostringstream stream;
  doc.save(stream, "  ", pugi::format_indent | pugi::format_no_declaration, pugi::encoding_utf8);
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + stream.str();
}

}  // namespace iosr
