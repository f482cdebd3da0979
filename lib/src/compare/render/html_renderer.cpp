// SPDX-License-Identifier: MIT
#include "compare/render/comparison_formats.hpp"
namespace iosr::detail {
void render_html(const comparison&, const comparison_render_options&, std::string&) {}
}
