// SPDX-License-Identifier: MIT
// The result output registry: one row per output format, and the writers it names.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "iosr/model.hpp"
#include "iosr/render.hpp"

namespace iosr::detail {

using render_fn = void (*)(std::span<const result_file> files, const render_options& options,
                           std::string& out);

struct output_format {
  std::string_view name;
  std::string_view extension;
  std::string_view help;
  render_fn render;
  /// True when several inputs make one output (a dataset); false when each input needs its own
  /// output file (composite.xml, JSON and text hold one result file each).
  bool combines = false;
};

std::span<const output_format> output_formats();

// The writers, one file each.
void write_tidy_csv(std::span<const result_file> files, const render_options& options,
                    std::string& out);
void write_tidy_jsonl(std::span<const result_file> files, const render_options& options,
                      std::string& out);
void write_iosr_json(std::span<const result_file> files, const render_options& options,
                     std::string& out);
void write_composite_xml(std::span<const result_file> files, const render_options& options,
                         std::string& out);
void write_pts_text(std::span<const result_file> files, const render_options& options,
                    std::string& out);

}  // namespace iosr::detail
