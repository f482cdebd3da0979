// SPDX-License-Identifier: MIT
// Each enum's one table of names (iosr/names.hpp): a name for every value, each name once, and
// from_string() the inverse of to_string().
#include "iosr/names.hpp"

#include <set>
#include <string>
#include <string_view>

#include "catch.hpp"
#include "iosr/compare.hpp"
#include "iosr/counted.hpp"
#include "iosr/error.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"
#include "iosr/render.hpp"
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

TEST_CASE("A count reads in the singular for one, in every output (iosr::counted)", "[names]") {
  CHECK(iosr::counted(1, "file") == "1 file");
  CHECK(iosr::counted(0, "file") == "0 files");
  CHECK(iosr::counted(2, "p-value") == "2 p-values");
  CHECK(iosr::counted(1, "entry", "entries") == "1 entry");
  CHECK(iosr::counted(21, "entry", "entries") == "21 entries");
  // The listing of a file with one system and one chart, as show prints it.
  const auto file = iosr::read_results(
      "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone ... 10 |====\n", "one.txt");
  CHECK(iosr::render_listing(file).find("\n1 system, 1 chart, 1 entry, 0 warnings\n") !=
        std::string::npos);
}
