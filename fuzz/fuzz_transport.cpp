// SPDX-License-Identifier: MIT
// libFuzzer target: the decoding step in front of the readers (MIME, quoted-printable, base64,
// charsets, format=flowed, web pages, terminal codes, quoting, ...) on arbitrary bytes. Every
// offset of the decoded text must map back inside the input; then the whole read runs, as
// `iosr show` would, and every writer on what it read; and the read in place must agree.
#include <cstdio>
#include <cstdlib>

#include "fuzz_support.hpp"
#include "input/transport/transport.hpp"

namespace {

bool any_reader(std::string_view text) { return !iosr::detect_input_format(text).empty(); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto text = iosr::fuzz::as_text(data, size);
  iosr::detail::decoded_input input(text);
  input.undo_layers(any_reader);
  for (std::size_t at = 0; at <= input.text().size(); ++at) {
    if (input.positions().original_offset(at) > text.size()) {
      std::fprintf(stderr, "decoded offset %zu maps past the input's %zu bytes\n", at, size);
      std::abort();
    }
  }
  try {
    iosr::fuzz::render_everything(iosr::read_results(text, "fuzz"));
  } catch (const iosr::parse_error&) {
  }
  // Every format, as a batch reads it: in place, positions from the noted line ends.
  iosr::fuzz::check_in_place_reads_alike(text);
  return 0;
}
