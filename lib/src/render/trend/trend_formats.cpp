// SPDX-License-Identifier: MIT
// THE trend format registry (`iosr trend --format`), and the texts every trend renderer shares:
// adding a format is a renderer file in this folder plus one row here.
#include "render/trend/trend_formats.hpp"

#include <fmt/format.h>

#include <string>

#include "direction_names.hpp"
#include "iosr/counted.hpp"
#include "render/figures.hpp"
#include "render/format_registry.hpp"

namespace iosr::detail {

namespace {
constexpr trend_format formats[] = {
    {"ascii", "a line per configuration with its ratios along the series, steps marked",
     render_ascii_trend},
    {"md", "GitHub-flavoured Markdown: a table per test, the steps listed under it",
     render_markdown_trend},
    {"html", "one self-contained page with an SVG line chart per test", render_html_trend},
    {"csv", "one row per test, configuration and point (RFC 4180; docs/db.md)", render_csv_trend},
    {"json", "the trend as one JSON document (docs/db.md)", render_json_trend},
};
}  // namespace

std::span<const trend_format> trend_formats() { return formats; }

std::string tests_text(std::size_t tests) { return " (" + counted(tests, "test") + ")"; }

std::string p_value_text(double p) {
  return p < 0.001 ? std::string("p < 0.001") : fmt::format("p = {:.3f}", p);
}

std::string baseline_name(const trend& t, const trend_value& v) {
  if (t.by == trend_by::label) {
    return t.baseline_point ? t.points[*t.baseline_point].name : std::string();
  }
  return v.baseline < t.configurations.size() ? t.configurations[v.baseline].name : std::string();
}

std::string_view name_in_group(const trend_configuration& c) {
  std::string_view name = c.name;
  if (!c.group.empty() && name.size() > c.group.size() + 2 && name.starts_with(c.group) &&
      name.substr(c.group.size(), 2) == ": ") {
    name.remove_prefix(c.group.size() + 2);
  }
  return name;
}

std::string baselines_of(const trend& t, const trend_series& s, bool in_group) {
  std::vector<std::string> names;
  for (const auto& v : s.values) {
    auto n = in_group && t.by != trend_by::label && v.baseline < t.configurations.size()
                 ? std::string(name_in_group(t.configurations[v.baseline]))
                 : baseline_name(t, v);
    if (!v.ratio || n.empty()) continue;
    if (names.empty() || names.back() != n) names.push_back(std::move(n));
  }
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : " / ") + n;
  return out;
}

std::string change_text(const trend& t, const trend_series& s, const trend_change& c) {
  std::string base;
  for (const auto& v : s.values) {
    if (v.point == c.point) base = baseline_name(t, v);
  }
  if (c.back) {
    return fmt::format("{} vs {}: {} → {} at {} only, back to {} from {} ({})",
                       t.configurations[s.configuration].name, base, figure_text(c.before, 2),
                       figure_text(c.after, 2), t.points[c.point].name, figure_text(c.back_to, 2),
                       t.points[*c.back].name, p_value_text(c.p_value));
  }
  return fmt::format("{} vs {}: {} → {} from {} ({})", t.configurations[s.configuration].name, base,
                     figure_text(c.before, 2), figure_text(c.after, 2), t.points[c.point].name,
                     p_value_text(c.p_value));
}

std::string_view change_word(const trend_change& c) { return c.back ? "excursion" : "step"; }

std::string ratio_meaning(const trend& t) {
  // With --by label the baseline is a label (a point), not a configuration: each row is a
  // machine's label group (`all labels` when the labels have none).
  return t.by == trend_by::label
             ? "each label's performance ratio against the baseline label, on the same machine "
               "and in the same label group (> 1 = better)"
             : "each configuration's performance ratio against its baseline at the same point "
               "(> 1 = better)";
}

std::string method_text(const trend& t) {
  return fmt::format(
      "change points: circular binary segmentation of each series, Student's t on the points' "
      "log ratios weighted by their runs' noise, with the noise between points, "
      "Bonferroni-corrected p < {:g}, steps of at least {:g} %",
      t.alpha, t.min_step * 100);
}

trend_marks marks_shown(const trend& t) {
  trend_marks marks;
  auto look = [&](const std::vector<trend_series>& all, bool geomean) {
    for (const auto& s : all) {
      for (const auto& v : s.values) {
        if (!v.ratio) continue;
        marks.steps = marks.steps || v.change_point;
        // A geometric mean's count is of tests, said after its name, not of runs.
        marks.runs = marks.runs || (!geomean && v.runs > 1);
      }
    }
  };
  look(t.geomean, true);
  for (const auto& test : t.tests) look(test.series, false);
  return marks;
}

std::string sentence(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 32);
  return text;
}

std::vector<const trend_series*> series_on(const trend& t, const std::vector<trend_series>& series,
                                           std::size_t machine) {
  std::vector<const trend_series*> out;
  for (const auto& s : series) {
    if (t.configurations[s.configuration].machine == machine) out.push_back(&s);
  }
  return out;
}

std::vector<std::size_t> points_of(const trend& t, std::size_t machine) {
  std::vector<bool> used(t.points.size(), false);
  auto mark = [&](const std::vector<trend_series>& all) {
    for (const auto* s : series_on(t, all, machine)) {
      for (const auto& v : s->values) used[v.point] = true;
    }
  };
  mark(t.geomean);
  for (const auto& test : t.tests) mark(test.series);
  std::vector<std::size_t> out;
  for (std::size_t p = 0; p < used.size(); ++p) {
    if (used[p]) out.push_back(p);
  }
  return out;
}

std::vector<const trend_value*> values_by_point(const trend& t, const trend_series& s) {
  std::vector<const trend_value*> out(t.points.size(), nullptr);
  for (const auto& v : s.values) out[v.point] = &v;
  return out;
}

}  // namespace iosr::detail

namespace iosr {

std::vector<trend_format_info> list_trend_formats() {
  return detail::list_formats(detail::trend_formats(), [](const auto& f) {
    return trend_format_info{f.name, f.help};
  });
}

void render_trend(const trend& t, std::string_view format, const trend_render_options& options,
                  std::string& out) {
  detail::trend_output to(out);
  detail::find_format(detail::trend_formats(), format, "trend").render(t, options, to);
}

void render_trend(const trend& t, std::string_view format, const trend_render_options& options,
                  const std::function<void(std::string_view)>& write) {
  const auto& row = detail::find_format(detail::trend_formats(), format, "trend");
  std::string piece;
  detail::trend_output to(piece, &write);
  row.render(t, options, to);
  if (!piece.empty()) write(piece);
}

}  // namespace iosr
