// SPDX-License-Identifier: MIT
// THE output registry: adding a format is a renderer file plus one row here.
#include "output/output_formats.hpp"

#include <stdexcept>
#include <string>

namespace iosr::detail {

namespace {
constexpr output_format formats[] = {
    {"csv", ".csv", "tidy CSV, one row per entry (RFC 4180; docs/csv.md)", render_csv,
     /*combines=*/true},
    {"jsonl", ".jsonl", "JSON Lines, one object per entry with the CSV's columns (docs/jsonl.md)",
     render_jsonl, /*combines=*/true},
    {"json", ".json", "iosr's own JSON, every field of the model (docs/json.md)", render_json},
    {"xml", ".xml", "PTS composite.xml (today's layout; full fidelity)", render_xml},
    {"pts-text", ".txt", "PTS text export, byte for byte as result-file-to-text prints it",
     render_pts_text},
};
}  // namespace

std::span<const output_format> output_formats() { return formats; }

}  // namespace iosr::detail

namespace iosr {

std::vector<output_format_info> list_output_formats() {
  std::vector<output_format_info> list;
  for (const auto& f : detail::output_formats()) {
    list.push_back({f.name, f.extension, f.summary, f.combines});
  }
  return list;
}

void render(std::span<const result_file> files, std::string_view format,
            const render_options& options, std::string& out) {
  for (const auto& f : detail::output_formats()) {
    if (f.name == format) return f.render(files, options, out);
  }
  throw std::invalid_argument("unknown output format '" + std::string(format) + "'");
}

}  // namespace iosr
