// SPDX-License-Identifier: MIT
// libFuzzer target: the block finder (lib/src/input/blocks/, docs/blocks.md) on arbitrary
// text. Blocks must stand in order without overlapping, each inside the text, every offset of
// a block's text mapping back inside it; then every result file the text holds is read, as
// `iosr show` would, and rendered in every format; read_results() must agree (the one result,
// or a refusal when there are several).
#include <cstdio>
#include <cstdlib>

#include "fuzz_support.hpp"
#include "input/blocks/block_finder.hpp"

namespace {

[[noreturn]] void fail(const char* what, std::size_t a, std::size_t b) {
  std::fprintf(stderr, "%s (%zu, %zu)\n", what, a, b);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto text = iosr::fuzz::as_text(data, size);
  std::size_t after = 0;
  for (const auto& b : iosr::detail::find_blocks(text)) {
    if (b.begin < after || b.end < b.begin || b.end > text.size()) {
      fail("block out of order or outside the text", b.begin, b.end);
    }
    after = b.end;
    for (std::size_t at = 0; at < b.text.size(); ++at) {
      if (b.map.to_input(at) > text.size()) fail("block offset maps past the text", at, size);
    }
  }
  std::size_t files = 0;
  try {
    auto all = iosr::read_all_results(text, "fuzz");
    files = all.size();
    for (const auto& f : all) iosr::fuzz::render_everything(f);
  } catch (const iosr::parse_error&) {
  }
  try {
    auto one = iosr::read_results(text, "fuzz");
    if (files != 1) fail("read_results() read an input of several or no result files", files, 1);
  } catch (const iosr::parse_error&) {
    if (files == 1) fail("read_results() refused an input of one result file", files, 1);
  }
  return 0;
}
