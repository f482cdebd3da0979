// SPDX-License-Identifier: MIT
// The unit and direction of PTS's test results, keyed as LKP names them (`fio`, `mb_s` ->
// `MB/s`, higher is better): facts of PTS's own test profiles, generated into
// profile_units.cpp by tests/tools/lkp_profile_units.py (docs/lkp.md, "Units and direction").
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "iosr/model.hpp"

namespace iosr::detail {

struct profile_unit {
  std::string_view test;  ///< the test profile without repository and version (`fio`); empty
                          ///< in units_of_any_test()
  std::string_view key;   ///< the unit as LKP writes it: lower case, `_` for blanks and `/`
  std::string_view unit;  ///< as PTS writes it (`MB/s`)
  direction dir;          ///< the profiles' Proportion: none where they disagree
};

/// A row of the tables as generated: offsets and lengths in packed_units::texts, not addresses,
/// so that the dynamic loader has nothing to relocate in them at start (as string_views they were
/// 3,236 relocations and 13 written pages at every start of iosr, LKP input or not).
struct packed_unit {
  std::uint16_t test, test_size, key, key_size, unit, unit_size;
  direction dir;
};

struct packed_units {
  std::string_view texts;  ///< every text of the rows once, one after another
  std::span<const packed_unit> by_test, of_any_test;
};

/// The tables as tests/tools/lkp_profile_units.py generates them (profile_units.cpp).
packed_units packed_profile_units();

/// Each test's units, by (test, key), byte-wise sorted (unpacked on first use, metric.cpp); a test whose results write one key two
/// ways (`Vrays`, `vrays`) has no row for it.
std::span<const profile_unit> units_by_test();

/// The keys that one unit of all the profiles gives, sorted by key, with the direction every
/// profile of that unit agrees on (none where some disagree: `Seconds` is lower is better in
/// all but two).
std::span<const profile_unit> units_of_any_test();

}  // namespace iosr::detail
