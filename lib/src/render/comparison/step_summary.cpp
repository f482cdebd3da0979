// SPDX-License-Identifier: MIT
// The Markdown GitHub Actions shows as a step's summary (iosr/ci_reports.hpp; docs/ci-reports.md,
// "GitHub step summary"): the gate's verdict first, as a reader of a CI run wants it, then the
// executive summary and the comparison as `--format md` draws it.
#include <fmt/format.h>

#include <string>

#include "iosr/ci_reports.hpp"
#include "iosr/counted.hpp"
#include "render/escape.hpp"

namespace iosr {

namespace {

using detail::markdown_escaped;
using detail::markdown_place;

std::string gate_lines(const compare_outcome& outcome, const compare_request& request) {
  const auto limit = fmt::format("{}", *request.fail_if_worse);
  std::string out;
  if (outcome.regressions.empty()) {
    out += "Gate passed: no configuration is worse than its baseline by more than " + limit +
           "% on any test.\n";
  } else {
    out += "Gate tripped: " + counted(outcome.regressions.size(), "entry", "entries") +
           " worse than the baseline by more than " + limit + "%:\n\n";
    for (const auto& r : outcome.regressions) {
      out += "- " +
             markdown_escaped(regression_text(outcome.result, r), markdown_place::line_start) +
             '\n';
    }
  }
  if (!outcome.excluded.empty()) {
    out += "\nNot counted, as --gate-skip-noise asks (within the noise, or fewer than 3 runs):\n\n";
    for (const auto& r : outcome.excluded) {
      out += "- " +
             markdown_escaped(regression_text(outcome.result, r), markdown_place::line_start) +
             '\n';
    }
  }
  return out + '\n';
}

}  // namespace

std::string executive_summary_markdown(const comparison& c) {
  std::string out;
  for (const auto& section : executive_summary(c)) {
    if (!section.compare_group.empty()) {
      out += "### " + markdown_escaped(section.compare_group, markdown_place::heading) + "\n\n";
    }
    for (const auto& paragraph : section.paragraphs) {
      out += markdown_escaped(paragraph, markdown_place::line_start) + "\n\n";
    }
  }
  return out;
}

std::string step_summary(const compare_outcome& outcome, const compare_request& request) {
  const comparison& c = outcome.result;
  std::string inputs;
  for (const auto& in : c.inputs) {
    if (!inputs.empty()) inputs += ", ";
    inputs += in.short_name;
  }
  std::string out =
      "## iosr compare: " + markdown_escaped(inputs, markdown_place::heading) + "\n\n";
  if (request.fail_if_worse) out += gate_lines(outcome, request);
  out += executive_summary_markdown(c);
  std::string tables;
  comparison_render_options options = request.render;
  options.table_view = false;
  options.color = false;
  render_comparison(c, "md", options, tables);
  // GitHub shows at most step_summary_limit of a step's summary and drops the rest with an
  // error: past it, the Summary section is kept and the per-test tables are left out, saying so.
  if (out.size() + tables.size() > step_summary_limit) {
    const auto next = tables.find("\n## ", tables.find("## Summary") + 1);
    if (next == std::string::npos) return out + tables;
    const auto left_out = tables.size() - next;
    tables.resize(next + 1);
    tables += "\nThe per-test tables (" + counted(left_out, "byte") +
              ") are left out: GitHub shows at most 1 MiB of a step's summary. `iosr compare "
              "--format md` prints them.\n";
  }
  return out + tables;
}

}  // namespace iosr
