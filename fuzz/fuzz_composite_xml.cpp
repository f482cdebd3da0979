// SPDX-License-Identifier: MIT
// libFuzzer target: the composite-xml reader on arbitrary bytes, then every writer on what it
// read; and the whole read of a copy parsed in place against the text as given
// (check_in_place_reads_alike).
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto text = iosr::fuzz::as_text(data, size);
  iosr::fuzz::read_and_render(text, "composite-xml");
  iosr::fuzz::check_in_place_reads_alike(text);
  return 0;
}
