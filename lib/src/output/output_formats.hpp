// SPDX-License-Identifier: MIT
// The output registry: one row per output format.
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
  std::string_view summary;
  render_fn render;
  /// True when several inputs make one output (a dataset); false when each input needs its own
  /// output file (composite.xml, JSON and text hold one result file each).
  bool combines = false;
};

std::span<const output_format> output_formats();

// The renderers, one file each.
void render_csv(std::span<const result_file> files, const render_options& options,
                std::string& out);
void render_jsonl(std::span<const result_file> files, const render_options& options,
                  std::string& out);
void render_json(std::span<const result_file> files, const render_options& options,
                 std::string& out);
void render_xml(std::span<const result_file> files, const render_options& options,
                std::string& out);
void render_pts_text(std::span<const result_file> files, const render_options& options,
                     std::string& out);

}  // namespace iosr::detail
