// SPDX-License-Identifier: MIT
// The chart images (iosr/chart.hpp): each a standalone SVG document that reads alone, as an
// OpenBenchmarking.org graph does. Drawn with the HTML page's marks (chart_drawing.hpp), laid out
// for any width from the font's own widths (font_metrics.hpp): labels wrap in their column, the
// values and deltas have columns of their own, and a narrow image puts each delta under its bar.
// Every text element has an id (`t1`, `t2`, ...), and every mark (bar, whisker, run, axis) one
// of its own (`s1`, `s2`, ...), so that a test can ask librsvg where each lies.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/chart.hpp"
#include "iosr/counted.hpp"
#include "iosr/error.hpp"
#include "iosr/match.hpp"
#include "iosr/version.hpp"
#include "render/chart/chart_drawing.hpp"
#include "render/chart/font_metrics.hpp"
#include "render/comparison/comparison_cells.hpp"
#include "render/comparison/test_families.hpp"
#include "render/comparison/uncertainty_cells.hpp"
#include "render/escape.hpp"
#include "render/test_texts.hpp"

namespace iosr {

namespace {

using detail::text_width;
using detail::wrap_to_width;
using detail::xml_escaped;

constexpr int margin = 16;
constexpr double title_size = 16;
constexpr double text_size = 12;
constexpr double small_size = 10.5;
constexpr int line_step = 15;  // between lines of 12px text
constexpr int bar_row = 22;    // a row of one line: the HTML page's row height
constexpr int gap = 8;

struct palette {
  std::string_view fg, bg, muted, bar, base, better, worse, mark, run;
};

// The HTML page's colours (html_comparison.cpp), light and dark.
constexpr palette light{"#1f1f1f", "#ffffff", "#5a5a5a", "#3f6fb0", "#7a7a7a",
                        "#1b6e20", "#b71c1c", "#1f1f1f", "#0d2a52"};
constexpr palette dark{"#e8e8e8", "#141414", "#a8a8a8", "#6b9ad8", "#8d8d8d",
                       "#74c77a", "#f07a7a", "#e8e8e8", "#d6e4f7"};

// The body with an id `s1`, `s2`, ... on each mark, in order: the marks come from the drawing
// the HTML page shares (chart_drawing.hpp), where ids would repeat across a page's charts.
std::string with_mark_ids(const std::string& body) {
  std::string out;
  out.reserve(body.size() + body.size() / 8);
  int marks = 0;
  for (std::size_t at = 0; at < body.size();) {
    const auto open = body.find('<', at);
    if (open == std::string::npos) {
      out.append(body, at);
      break;
    }
    out.append(body, at, open - at);
    const std::string_view rest = std::string_view(body).substr(open);
    std::size_t name = 0;
    for (const std::string_view tag : {"<rect ", "<path ", "<circle ", "<line "}) {
      if (rest.starts_with(tag)) name = tag.size();
    }
    if (name > 0) {
      out.append(rest.substr(0, name));
      out += fmt::format("id=\"s{}\" ", ++marks);
      at = open + name;
    } else {
      out += '<';
      at = open + 1;
    }
  }
  return out;
}

// An SVG being written: texts get ids in order, the height grows with the content.
class canvas {
 public:
  explicit canvas(int width) : width_(width) {}

  int width() const { return width_; }
  double usable() const { return width_ - 2.0 * margin; }

  // One line of text at baseline y; anchor `start`, `middle` or `end`.
  void text(double x, double y, std::string_view s, std::string_view cls = {},
            std::string_view anchor = "start", double size = text_size, bool bold = false) {
    body += fmt::format("<text id=\"t{}\" x=\"{:.1f}\" y=\"{:.1f}\"", ++texts_, x, y);
    if (anchor != "start") body += fmt::format(" text-anchor=\"{}\"", anchor);
    if (!cls.empty()) body += fmt::format(" class=\"{}\"", cls);
    if (size != text_size) body += fmt::format(" font-size=\"{}\"", size);
    if (bold) body += " font-weight=\"bold\"";
    body += '>';
    body += xml_escaped(s);
    body += "</text>";
  }

  // Lines wrapped to `width` from the top `y`, each `step` below the last; returns the y below.
  double paragraph(double x, double y, std::string_view s, double width, std::string_view cls,
                   double size, bool bold = false) {
    const double step = std::ceil(size * 1.25);
    for (const auto& line : wrap_to_width(s, width, size, bold)) {
      text(x, y + size, line, cls, "start", size, bold);
      y += step;
    }
    return y;
  }

  std::string finish(const std::string& title, const std::string& desc, int height,
                     chart_theme theme) const {
    const auto& p = theme == chart_theme::dark ? dark : light;
    std::string out = fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{0}\" height=\"{1}\" "
        "viewBox=\"0 0 {0} {1}\" role=\"img\" aria-labelledby=\"title desc\" "
        "font-family=\"{2}\" font-size=\"{3}\">\n<title id=\"title\">{4}</title>\n"
        "<desc id=\"desc\">{5}</desc>\n",
        width_, height, detail::chart_font, text_size, xml_escaped(title), xml_escaped(desc));
    out += fmt::format(
        "<style>text{{fill:{0}}}.muted{{fill:{2}}}.bar{{fill:{3}}}.bar.baseline{{fill:{4}}}"
        ".better{{fill:{5}}}.worse{{fill:{6}}}.whisker{{stroke:{7};stroke-width:1.2;fill:none}}"
        ".run{{fill:{8};fill-opacity:.7}}.axis{{stroke:{7};stroke-dasharray:4 3}}"
        ".bg{{fill:{1}}}</style>\n<rect class=\"bg\" width=\"{9}\" height=\"{10}\"/>\n",
        p.fg, p.bg, p.muted, p.bar, p.base, p.better, p.worse, p.mark, p.run, width_, height);
    return out + with_mark_ids(body) + "\n</svg>\n";
  }

  std::string body;

 private:
  int width_;
  int texts_ = 0;
};

// `fio-3-18-type-random-read`: lower-case ASCII letters and digits, a dash for anything else.
std::string slug(std::string_view s, std::size_t max = 60) {
  std::string out;
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) && c < 0x80) {
      out.push_back(static_cast<char>(std::tolower(c)));
    } else if (!out.empty() && out.back() != '-') {
      out.push_back('-');
    }
    if (out.size() >= max) break;
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

std::string inputs_title(const comparison& c) {
  std::string title;
  for (const auto& in : c.inputs) {
    if (!in.title.empty() && title.find(in.title) == std::string::npos) {
      title += (title.empty() ? "" : " · ") + in.title;
    }
  }
  return title;
}

// The footer every image ends with: a legend of what is drawn, and the inputs.
double footer(const comparison& c, canvas& k, double y, const std::string& legend) {
  y += gap;
  if (!legend.empty()) y = k.paragraph(margin, y, legend, k.usable(), "muted", small_size);
  std::string inputs = c.inputs.size() == 1 ? "Input: " : "Inputs: ";
  for (std::size_t i = 0; i < c.inputs.size(); ++i) {
    inputs += (i ? ", " : "") + c.inputs[i].short_name;
  }
  inputs += ". Drawn by iosr " + std::string(version()) + ".";
  return k.paragraph(margin, y, inputs, k.usable(), "muted", small_size);
}

// Where `--columns` puts each configuration (its first name there), or npos: not drawn.
std::vector<std::size_t> column_positions(const comparison& c,
                                          const std::vector<std::string>& columns) {
  std::vector<std::size_t> at(c.configurations.size(), columns.empty() ? 0 : std::string::npos);
  if (columns.empty()) return at;
  name_check named("--columns", columns);
  for (std::size_t i = 0; i < c.configurations.size(); ++i) {
    const auto& conf = c.configurations[i];
    named.look({conf.label, conf.source_label, conf.name}, conf.scheduler, conf.label);
    for (std::size_t n = 0; n < columns.size() && at[i] == std::string::npos; ++n) {
      if (names_configuration(columns[n], {conf.label, conf.source_label, conf.name},
                              conf.scheduler)) {
        at[i] = n;
      }
    }
  }
  named.check();
  return at;
}

// The rows in the order drawn: by compare group, then ranked (or in --columns' order).
template <typename T, typename Configuration>
std::vector<const T*> in_order(const comparison& c, const std::vector<T>& items,
                               const std::vector<std::size_t>& position, Configuration conf_of) {
  std::vector<const T*> rows;
  for (const auto& item : items) {
    if (position[conf_of(item)] != std::string::npos) rows.push_back(&item);
  }
  std::stable_sort(rows.begin(), rows.end(), [&](const T* a, const T* b) {
    const auto ga = c.configurations[conf_of(*a)].compare_group;
    const auto gb = c.configurations[conf_of(*b)].compare_group;
    if (ga != gb) return ga < gb;
    return position[conf_of(*a)] < position[conf_of(*b)];
  });
  return rows;
}

double widest(const std::vector<std::string>& texts, bool bold = false) {
  double w = 0;
  for (const auto& t : texts) w = std::max(w, text_width(t, text_size, bold));
  return std::ceil(w);
}

// A row's label in the label column, wrapped; the baseline's bold, with its word.
std::string row_label(const comparison& c, std::size_t configuration) {
  std::string label(detail::shown_label(c, configuration));
  if (detail::is_baseline(c, configuration)) label += detail::baseline_suffix;
  return label;
}

double group_heading(const comparison& c, canvas& k, double y, std::size_t group) {
  return k.paragraph(margin, y + 4, c.compare_groups[group].name, k.usable(), {}, text_size, true) +
         2;
}

chart_image test_image(const comparison& c, std::size_t t, const std::string& heading,
                       const std::string& options_line, const std::vector<std::size_t>& position,
                       const chart_options& o, const std::string& name) {
  const auto& test = c.tests[t];
  canvas k(o.width);
  const auto rows =
      in_order(c, test.entries, position, [](const compared_entry& e) { return e.configuration; });
  // The header: what was measured, its options, its unit and direction.
  double y = margin - 4;
  y = k.paragraph(margin, y, heading, k.usable(), {}, title_size, true);
  if (!options_line.empty())
    y = k.paragraph(margin, y, options_line, k.usable(), "muted", text_size);
  std::string about = detail::unit_about(test.unit, test.direction);
  about += std::string(about.empty() ? "" : " · ") +
           (o.columns.empty() ? "ranked best first" : "in the order asked for");
  y = k.paragraph(margin, y, about, k.usable(), "muted", text_size) + gap;

  // The columns: labels, bars, values, deltas; deltas under the bars when they would crowd.
  std::vector<std::string> labels, values, deltas;
  bool any_se = false, any_runs = false, any_interval = false, any_mark = false;
  for (const auto* e : rows) {
    labels.push_back(row_label(c, e->configuration));
    values.push_back(detail::value_label(*e));
    if (e->delta_pct && !detail::is_baseline(c, e->configuration)) {
      deltas.push_back(detail::delta_label(*e));
      any_interval = any_interval || e->delta_ci_low.has_value();
      any_mark = any_mark || !detail::noise_mark(*e).empty();
    }
    any_se = any_se || (e->standard_error && *e->standard_error > 0);
    any_runs = any_runs || !e->runs.empty();
  }
  const double usable = k.usable();
  const double delta_w = widest(deltas);
  const double value_w = std::min(widest(values) + 4, std::floor(usable * 0.3));
  const bool stacked = delta_w + value_w > usable * 0.5;
  const double right = stacked ? usable : usable - delta_w - (delta_w > 0 ? gap : 0);
  const double label_w = std::max(60.0, std::min(widest(labels, true), std::floor(usable * 0.3)));
  const int left = static_cast<int>(margin + label_w + gap);
  // The value's text starts 4 px after the marks, which end at most a run's dot (2 px) past
  // the largest value drawn.
  const double length = std::max(40.0, margin + right - value_w - 6 - left);
  const detail::bar_scale scale{left, length, detail::largest_drawn(test)};

  std::size_t group = c.compare_groups.size();
  std::string desc =
      fmt::format("Bar chart of {}, {}.", counted(rows.size(), "configuration"),
                  o.columns.empty() ? "ranked best first" : "in the order asked for");
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const auto& e = *rows[r];
    const auto g = c.configurations[e.configuration].compare_group;
    if (c.compare_groups.size() > 1 && g != group) y = group_heading(c, k, y, g);
    group = g;
    const bool base = detail::is_baseline(c, e.configuration);
    k.body += "\n<g>";
    const auto label_lines = wrap_to_width(labels[r], label_w, text_size, base);
    const auto value_lines = wrap_to_width(values[r], value_w, text_size);
    for (std::size_t n = 0; n < label_lines.size(); ++n) {
      k.text(margin + label_w, y + 15 + line_step * static_cast<double>(n), label_lines[n], {},
             "end", text_size, base);
    }
    const double end = detail::draw_bar(e, base, scale, static_cast<int>(y), bar_row, k.body);
    for (std::size_t n = 0; n < value_lines.size(); ++n) {
      k.text(end + 4, y + 15 + line_step * static_cast<double>(n), value_lines[n]);
    }
    std::size_t lines = std::max(label_lines.size(), value_lines.size());
    desc += " " + labels[r] + ": " + values[r];
    if (e.delta_pct && !base) {
      const auto delta = detail::delta_label(e);
      const auto cls = detail::verdict_class(detail::verdict(e));
      if (stacked) {
        // Under the bar, clear of the label column and of the value's lines.
        const double dy =
            y + 15 + line_step * static_cast<double>(std::max<std::size_t>(value_lines.size(), 1));
        k.text(margin + usable, dy, delta, cls, "end");
        lines = std::max(lines, value_lines.size() + 1);
      } else {
        k.text(margin + usable, y + 15, delta, cls, "end");
      }
      desc += " (" + delta + ")";
    }
    desc += ";";
    k.body += "</g>";
    y += std::max<double>(bar_row, 7 + line_step * static_cast<double>(lines));
  }
  if (rows.empty())
    y = k.paragraph(margin, y, "No configuration has a value here.", usable, "muted", text_size);

  std::string legend;
  const auto base_note = std::string("Grey: the baseline");
  legend = base_note + "; the delta is against it";
  if (any_interval) legend += ", with its " + detail::delta_level_text(c) + " interval";
  legend += ".";
  if (any_se) legend += " Whiskers: ±1 standard error.";
  if (any_runs) legend += " Dots: the runs.";
  if (any_mark) legend += " ~: within the noise; n<3: fewer than 3 runs a side.";
  y = footer(c, k, y, legend) + margin - 6;

  chart_image image;
  image.name = name;
  image.test = t;
  image.title = detail::test_heading(test);
  if (const auto unit = detail::unit_about(test.unit, test.direction); !unit.empty()) {
    image.title += " (" + unit + ")";
  }
  image.width = o.width;
  image.height = static_cast<int>(std::ceil(y));
  image.svg = k.finish(image.title, desc, image.height, o.theme);
  return image;
}

chart_image summary_image(const comparison& c, const std::vector<std::size_t>& position,
                          const chart_options& o) {
  canvas k(o.width);
  const double usable = k.usable();
  double y = margin - 4;
  y = k.paragraph(margin, y, "Geometric mean of the performance ratios against the baseline",
                  usable, {}, title_size, true);
  const auto inputs = inputs_title(c);
  if (!inputs.empty()) y = k.paragraph(margin, y, inputs, usable, "muted", text_size);
  std::string about = counted(c.tests.size(), "test") +
                      " · above 1 is better, on a logarithmic scale · " +
                      (o.columns.empty() ? "best first" : "in the order asked for");
  y = k.paragraph(margin, y, about, usable, "muted", text_size) + gap;

  std::vector<std::size_t> order;  // configurations drawn, by group
  for (std::size_t g = 0; g < c.compare_groups.size(); ++g) {
    std::vector<std::size_t> members;
    for (auto i : c.summary_order) {
      if (c.configurations[i].compare_group == g && position[i] != std::string::npos) {
        members.push_back(i);
      }
    }
    if (o.columns.empty()) {
      members = detail::ranked_by_geomean(c, members);
    } else {
      std::stable_sort(members.begin(), members.end(),
                       [&](auto a, auto b) { return position[a] < position[b]; });
    }
    order.insert(order.end(), members.begin(), members.end());
  }
  std::vector<std::string> labels, tails;
  for (auto i : order) {
    labels.push_back(row_label(c, i));
    tails.push_back(detail::geomean_label(c, i));
  }
  const double label_w = std::max(60.0, std::min(widest(labels, true), std::floor(usable * 0.3)));
  const double tail_w = widest(tails);
  const double after_labels = usable - label_w - gap;
  const bool stacked = after_labels - tail_w - gap < std::max(200.0, usable * 0.35);
  const double axis_w = stacked ? after_labels : after_labels - tail_w - gap;
  const double axis_left = margin + label_w + gap;
  const auto scale = detail::ratio_scale_for(c, order, axis_left + axis_w / 2, axis_w / 2 - 4);

  std::string desc = "Bar chart of each configuration's geometric mean ratio against its baseline.";
  std::size_t group = c.compare_groups.size();
  double group_top = y;
  // The axis at 1 (the baseline) runs down the group, but not through the texts that a narrow
  // image puts under each bar: there it is drawn beside each bar only.
  auto axis = [&](double from, double to) {
    k.body += fmt::format(
        "\n<line class=\"axis\" x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\"/>",
        scale.centre, from, to);
  };
  auto close_axis = [&] {
    if (!stacked) axis(group_top, y);
    k.text(scale.centre - scale.half, y + 14, "worse", "muted");
    k.text(scale.centre, y + 14, "1 = " + std::string(detail::baseline_word), "muted", "middle");
    k.text(scale.centre + scale.half, y + 14, "better", "muted", "end");
    y += 22;
  };
  for (std::size_t r = 0; r < order.size(); ++r) {
    const auto i = order[r];
    const auto g = c.configurations[i].compare_group;
    if (g != group) {
      if (group != c.compare_groups.size()) close_axis();
      if (c.compare_groups.size() > 1) y = group_heading(c, k, y, g);
      group_top = y;
    }
    group = g;
    const bool base = detail::is_baseline(c, i);
    k.body += "\n<g>";
    const auto label_lines = wrap_to_width(labels[r], label_w, text_size, base);
    for (std::size_t n = 0; n < label_lines.size(); ++n) {
      k.text(margin + label_w, y + 15 + line_step * static_cast<double>(n), label_lines[n], {},
             "end", text_size, base);
    }
    detail::draw_ratio_bar(c, i, scale, static_cast<int>(y), bar_row, k.body);
    std::size_t lines = label_lines.size();
    if (stacked) {
      axis(y + 1, y + bar_row - 2);  // the bar's band: the text below starts at y + 21
      // Under the bar, from the axis's left end, wrapped to what is left of the width.
      const auto tail_lines = wrap_to_width(tails[r], margin + usable - axis_left, text_size);
      for (std::size_t n = 0; n < tail_lines.size(); ++n) {
        k.text(axis_left, y + 15 + line_step * static_cast<double>(n + 1), tail_lines[n],
               "muted");
      }
      lines = std::max(lines, tail_lines.size() + 1);
    } else {
      k.text(margin + usable - tail_w, y + 15, tails[r]);
    }
    k.body += "</g>";
    desc += " " + labels[r] + ": " + tails[r] + ";";
    y += std::max<double>(bar_row, 7 + line_step * static_cast<double>(lines));
  }
  if (!order.empty()) close_axis();

  std::string legend =
      "Each bar is a configuration's geometric mean of its performance ratios against its "
      "group's baseline, over the tests both have (the ratio is v / b when higher is better, "
      "b / v when lower is better).";
  if (detail::any_geomean_interval(c)) {
    legend += " Whiskers: " + detail::level_text(c) + " bootstrap intervals.";
  }
  legend += " First and last: the tests where it ranked best or worst of its group.";
  y = footer(c, k, y, legend) + margin - 6;

  chart_image image;
  image.name = "summary";
  image.title = "Geometric mean ratio against the baseline" +
                (inputs.empty() ? std::string() : ": " + inputs);
  image.width = o.width;
  image.height = static_cast<int>(std::ceil(y));
  image.svg = k.finish(image.title, desc, image.height, o.theme);
  return image;
}

}  // namespace

std::vector<chart_image> draw_charts(const comparison& c, const chart_options& options) {
  if (options.width < min_chart_width || options.width > max_chart_width) {
    throw error(error_kind::usage,
                fmt::format("a chart's width must be from {} to {} pixels, not {}", min_chart_width,
                            max_chart_width, options.width));
  }
  const auto position = column_positions(c, options.columns);
  std::vector<chart_image> images;
  images.push_back(summary_image(c, position, options));
  // Tests named and ordered as the article layouts group them: the family's title and
  // version, then what the test's options add.
  std::vector<std::string> heading(c.tests.size()), rest(c.tests.size()), varies(c.tests.size());
  for (const auto& family : detail::test_families(c)) {
    for (std::size_t k = 0; k < family.tests.size(); ++k) {
      heading[family.tests[k]] = family.heading;
      std::string options_line = family.shared;
      if (!family.rest[k].empty()) {
        options_line += (options_line.empty() ? "" : " - ") + family.rest[k];
      }
      rest[family.tests[k]] = options_line;
      varies[family.tests[k]] = family.rest[k];
    }
  }
  const int digits = c.tests.size() >= 100 ? 3 : 2;
  for (std::size_t t = 0; t < c.tests.size(); ++t) {
    auto name = fmt::format("{:0{}}", t + 1, digits);
    if (const auto s = slug(heading[t] + " " + varies[t]); !s.empty()) name += "-" + s;
    images.push_back(test_image(c, t, heading[t], rest[t], position, options, name));
  }
  return images;
}

}  // namespace iosr
