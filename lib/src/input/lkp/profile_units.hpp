// SPDX-License-Identifier: MIT
// The unit and direction of PTS's test results, keyed as LKP names them (`fio`, `mb_s` ->
// `MB/s`, higher is better): facts of PTS's own test profiles, generated into
// profile_units.cpp by tests/tools/lkp_profile_units.py (docs/lkp.md, "Units and direction").
#pragma once

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

/// Each test's units, by (test, key), byte-wise sorted; a test whose results write one key two
/// ways (`Vrays`, `vrays`) has no row for it.
std::span<const profile_unit> units_by_test();

/// The keys that one unit of all the profiles gives, sorted by key, with the direction every
/// profile of that unit agrees on (none where some disagree: `Seconds` is lower is better in
/// all but two).
std::span<const profile_unit> units_of_any_test();

}  // namespace iosr::detail
