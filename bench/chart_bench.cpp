// SPDX-License-Identifier: MIT
// The chart images' cost (docs/performance.md, "Chart images"): every image of a comparison drawn
// as SVG (draw_charts), against a floor measured in the same run, the HTML page of the same
// comparison (render_comparison "html"), which draws the same 52 charts inline and everything
// else of the page; and the PNG and PDF renderings by librsvg, per image. CPU time of this
// process (one thread), best of the passes, so that other work on the machine moves it little.
// Usage: chart_bench FILE... [--passes N]
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <tuple>
#include <vector>

#include "iosr/chart.hpp"
#include "iosr/compare.hpp"
#include "iosr/read.hpp"

namespace {

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double best_of(int passes, const std::function<void()>& work) {
  double best = 1e300;
  for (int p = 0; p < passes; ++p) {
    const double start = cpu_seconds();
    work();
    best = std::min(best, cpu_seconds() - start);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  int passes = 20;
  std::vector<iosr::result_file> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--passes") == 0 && i + 1 < argc) {
      passes = std::atoi(argv[++i]);
    } else {
      files.push_back(iosr::read_results_file(argv[i]));
    }
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: chart_bench FILE... [--passes N]\n");
    return 2;
  }
  const auto c = iosr::compare(files);
  std::size_t bytes = 0, images = 0;
  // Floor and measurement alternate, pass after pass, so that a change of load hits both.
  double floor = 1e300, svg = 1e300;
  for (int p = 0; p < passes; ++p) {
    floor = std::min(floor, best_of(1, [&] {
                       std::string page;
                       iosr::render_comparison(c, "html", {}, page);
                       bytes = page.size();
                     }));
    svg = std::min(svg, best_of(1, [&] { images = iosr::draw_charts(c).size(); }));
  }
  const auto drawn = iosr::draw_charts(c);
  std::size_t svg_bytes = 0;
  for (const auto& image : drawn) svg_bytes += image.svg.size();
  std::printf("%zu tests, %zu images\n", c.tests.size(), images);
  std::printf("floor: the HTML page (%zu bytes): %.2f ms\n", bytes, floor * 1e3);
  std::printf("draw_charts, every image as SVG (%zu bytes): %.2f ms = %.2fx the floor\n",
              svg_bytes, svg * 1e3, svg / floor);
  const int raster_passes = std::max(1, passes / 10);
  for (const auto& [format, scale, name] :
       {std::tuple{iosr::image_format::png, 1.0, "PNG at 96 dpi"},
        std::tuple{iosr::image_format::png, 3.125, "PNG at 300 dpi"},
        std::tuple{iosr::image_format::pdf, 1.0, "PDF"}}) {
    std::size_t out = 0;
    const double t = best_of(raster_passes, [&] {
      out = 0;
      for (const auto& image : drawn) out += iosr::render_chart(image, format, scale).size();
    });
    std::printf("%s, every image (%zu bytes): %.0f ms, %.1f ms an image\n", name, out, t * 1e3,
                t * 1e3 / static_cast<double>(drawn.size()));
  }
  return 0;
}
