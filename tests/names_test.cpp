// SPDX-License-Identifier: MIT
// Each enum's one table of names (iosr/names.hpp): a name for every value, each name once, and
// from_string() the inverse of to_string().
#include "iosr/names.hpp"

#include <set>
#include <string>
#include <string_view>

#include "catch.hpp"
#include "iosr/compare.hpp"
#include "iosr/error.hpp"
#include "iosr/model.hpp"
#include "iosr/trend.hpp"

namespace {

// `last` is the enum's last value: every value up to it has a name, no name is repeated, and
// each name reads back as its value.
template <class E>
void check_names(E last) {
  const auto count = static_cast<std::size_t>(last) + 1;
  CHECK(std::size(iosr::enum_names<E>::names) == count);
  std::set<std::string_view> seen;
  for (std::size_t i = 0; i < count; ++i) {
    const auto value = static_cast<E>(i);
    const auto name = iosr::name_of(value);
    CHECK(seen.insert(name).second);
    CHECK(iosr::from_string<E>(name) == value);
  }
}

}  // namespace

TEST_CASE("every named enum has one name per value, read back by from_string", "[names]") {
  check_names(iosr::direction::lower);
  check_names(iosr::entry_kind::failed);
  check_names(iosr::group_by::none);
  check_names(iosr::test_order::name);
  check_names(iosr::noise::few_runs);
  check_names(iosr::trend_by::label);
  check_names(iosr::error_kind::system);
  CHECK_FALSE(iosr::from_string<iosr::group_by>("Group"));
  CHECK(iosr::choices_of<iosr::group_by>() == "input+group, group, input or none");
  CHECK(iosr::to_string(iosr::noise::not_significant) == "~");
  CHECK(iosr::to_string(iosr::direction::none).empty());
}
