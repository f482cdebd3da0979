// SPDX-License-Identifier: MIT
// The input registry: one row per input format, detection order first to last.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "iosr/model.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

struct input_format {
  std::string_view name;
  std::string_view summary;
  /// Cheap look at the content: does this format claim it?
  bool (*sniff)(std::string_view text);
  /// Reads it; throws parse_error. Honours the limits that concern it: entries per chart (all,
  /// while reading), XML depth (composite.xml).
  result_file (*read)(std::string_view text, const std::string& name, const read_options& options);
};

std::span<const input_format> input_formats();

}  // namespace iosr::detail
