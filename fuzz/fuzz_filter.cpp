// SPDX-License-Identifier: MIT
// The filter path (iosr/test_filter.hpp) on hostile patterns and texts: the input's first line
// is the pattern, the rest a title and (after the next newline) a description. A pattern is
// compiled by RE2 or refused as a usage error, never anything else; matching never crashes,
// and the answer for the title and description is the one found_in gives for each apart. A
// pattern also goes through the site's Tests field by the fuzz_serve target.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "iosr/error.hpp"
#include "iosr/test_filter.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto nl = input.find('\n');
  const auto pattern = input.substr(0, nl);
  const auto rest = nl == std::string_view::npos ? std::string_view{} : input.substr(nl + 1);
  const auto nl2 = rest.find('\n');
  const auto title = rest.substr(0, nl2);
  const auto description = nl2 == std::string_view::npos ? std::string_view{} : rest.substr(nl2 + 1);
  try {
    const iosr::test_filter f{std::string(pattern)};
    const bool both = f.matches(title, description);
    if (both != (f.found_in(title) || f.found_in(description))) std::abort();
    // A literal pattern made of the title finds the title.
    if (!title.empty() && title.size() < 200) {
      try {
        const iosr::test_filter literal{iosr::test_filter::quoted(title)};
        if (!literal.found_in(title)) std::abort();
      } catch (const iosr::error& e) {
        // A quoted title may be too large once compiled, or not UTF-8: a usage error.
        if (e.kind() != iosr::error_kind::usage) std::abort();
      }
    }
  } catch (const iosr::error& e) {
    if (e.kind() != iosr::error_kind::usage) std::abort();
  }
  return 0;
}
