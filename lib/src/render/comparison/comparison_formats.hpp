// SPDX-License-Identifier: MIT
// The comparison format registry: one row per format, and the renderers it names.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "iosr/compare.hpp"
#include "render/format_registry.hpp"

namespace iosr::detail {

using comparison_format = drawing_format<comparison, comparison_render_options>;

std::span<const comparison_format> comparison_formats();

// The renderers, one file each (NAME_comparison.cpp).
void render_ascii_comparison(const comparison& c, const comparison_render_options& options,
                             std::string& out);
void render_markdown_comparison(const comparison& c, const comparison_render_options& options,
                                std::string& out);
void render_html_comparison(const comparison& c, const comparison_render_options& options,
                            std::string& out);
void render_csv_comparison(const comparison& c, const comparison_render_options& options,
                           std::string& out);
void render_json_comparison(const comparison& c, const comparison_render_options& options,
                            std::string& out);
void render_executive_summary_comparison(const comparison& c,
                                         const comparison_render_options& options,
                                         std::string& out);
void render_bmf_comparison(const comparison& c, const comparison_render_options& options,
                           std::string& out);

}  // namespace iosr::detail
