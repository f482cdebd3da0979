// SPDX-License-Identifier: MIT
// The comparison output registry: one row per format.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "iosr/compare.hpp"

namespace iosr::detail {

using render_comparison_fn = void (*)(const comparison& c, const comparison_render_options& options,
                                      std::string& out);

struct comparison_format {
  std::string_view name;
  std::string_view summary;
  render_comparison_fn render;
};

std::span<const comparison_format> comparison_formats();

// The renderers, one file each.
void render_ascii(const comparison& c, const comparison_render_options& options, std::string& out);
void render_markdown(const comparison& c, const comparison_render_options& options,
                     std::string& out);
void render_html(const comparison& c, const comparison_render_options& options, std::string& out);
void render_comparison_csv(const comparison& c, const comparison_render_options& options,
                           std::string& out);
void render_json(const comparison& c, const comparison_render_options& options, std::string& out);

}  // namespace iosr::detail
