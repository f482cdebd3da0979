// SPDX-License-Identifier: MIT
// A comparison as chart images that read alone, as an OpenBenchmarking.org graph does: one per
// test and one for the summary, drawn as SVG by the same drawing as the HTML page's charts,
// and rendered to PNG or PDF by librsvg (docs/charts.md).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/compare.hpp"
#include "iosr/names.hpp"

namespace iosr {

/// The colours of an image (`--theme`).
enum class chart_theme { light, dark };

template <>
struct enum_names<chart_theme> {
  static constexpr std::string_view names[] = {"light", "dark"};
};

/// `light` or `dark`.
constexpr std::string_view to_string(chart_theme t) { return name_of(t); }

/// The file format of an image (`--format`).
enum class image_format { svg, png, pdf };

template <>
struct enum_names<image_format> {
  static constexpr std::string_view names[] = {"svg", "png", "pdf"};
};

/// `svg`, `png` or `pdf`: also the file extension.
constexpr std::string_view to_string(image_format f) { return name_of(f); }

/// The narrowest and widest image drawn, in CSS pixels.
inline constexpr int min_chart_width = 320;
inline constexpr int max_chart_width = 4000;

struct chart_options {
  chart_theme theme = chart_theme::light;
  /// The image's width in CSS pixels (1/96 inch); the height follows from the content. 800 suits
  /// a web page; 680 is the text width of an A4 page with 15 mm margins.
  int width = 800;
  /// The configurations drawn, in this order, each named as --only names one
  /// (names_configuration()); empty: every configuration, ranked best first in its group.
  std::vector<std::string> columns;
};

/// One image: what it shows, a file name for it, and its SVG.
struct chart_image {
  /// A file name without extension, unique among the images of one comparison and safe on
  /// every file system: `summary`, `03-fio-3-18-type-random-read-block-size-4kb`.
  std::string name;
  std::string title;                ///< the image's title, as its <title> says it
  std::optional<std::size_t> test;  ///< index in comparison::tests; empty for the summary
  std::string svg;                  ///< a standalone SVG 1.1 document
  int width = 0;                    ///< in CSS pixels, as the SVG's width and height say
  int height = 0;
};

/// The summary image (geometric mean ratio of each configuration with its interval, per compare
/// group), then one image per test in the comparison's test order. Throws iosr::error (usage)
/// for a width outside [min_chart_width, max_chart_width] and for a column that names no
/// configuration.
std::vector<chart_image> draw_charts(const comparison& c, const chart_options& options = {});

/// Renders an image's SVG (one of draw_charts()) to PNG or PDF with librsvg and cairo, in the
/// DejaVu Sans font only; for svg returns the SVG itself. `scale` is device pixels per CSS pixel
/// for PNG (1 for the web, 300 / 96 for print at 300 dpi); a PDF page is the image's size in
/// points, its text and shapes kept as vectors. Throws iosr::error (system) when librsvg cannot
/// render it.
std::string render_chart(const chart_image& image, image_format format, double scale = 1.0);

/// The Markdown page of `iosr report` (its index.md): the title, what was compared, `prose`
/// when given (the executive summary's place, as Markdown), the summary image, then the
/// comparison's Markdown (render_comparison "md" with `columns`) with each test's image after
/// the first table of its family. `images` are draw_charts()'s, found in `images/NAME.svg`.
std::string report_index(const comparison& c, const std::vector<chart_image>& images,
                         const std::vector<std::string>& columns, std::string_view prose = {});

}  // namespace iosr
