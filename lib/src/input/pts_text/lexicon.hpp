// SPDX-License-Identifier: MIT
// Facts about PTS test titles and units, used to split collapsed chart headers
// (`Timed GCC Compilation 9.3.0 Time To Compile Seconds`) into title, version, description, unit.
#pragma once

#include <span>
#include <string_view>

namespace iosr::detail {

/// Test titles as PTS prints them (`Flexible IO Tester`, `PostgreSQL pgbench`), sorted.
std::span<const std::string_view> known_test_titles();

/// Result units (Scale) as PTS prints them (`MB/s`, `Microseconds - Average Latency`), sorted.
std::span<const std::string_view> known_units();

}  // namespace iosr::detail
