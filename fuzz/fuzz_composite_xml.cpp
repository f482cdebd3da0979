// SPDX-License-Identifier: MIT
// libFuzzer target: the composite-xml reader on arbitrary bytes, then every writer on what it read.
#include "fuzz_support.hpp"
#include "input/xml/composite_xml_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return iosr::fuzz::read_and_render(iosr::fuzz::as_text(data, size),
                                     iosr::detail::read_composite_xml);
}
