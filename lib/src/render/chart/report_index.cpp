// SPDX-License-Identifier: MIT
// The Markdown page of a report (report_index, iosr/chart.hpp): the comparison's Markdown with
// the chart images placed in it, under a title and a line that names the inputs and the
// report's other files.
#include <string>

#include "iosr/chart.hpp"
#include "iosr/version.hpp"
#include "render/escape.hpp"

namespace iosr {

std::string report_index(const comparison& c, const std::vector<chart_image>& images,
                         const std::vector<std::string>& columns, std::string_view prose) {
  using detail::markdown_escaped;
  using detail::markdown_place;
  std::string title;
  for (const auto& in : c.inputs) {
    if (!in.title.empty() && title.find(in.title) == std::string::npos) {
      title += (title.empty() ? "" : " · ") + in.title;
    }
  }
  if (title.empty()) title = "Benchmark comparison";
  std::string out = "# " + markdown_escaped(title, markdown_place::heading) +
                    "\n\nCompared by iosr " + std::string(version()) + ":";
  for (std::size_t i = 0; i < c.inputs.size(); ++i) {
    out += (i ? ", " : " ") + markdown_escaped(c.inputs[i].source_name);
  }
  out +=
      ". The page [index.html](index.html) shows the same with the systems and how the figures "
      "are computed, [data.csv](data.csv) holds every value read, and every image is in "
      "images/ as SVG and PNG.\n\n";
  if (!prose.empty()) out += std::string(prose) + (prose.back() == '\n' ? "\n" : "\n\n");
  comparison_render_options render;
  render.columns = columns;
  render.test_images.resize(c.tests.size());
  for (const auto& image : images) {
    const auto path = "images/" + image.name + ".svg";
    if (image.test) {
      render.test_images[*image.test] = path;
    } else {
      out += "![" + markdown_escaped(image.title) + "](" + path + ")\n\n";
    }
  }
  render_comparison(c, "md", render, out);
  return out;
}

}  // namespace iosr
