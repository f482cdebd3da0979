// SPDX-License-Identifier: MIT
// libFuzzer target: the table reader (`--from table`) on arbitrary bytes, under one of a few
// layouts (long, wide, captioned, by place) chosen by the first byte, then every writer on what
// it read.
#include "fuzz_support.hpp"

namespace {

iosr::read_options layout_for(std::uint8_t choice) {
  iosr::read_options options;
  auto& t = options.table;
  switch (choice % 4) {
    case 0:  // a row per entry, the unit in the test's column
      t = {.test = {"Test"},
           .value = "Value",
           .unit = "Test",
           .error = "Error",
           .runs = "Runs",
           .configuration = "c"};
      break;
    case 1:  // a column per configuration, every other column
      t.columns = {"*"};
      t.direction = "=lower";
      break;
    case 2:  // a cover letter's: captioned, configuration column groups
      t.test = {"@Test"};
      t.unit = "@Units";
      t.direction = "@Interpretation";
      t.columns = {"a", "b"};
      break;
    default:  // by place
      t.test = {"#1", "#2"};
      t.label = "#3";
      t.value = "#4";
      t.direction = "#5";
      break;
  }
  return options;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  auto options = layout_for(data[0]);
  try {
    iosr::fuzz::render_everything(
        iosr::detail::read_with("table", iosr::fuzz::as_text(data + 1, size - 1), "fuzz", options));
  } catch (const iosr::parse_error&) {
  }
  return 0;
}
