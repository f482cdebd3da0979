// SPDX-License-Identifier: MIT
// run_chart and run_report (iosr/operations.hpp): what `iosr chart` and `iosr report` do with
// their inputs. The files of a report are made here; where they go is the caller's business.
#include <span>
#include <string>

#include "iosr/operations.hpp"
#include "iosr/render.hpp"

namespace iosr {

chart_outcome run_chart(std::span<const result_file> files, const chart_request& request) {
  chart_outcome out;
  out.result = compare(files, request.options);
  out.images = draw_charts(out.result, request.charts);
  std::erase_if(out.images, [&](const chart_image& image) {
    return !(image.test ? request.tests : request.summary);
  });
  for (const auto& image : out.images) {
    out.files.push_back(render_chart(image, request.format, request.scale));
  }
  return out;
}

report_outcome run_report(std::span<const result_file> files, const report_request& request) {
  report_outcome out;
  out.result = compare(files, request.options);
  const auto& c = out.result;
  const auto images = draw_charts(c, request.charts);

  // The executive summary leads index.md and is also a file of its own, summary.md, for a
  // page or a mail that wants the prose alone.
  std::string prose = executive_summary_markdown(c);
  std::string index = report_index(c, images, request.charts.columns, prose);
  out.files.push_back({"index.md", std::move(index)});
  out.files.push_back({"summary.md", std::move(prose)});

  comparison_render_options page;
  page.columns = request.charts.columns;
  std::string html;
  render_comparison(c, "html", page, html);
  out.files.push_back({"index.html", std::move(html)});
  std::string csv;
  render(files, "csv", {}, csv);
  out.files.push_back({"data.csv", std::move(csv)});
  for (const auto& image : images) {
    out.files.push_back({"images/" + image.name + ".svg", image.svg});
    out.files.push_back({"images/" + image.name + ".png",
                         render_chart(image, image_format::png, request.png_scale)});
  }
  return out;
}

}  // namespace iosr
