// SPDX-License-Identifier: MIT
// libFuzzer target: the pts-run reader (PTS's run output) on arbitrary bytes, then every writer
// on what it read.
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return iosr::fuzz::read_and_render(iosr::fuzz::as_text(data, size), "pts-run");
}
