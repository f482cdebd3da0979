// SPDX-License-Identifier: MIT
// libFuzzer target: the composite-xml reader on arbitrary bytes, then every writer on what it
// read; and the whole read (format sniffed) of a copy parsed in place against one parsed from
// the caller's text, which must give the same model, warnings and errors (read_results_in_place).
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "fuzz_support.hpp"

namespace {

// The model read, or the error's text.
struct outcome {
  std::optional<iosr::result_file> file;
  std::string error;
  bool operator==(const outcome&) const = default;
};

outcome read_both_ways(std::string_view text, bool in_place) {
  try {
    std::string copy(text);
    return {in_place ? iosr::read_results_in_place(copy, "fuzz") : iosr::read_results(text, "fuzz"),
            {}};
  } catch (const iosr::parse_error& e) {
    return {std::nullopt, e.what()};
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto text = iosr::fuzz::as_text(data, size);
  iosr::fuzz::read_and_render(text, "composite-xml");
  if (read_both_ways(text, false) != read_both_ways(text, true)) {
    std::fprintf(stderr, "reading in place differs from reading the text as given\n");
    std::abort();
  }
  return 0;
}
