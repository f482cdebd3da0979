// SPDX-License-Identifier: MIT
// The texts of PTS's SVG graphs (svg_texts.hpp).
#include "input/pts_svg/svg_texts.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>

namespace iosr::detail {

namespace {

// The text of a <text>: its own, then each <tspan>'s (PTS wraps a long note into lines, each
// a tspan that starts with the blank it was cut at).
std::string text_of(const pugi::xml_node& text) {
  std::string joined = text.child_value();
  for (auto span : text.children("tspan")) joined += span.child_value();
  return joined;
}

// The attributes a text takes from the group around it when it has none of its own.
struct inherited {
  std::string_view anchor, fill, weight, font_size, baseline;
};

svg_text make_text(const pugi::xml_node& text, const inherited& from, int group) {
  svg_text t;
  t.text = text_of(text);
  t.x = text.attribute("x").as_double();
  t.y = text.attribute("y").as_double();
  t.node = text;
  auto own = [&](const char* name, std::string_view fallback) {
    auto value = attribute(text, name);
    return value.empty() ? fallback : value;
  };
  t.anchor = own("text-anchor", from.anchor);
  t.fill = own("fill", from.fill);
  t.weight = own("font-weight", from.weight);
  t.font_size = own("font-size", from.font_size);
  t.baseline = own("dominant-baseline", from.baseline);
  t.transform = attribute(text, "transform");
  t.group = group;
  return t;
}

void collect(const pugi::xml_node& node, std::vector<svg_text>& out, const inherited& from = {},
             int group = -1) {
  for (auto child : node.children()) {
    if (child.type() != pugi::node_element) continue;
    if (std::strcmp(child.name(), "text") == 0) {
      out.push_back(make_text(child, from, group));
    } else if (std::strcmp(child.name(), "a") == 0) {
      // PTS links a test or a component to OpenBenchmarking.org by wrapping its text.
      collect(child, out, from, group);
    }
  }
}

}  // namespace

std::vector<svg_text> texts_of(const pugi::xml_node& node) {
  std::vector<svg_text> out;
  collect(node, out);
  return out;
}

std::vector<svg_text> all_texts(const pugi::xml_node& svg) {
  std::vector<svg_text> out;
  int group = 0;
  for (auto child : svg.children()) {
    if (child.type() != pugi::node_element) continue;
    if (std::strcmp(child.name(), "g") == 0) {
      inherited from{attribute(child, "text-anchor"), attribute(child, "fill"),
                     attribute(child, "font-weight"), attribute(child, "font-size"),
                     attribute(child, "dominant-baseline")};
      collect(child, out, from, group++);
    } else if (std::strcmp(child.name(), "text") == 0) {
      out.push_back(make_text(child, {}, -1));
    } else if (std::strcmp(child.name(), "a") == 0) {
      collect(child, out);
    }
  }
  return out;
}

std::vector<svg_group> groups_of(const pugi::xml_node& svg) {
  std::vector<svg_group> groups;
  for (auto g : svg.children("g")) {
    auto texts = texts_of(g);
    if (texts.empty()) continue;
    // The group's style, or (PTS 10.8.4 sets a single system's identifier anchor on its text)
    // the style all its texts share.
    auto shared = [&](const char* name) {
      std::string_view value = attribute(g, name);
      if (!value.empty()) return value;
      value = attribute(texts.front().node, name);
      for (auto& t : texts) {
        if (attribute(t.node, name) != value) return std::string_view();
      }
      return value;
    };
    groups.push_back({g, texts, shared("fill"), shared("text-anchor"), shared("font-weight"),
                      shared("font-size"), shared("dominant-baseline")});
  }
  return groups;
}

by_height::by_height(const std::vector<svg_text>& texts) {
  sorted_.reserve(texts.size());
  for (std::size_t i = 0; i < texts.size(); ++i) {
    sorted_.emplace_back(texts[i].y, static_cast<int>(i));
  }
  std::sort(sorted_.begin(), sorted_.end());
}

int by_height::nearest(double y, double tolerance) const {
  auto after = std::lower_bound(sorted_.begin(), sorted_.end(), std::pair{y, -1});
  int best = -1;
  double best_distance = tolerance;
  for (auto it : {after, after == sorted_.begin() ? sorted_.end() : std::prev(after)}) {
    if (it == sorted_.end()) continue;
    auto distance = std::fabs(it->first - y);
    if (distance <= best_distance) {
      best = it->second;
      best_distance = distance;
    }
  }
  return best;
}

int by_height::last_not_below(double y) const {
  auto after = std::upper_bound(sorted_.begin(), sorted_.end(),
                                std::pair{y, std::numeric_limits<int>::max()});
  return after == sorted_.begin() ? -1 : std::prev(after)->second;
}

std::vector<std::pair<std::size_t, std::size_t>> column_runs(std::vector<svg_text> values,
                                                             const std::vector<double>& columns) {
  std::sort(values.begin(), values.end(), [](auto& a, auto& b) { return a.x < b.x; });
  std::vector<std::pair<std::size_t, std::size_t>> runs;
  std::size_t first = 0;
  for (const auto& v : values) {
    std::size_t last = first;
    while (last < columns.size() && std::fabs((columns[first] + columns[last]) / 2 - v.x) > 1.0) {
      ++last;
    }
    if (last == columns.size()) return {};
    runs.emplace_back(first, last);
    first = last + 1;
  }
  if (first != columns.size()) return {};
  return runs;
}

}  // namespace iosr::detail
