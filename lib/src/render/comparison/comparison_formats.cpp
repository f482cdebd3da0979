// SPDX-License-Identifier: MIT
// THE comparison format registry (`iosr compare --format`): adding a format is a renderer file
// in this folder plus one row here.
#include "render/comparison/comparison_formats.hpp"

#include <string>

#include "render/format_registry.hpp"

namespace iosr::detail {

namespace {
constexpr comparison_format formats[] = {
    {"ascii", "ranked entries with bars and deltas per test, then the summary",
     render_ascii_comparison},
    {"md", "GitHub-flavoured Markdown for articles: the summary, then a table per test family",
     render_markdown_comparison},
    {"html", "one self-contained article page: the answer first, an SVG chart per test",
     render_html_comparison},
    {"csv", "one row per entry per test (RFC 4180; docs/compare.md)", render_csv_comparison},
    {"json", "the comparison as one JSON document (docs/compare.md)", render_json_comparison},
    {"executive-summary",
     "a few paragraphs of prose: who came first, geometric means, the largest changes",
     render_executive_summary_comparison},
    {"bmf", "Bencher Metric Format JSON, for bencher.dev (docs/ci-reports.md)",
     render_bmf_comparison},
};
}  // namespace

std::span<const comparison_format> comparison_formats() { return formats; }

}  // namespace iosr::detail

namespace iosr {

std::vector<comparison_format_info> list_comparison_formats() {
  return detail::list_formats(detail::comparison_formats(), [](const auto& f) {
    return comparison_format_info{f.name, f.help};
  });
}

void render_comparison(const comparison& c, std::string_view format,
                       const comparison_render_options& options, std::string& out) {
  detail::find_format(detail::comparison_formats(), format, "comparison").render(c, options, out);
}

}  // namespace iosr
