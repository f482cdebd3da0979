// SPDX-License-Identifier: MIT
// THE texts that name a test and say how to read it, for every renderer that shows tests to a
// person (comparison and trend, ASCII, Markdown and HTML): its heading, its unit and direction.
#pragma once

#include <string>
#include <string_view>

#include "iosr/model.hpp"

namespace iosr::detail {

/// `SQLite 3.30.1: Threads / Copies: 8`: title, version and description, each when present.
std::string heading_text(const std::string& title, const std::string& version,
                         const std::string& description);

/// `higher is better`, `lower is better`, or empty.
std::string_view direction_text(direction d);

/// `Seconds, lower is better`: the unit, then direction_text(); either may be absent.
std::string unit_about(const std::string& unit, direction d);

/// `↑` (higher is better), `↓` (lower is better), or empty.
std::string_view direction_arrow(direction d);

}  // namespace iosr::detail
