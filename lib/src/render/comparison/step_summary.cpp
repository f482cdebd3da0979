// SPDX-License-Identifier: MIT
// The Markdown GitHub Actions shows as a step's summary (iosr/ci_reports.hpp; docs/ci-reports.md,
// "GitHub step summary"): the gate's verdict first, as a reader of a CI run wants it, then the
// executive summary and the comparison as `--format md` draws it.
#include <fmt/format.h>

#include <string>
#include <vector>

#include "iosr/ci_reports.hpp"
#include "iosr/counted.hpp"
#include "render/escape.hpp"

namespace iosr {

namespace {

using detail::markdown_escaped;
using detail::markdown_place;

// A list of the gate's lines, each escaped where it starts a Markdown line.
void list(const std::vector<std::string>& lines, std::string& out) {
  for (const auto& line : lines) {
    out += "- " + markdown_escaped(line, markdown_place::line_start) + '\n';
  }
}

// The verdict first, with what was checked (gate_summary_text(), as standard error says it),
// then what tripped it, what was missing, and what --gate-skip-noise left out.
std::string gate_lines(const compare_outcome& outcome, const compare_request& request) {
  const auto& c = outcome.result;
  auto verdict = gate_summary_text(outcome, request);
  verdict[0] = static_cast<char>(verdict[0] - 'a' + 'A');  // `gate ...`, `the gate ...`
  std::string out = markdown_escaped(verdict, markdown_place::line_start) + ".\n";
  auto section = [&](const std::string& heading, const std::vector<std::string>& lines) {
    if (lines.empty()) return;
    out += "\n" + heading + "\n\n";
    list(lines, out);
  };
  const auto limit = fmt::format("{}", *request.fail_if_worse);
  std::vector<std::string> lines;
  for (const auto& r : outcome.regressions) lines.push_back(regression_text(c, r));
  section("Worse than the baseline by more than " + limit + "%:", lines);
  lines.clear();
  for (const auto& m : outcome.missing) lines.push_back(gate_missing_text(c, m));
  section(request.allow_missing ? "Missing, accepted as --allow-missing asks:"
                                : "Missing where the baseline has a value:",
          lines);
  lines.clear();
  for (const auto& r : outcome.excluded) lines.push_back(regression_text(c, r));
  section("Not counted, as --gate-skip-noise asks (within the noise, or fewer than 3 runs):",
          lines);
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
