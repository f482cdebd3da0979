// SPDX-License-Identifier: MIT
// The version string, set by CMake from the project version.
#include "iosr/version.hpp"

namespace iosr {
std::string_view version() { return IOSR_VERSION; }
}  // namespace iosr
