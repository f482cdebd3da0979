// SPDX-License-Identifier: MIT
// THE drawing of a comparison's charts (see chart_drawing.hpp): the marks and texts both the
// HTML page and the chart images draw, and the HTML page's two charts.
#include "render/chart/chart_drawing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "iosr/counted.hpp"
#include "render/comparison/comparison_cells.hpp"
#include "render/comparison/uncertainty_cells.hpp"
#include "render/escape.hpp"
#include "render/text_layout.hpp"

namespace iosr::detail {

namespace {

// A horizontal line from x `lo` to `hi` at height `mid`, with a short stroke at each end.
void whisker(double lo, double hi, int mid, std::string& out) {
  out += fmt::format(
      "<path class=\"whisker\" d=\"M{0:.1f} {1}H{2:.1f}M{0:.1f} {3}V{4}M{2:.1f} {3}V{4}\"/>", lo,
      mid, hi, mid - 4, mid + 4);
}

// Chart labels are cut to fit their column; the full text is in the bar's tooltip.
std::string clipped(std::string_view s, std::size_t max_chars) {
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if ((s[i] & 0xC0) != 0x80 && ++chars > max_chars) return out + "…";
    out.push_back(s[i]);
  }
  return out;
}

// The HTML page's charts: as wide as its column, labels in 220 pixels.
constexpr int chart_width = 900;
constexpr int row_height = 22;
constexpr int label_right = 220;  // labels end here, bars start after it
constexpr int bar_max = 370;

// A chart's label with what follows it, within the label_right - 6 pixels before the bars
// (30 characters of 12px text): shortened in the middle, where labels that share a start and
// an end still differ, never cut at the SVG's left edge. The <title> holds it whole.
std::string chart_label(std::string_view label, std::string_view suffix) {
  constexpr std::size_t room = 30;
  const std::size_t left = room > suffix.size() + 8 ? room - suffix.size() : 8;
  return elided(label, left) + std::string(suffix);
}

}  // namespace

double bar_scale::x(double v) const { return left + std::max(v, 0.0) / largest * length; }

double largest_drawn(const compared_test& test) {
  double largest = 0;
  for (const auto& e : test.entries) {
    if (e.value && e.kind != entry_kind::pass_fail) {
      largest = std::max(largest, *e.value);
      if (e.standard_error) largest = std::max(largest, *e.value + *e.standard_error);
      for (double r : e.runs) largest = std::max(largest, r);
    }
  }
  return largest;
}

double draw_bar(const compared_entry& e, bool baseline, const bar_scale& scale, int y,
                int row_height, std::string& out) {
  const bool drawn =
      e.value && *e.value > 0 && scale.largest > 0 && e.kind != entry_kind::pass_fail;
  if (!drawn) return scale.left;
  double end = scale.x(*e.value);
  out +=
      fmt::format("<rect class=\"bar{}\" x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\"/>",
                  baseline ? " baseline" : "", scale.left, y + 3, end - scale.left, row_height - 6);
  const int mid = y + row_height / 2;
  // The standard error either side of the value, where the input gives one.
  if (e.standard_error && *e.standard_error > 0) {
    const double lo = scale.x(*e.value - *e.standard_error);
    const double hi = scale.x(*e.value + *e.standard_error);
    whisker(lo, hi, mid, out);
    end = std::max(end, hi);
  }
  // Every run, outlying ones too: they are shown, never dropped. A run above the value and its
  // standard error (most samples lie further out than one standard error of their mean) ends
  // the marks too, so that the value's text starts clear of its dot.
  constexpr double run_radius = 2;
  for (double r : e.runs) {
    out += fmt::format("<circle class=\"run\" cx=\"{:.1f}\" cy=\"{}\" r=\"{}\"/>", scale.x(r), mid,
                       run_radius);
    end = std::max(end, scale.x(r) + run_radius);
  }
  return end;
}

std::string value_label(const compared_entry& e) {
  std::string tail = e.value_text;
  if (e.outlier_runs && *e.outlier_runs > 0) {
    tail += " · " + counted(*e.outlier_runs, "outlying run");
  }
  if (const auto why = missing_text(e); !why.empty()) tail += (tail.empty() ? "" : " · ") + why;
  return tail;
}

std::string delta_label(const compared_entry& e) {
  std::string s = delta_text(e.delta_pct);
  // Appended piece by piece: GCC 12's -Wrestrict misreads " " + text once inlined (PR 105329).
  if (const auto in = delta_interval_text(e); !in.empty()) {
    s += ' ';
    s += in;
  }
  if (const auto mark = noise_mark(e); !mark.empty()) {
    s += ' ';
    s += mark;
  }
  return s;
}

std::string_view verdict_class(int v) {
  if (v > 0) return "better";
  if (v < 0) return "worse";
  return "same";
}

std::vector<std::size_t> ranked_by_geomean(const comparison& c,
                                           const std::vector<std::size_t>& members) {
  std::vector<std::size_t> order(members);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const auto& x = c.configurations[a].geomean_ratio;
    const auto& y = c.configurations[b].geomean_ratio;
    if (x.has_value() != y.has_value()) return x.has_value();
    return x && *x > *y;
  });
  return order;
}

double ratio_scale::x(double ratio) const { return centre + std::log(ratio) / span * half; }

ratio_scale ratio_scale_for(const comparison& c, const std::vector<std::size_t>& shown,
                            double centre, double half) {
  double span = std::log(1.05);
  for (auto i : shown) {
    const auto& conf = c.configurations[i];
    for (const auto& r : {conf.geomean_ratio, conf.geomean_ci_low, conf.geomean_ci_high}) {
      if (r && *r > 0) span = std::max(span, std::fabs(std::log(*r)));
    }
  }
  return {centre, half, span * 1.1};
}

void draw_ratio_bar(const comparison& c, std::size_t configuration, const ratio_scale& scale, int y,
                    int row_height, std::string& out) {
  const auto& conf = c.configurations[configuration];
  if (!conf.geomean_ratio || *conf.geomean_ratio <= 0) return;
  const bool base = is_baseline(c, configuration);
  const double ratio = *conf.geomean_ratio;
  const double x = scale.x(ratio);
  const int v = verdict(c, configuration);
  out +=
      fmt::format("<rect class=\"bar {}\" x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\"/>",
                  base ? "baseline" : verdict_class(v), std::min(x, scale.centre), y + 4,
                  std::max(std::fabs(x - scale.centre), 1.5), row_height - 8);
  if (conf.geomean_ci_low && conf.geomean_ci_high) {
    whisker(scale.x(*conf.geomean_ci_low), scale.x(*conf.geomean_ci_high), y + row_height / 2, out);
  }
}

std::string geomean_label(const comparison& c, std::size_t configuration) {
  const auto& conf = c.configurations[configuration];
  std::string tail;
  if (conf.geomean_ratio && *conf.geomean_ratio > 0) {
    tail =
        is_baseline(c, configuration) ? std::string(baseline_word) : ratio_text(conf.geomean_ratio);
    if (const auto in = geomean_interval_text(conf); !in.empty()) tail += " " + in;
  } else if (!conf.lost_tests.empty()) {
    tail = fmt::format("no ratio: failed in {}", conf.lost_tests.size());
  } else {
    tail = "no ratio";
  }
  return tail + fmt::format(" · {} first, {} last", conf.first_places, conf.last_places);
}

void html_summary_chart(const comparison& c, std::size_t group,
                        const std::vector<std::size_t>& members, std::string& out) {
  const auto order = ranked_by_geomean(c, members);
  constexpr double centre = label_right + 190;
  const auto scale = ratio_scale_for(c, order, centre, 180);
  const int height = static_cast<int>(order.size()) * row_height + 26;
  const std::string title =
      "Geometric mean ratio against the baseline" +
      (c.compare_groups.size() > 1 ? " in group " + c.compare_groups[group].name : std::string()) +
      ", best first" + (any_geomean_interval(c) ? ", with " + level_text(c) + " intervals" : "");
  out += fmt::format(
      "<figure><svg class=\"summary-chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" "
      "height=\"{1}\" viewBox=\"0 0 {0} {1}\" role=\"img\" aria-labelledby=\"summary-{2}-title\">"
      "\n<title id=\"summary-{2}-title\">{3}</title>\n",
      chart_width, height, group + 1, html_escaped(title));
  int y = 4;
  for (auto i : order) {
    const auto& conf = c.configurations[i];
    const bool base = is_baseline(c, i);
    out += fmt::format("<g><title>{}</title>", html_escaped(conf.label));
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\"{}>{}</text>", label_right - 6,
                       y + 15, base ? " font-weight=\"bold\"" : "",
                       html_escaped(chart_label(label_in_compare_group(c, i), "")));
    draw_ratio_bar(c, i, scale, y, row_height, out);
    out += fmt::format("<text x=\"{}\" y=\"{}\">{}</text></g>\n", centre + scale.half + 12, y + 15,
                       html_escaped(geomean_label(c, i)));
    y += row_height;
  }
  out += fmt::format(
      "<line class=\"axis\" x1=\"{0}\" y1=\"0\" x2=\"{0}\" y2=\"{1}\"/>\n"
      "<text x=\"{0}\" y=\"{2}\" text-anchor=\"middle\">1 = {3}</text>\n"
      "<text x=\"{4}\" y=\"{2}\">worse</text><text x=\"{5}\" y=\"{2}\" "
      "text-anchor=\"end\">better</text>\n</svg></figure>\n",
      centre, y, y + 16, baseline_word, centre - scale.half, centre + scale.half);
}

void html_test_chart(const comparison& c, const compared_test& test, std::size_t index,
                     const std::string& caption, const std::string& about, std::string& out) {
  std::size_t rows = 0;
  std::size_t group = c.compare_groups.size();
  for (const auto& e : test.entries) {
    const auto g = c.configurations[e.configuration].compare_group;
    if (c.compare_groups.size() > 1 && g != group) ++rows;  // a group heading row
    group = g;
    ++rows;
  }
  const int height = static_cast<int>(rows) * row_height + 8;
  const std::string title = test_heading(test) + (about.empty() ? "" : " (" + about + ")");

  out += fmt::format("<figure id=\"test-{}\">\n<figcaption><strong>{}</strong>", index + 1,
                     html_escaped(caption));
  if (!about.empty()) out += " <span class=\"unit\">" + html_escaped(about) + "</span>";
  out += "</figcaption>\n";
  out += fmt::format(
      "<svg class=\"test-chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" "
      "height=\"{1}\" viewBox=\"0 0 {0} {1}\" role=\"img\" aria-labelledby=\"test-{2}-title\">\n"
      "<title id=\"test-{2}-title\">{3}</title>\n",
      chart_width, height, index + 1, html_escaped(title));
  const bar_scale scale{label_right, bar_max, largest_drawn(test)};
  int y = 4;
  group = c.compare_groups.size();
  for (const auto& e : test.entries) {
    const auto& conf = c.configurations[e.configuration];
    if (c.compare_groups.size() > 1 && conf.compare_group != group) {
      out += fmt::format("<text x=\"4\" y=\"{}\" font-weight=\"bold\">{}</text>\n", y + 15,
                         html_escaped(clipped(c.compare_groups[conf.compare_group].name, 100)));
      y += row_height;
    }
    group = conf.compare_group;
    const bool base = is_baseline(c, e.configuration);
    out += fmt::format("<g><title>{}</title>", html_escaped(conf.label));
    out += fmt::format(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"end\"{}>{}</text>", label_right - 6, y + 15,
        base ? " font-weight=\"bold\"" : "",
        html_escaped(chart_label(shown_label(c, e.configuration), base ? baseline_suffix : "")));
    const double end = draw_bar(e, base, scale, y, row_height, out);
    out += fmt::format("<text x=\"{:.1f}\" y=\"{}\">{}</text>", end + 4, y + 15,
                       html_escaped(value_label(e)));
    if (e.delta_pct && !base) {
      out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\" class=\"{}\">{}</text>",
                         chart_width - 4, y + 15, verdict_class(verdict(e)), delta_label(e));
    }
    out += "</g>\n";
    y += row_height;
  }
  out += "</svg>\n</figure>\n";
}

}  // namespace iosr::detail
