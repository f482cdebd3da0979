// SPDX-License-Identifier: MIT
// libFuzzer target: the iosr-table reader (iosr's own CSV and Markdown tables) on arbitrary
// bytes, then every writer on what it read.
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return iosr::fuzz::read_and_render(iosr::fuzz::as_text(data, size), "iosr-table");
}
