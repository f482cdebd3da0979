// SPDX-License-Identifier: MIT
// The <text> elements of PTS's SVG graphs, with the attributes that place and style them: what
// the readers of PTS's graphs read, since a graph holds its values nowhere else.
#pragma once

#include <pugixml.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace iosr::detail {

struct svg_text {
  /// The element's text, entities decoded; a long line PTS wrapped into <tspan>s joined back.
  std::string text;
  double x = 0;
  double y = 0;
  pugi::xml_node node;  ///< for its position
  /// Its presentation attributes, its own or else those of the <g> around it (PTS sets the
  /// common style on a group, and from 8.x a text's own anchor or fill where it differs).
  std::string_view anchor, fill, weight, font_size, baseline, transform;
  /// The <g> child of the graph it is in, in document order; -1 when none (PTS 5.x groups
  /// nothing).
  int group = -1;
};

/// An element's attribute, empty when absent.
inline std::string_view attribute(const pugi::xml_node& node, const char* name) {
  return node.attribute(name).value();
}

/// The <text> elements under `node` (through <a> links, not through nested <g> groups), in
/// document order.
std::vector<svg_text> texts_of(const pugi::xml_node& node);

/// Every <text> of the graph `svg`: its own and those of its <g> groups (through <a> links),
/// in document order, each with its group's attributes where it has none of its own.
std::vector<svg_text> all_texts(const pugi::xml_node& svg);

/// What a group of texts (<g>) says of all of them: PTS sets the common style on the group.
struct svg_group {
  pugi::xml_node node;
  std::vector<svg_text> texts;
  std::string_view fill, anchor, weight, font_size, baseline;
};

/// The <g> children of `svg` that hold texts, in document order.
std::vector<svg_group> groups_of(const pugi::xml_node& svg);

/// The columns each value of a table's row spans: PTS writes a value once, centred over the
/// columns that share it, so the values of a row, left to right, cover the columns in runs.
/// Each run starts where the previous ended; its end is the column whose centre with the
/// start's is the value's x. Empty when the row does not cover the columns so (a value
/// missing, or x not a run's centre).
std::vector<std::pair<std::size_t, std::size_t>> column_runs(std::vector<svg_text> values,
                                                             const std::vector<double>& columns);

/// Texts by height, for the lookups of bars and rows: sorted once, each lookup in log time (a
/// page of many rows would be quadratic otherwise).
class by_height {
 public:
  explicit by_height(const std::vector<svg_text>& texts);
  /// The index of the text whose y is nearest `y`, within `tolerance`; -1 when none is.
  int nearest(double y, double tolerance) const;
  /// The index of the lowest text at or above `y` (the greatest y not over it; of equal ones,
  /// the later); -1 when every text is below it.
  int last_not_below(double y) const;

 private:
  std::vector<std::pair<double, int>> sorted_;
};

}  // namespace iosr::detail
