// SPDX-License-Identifier: MIT
// PTS's table of results (result_table.hpp): the column headings (horizontal from PTS 7, each
// turned a quarter before), the row labels right-aligned and bold at the left, and each value
// centred in its cell, one pixel under its row's label.
#include "input/pts_svg/result_table.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "input/pts_svg/svg_texts.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

bool is_rotated(const svg_text& t) { return t.transform.find("rotate") != std::string_view::npos; }

// The index of the centre nearest `x` within `tolerance`, or -1.
int nearest(const std::vector<double>& centres, double x, double tolerance) {
  int best = -1;
  for (std::size_t i = 0; i < centres.size(); ++i) {
    auto d = std::fabs(centres[i] - x);
    if (d <= tolerance) {
      best = static_cast<int>(i);
      tolerance = d;
    }
  }
  return best;
}

}  // namespace

bool is_statistics_row(std::string_view label) {
  label = trim(label);
  return label == "Difference" || label == "Standard Error" || label == "Standard Deviation";
}

bool read_result_table(const pugi::xml_node& svg, result_table& out, std::string& why) {
  const auto texts = all_texts(svg);
  const svg_text* title = nullptr;
  for (const auto& t : texts) {
    if (t.anchor == "start" && !is_rotated(t) && (title == nullptr || t.y < title->y)) title = &t;
  }
  // The column headings: what stands on the top edge of the columns (PTS 7 on), or each turned
  // a quarter (before); bold.
  std::vector<svg_text> headings;
  for (const auto& t : texts) {
    if (t.weight == "bold" && (t.baseline == "text-before-edge" || is_rotated(t))) {
      headings.push_back(t);
    }
  }
  if (headings.empty()) {
    why = "no column headings";
    return false;
  }
  std::sort(headings.begin(), headings.end(), [](auto& a, auto& b) { return a.x < b.x; });
  double headings_y = 0;
  std::vector<double> centres;
  for (const auto& h : headings) {
    headings_y = std::max(headings_y, h.y);
    centres.push_back(h.x);
    out.columns.emplace_back(trim(h.text));  // a grouped table writes ` NAME`
    out.column_nodes.push_back(h.node);
  }
  // A multi-way comparison's table (PTS 10) has no heading: the title is then not told.
  if (title != nullptr && title->y < headings.front().y) out.title = std::string(trim(title->text));
  const double title_y = title != nullptr ? title->y : 0;
  const double title_x = title != nullptr ? title->x : -1;
  std::vector<svg_text> groups, labels, values;
  for (const auto& t : texts) {
    if (&t == title || (t.weight == "bold" && (t.baseline == "text-before-edge" || is_rotated(t)))) {
      continue;
    }
    if (title != nullptr && t.anchor == "start" && std::fabs(t.x - title_x) < 1 && t.y > title_y &&
        t.y < headings.front().y) {
      out.subtitles.emplace_back(trim(t.text));
    } else if (t.anchor == "middle" && t.weight == "bold" && t.y < headings.front().y) {
      groups.push_back(t);  // a multi-way comparison's groups, over their columns
    } else if (t.anchor == "end" && t.weight == "bold" && t.y > headings_y) {
      labels.push_back(t);
    } else if (t.anchor == "middle" && t.weight != "bold" && t.y > headings_y) {
      values.push_back(t);
    }
  }
  if (!groups.empty()) {
    auto runs = column_runs(groups, centres);
    if (runs.empty()) {
      why = "its group headings do not each stand over a run of columns";
      return false;
    }
    std::sort(groups.begin(), groups.end(), [](auto& a, auto& b) { return a.x < b.x; });
    for (std::size_t r = 0; r < runs.size(); ++r) {
      for (auto c = runs[r].first; c <= runs[r].second; ++c) {
        out.columns[c] = std::string(trim(groups[r].text)) + ": " + out.columns[c];
      }
    }
  }
  if (labels.empty()) {
    why = "no rows";
    return false;
  }
  std::sort(labels.begin(), labels.end(), [](auto& a, auto& b) { return a.y < b.y; });
  for (const auto& l : labels) {
    out.rows.push_back({std::string(trim(l.text)),
                        std::vector<std::optional<std::string>>(centres.size()),
                        std::vector<pugi::xml_node>(centres.size()), l.node});
  }
  by_height rows(labels);
  // Half the narrowest column: a value further from its heading's centre is in no column.
  double half = std::numeric_limits<double>::infinity();
  for (std::size_t c = 1; c < centres.size(); ++c) half = std::min(half, (centres[c] - centres[c - 1]) / 2);
  if (!std::isfinite(half)) half = 60;
  for (const auto& v : values) {
    auto r = rows.nearest(v.y, 8.0);
    auto c = nearest(centres, v.x, half);
    if (r < 0 || c < 0) {
      why = "value '" + v.text + "' stands in no row and column";
      return false;
    }
    auto& cell = out.rows[static_cast<std::size_t>(r)].cells[static_cast<std::size_t>(c)];
    if (cell) {
      why = "two values stand in one cell ('" + *cell + "', '" + v.text + "')";
      return false;
    }
    cell = std::string(trim(v.text));
    out.rows[static_cast<std::size_t>(r)].cell_nodes[static_cast<std::size_t>(c)] = v.node;
  }
  return true;
}

}  // namespace iosr::detail
