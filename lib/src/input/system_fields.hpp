// SPDX-License-Identifier: MIT
// Splitting PTS hardware and software strings (`Processor: X, Motherboard: Y, ...`) into fields.
#pragma once

#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "iosr/model.hpp"

namespace iosr::detail {

/// PTS's hardware keys in its order: Processor, Motherboard, Chipset, Memory, Disk, ...
std::span<const std::string_view> hardware_keys();
/// PTS's software keys in its order: OS, Kernel, Desktop, ..., Screen Resolution, System Layer.
std::span<const std::string_view> software_keys();

/// Splits `Key: value, Key: value` into fields. Pairs are separated by `, `; a piece without
/// `: ` (a value that itself holds `, `) is joined back onto the previous value.
std::vector<field> split_fields(std::string_view text);

/// Splits a collapsed `hardware software` run, where no comma precedes the first software key
/// (`... Network: Intel I211 OS: Ubuntu 20.04, ...`), into the two strings.
std::pair<std::string_view, std::string_view> split_hardware_software(std::string_view text);

/// True when `line` starts with a known hardware (or, for software_line, software) key.
bool starts_with_hardware_key(std::string_view line);
bool starts_with_software_key(std::string_view line);

}  // namespace iosr::detail
