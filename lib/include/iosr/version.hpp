// SPDX-License-Identifier: MIT
// The library's version, as `iosr --version` prints it.
#pragma once

#include <string_view>

namespace iosr {
/// `MAJOR.MINOR.PATCH`.
std::string_view version();
}  // namespace iosr
