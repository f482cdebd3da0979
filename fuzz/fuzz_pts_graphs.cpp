// SPDX-License-Identifier: MIT
// libFuzzer target: the pts-graphs reader on arbitrary bytes (a graph alone, or a folder's
// graphs joined), then every writer on what it read.
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return iosr::fuzz::read_and_render(iosr::fuzz::as_text(data, size), "pts-graphs");
}
