// SPDX-License-Identifier: MIT
// THE result output registry (`iosr convert --to`): adding a format is a writer file in this
// folder plus one row here.
#include "render/result/result_formats.hpp"

#include <string>

#include "render/format_registry.hpp"

namespace iosr::detail {

namespace {
constexpr output_format formats[] = {
    {"csv", ".csv", "tidy CSV, one row per entry (RFC 4180; docs/csv.md)", write_tidy_csv,
     /*combines=*/true},
    {"jsonl", ".jsonl", "JSON Lines, one object per entry with the CSV's columns (docs/jsonl.md)",
     write_tidy_jsonl, /*combines=*/true},
    {"json", ".json", "iosr's own JSON, every field of the model (docs/json.md)", write_iosr_json},
    {"xml", ".xml", "PTS composite.xml (today's layout; full fidelity)", write_composite_xml},
    {"pts-text", ".txt", "PTS text export, byte for byte as result-file-to-text prints it",
     write_pts_text},
};
}  // namespace

std::span<const output_format> output_formats() { return formats; }

}  // namespace iosr::detail

namespace iosr {

std::vector<output_format_info> list_output_formats() {
  return detail::list_formats(detail::output_formats(), [](const auto& f) {
    return output_format_info{f.name, f.extension, f.help, f.combines};
  });
}

void render(std::span<const result_file> files, std::string_view format,
            const render_options& options, std::string& out) {
  detail::find_format(detail::output_formats(), format, "output").render(files, options, out);
}

}  // namespace iosr
