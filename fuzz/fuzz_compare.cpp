// SPDX-License-Identifier: MIT
// libFuzzer target: up to three inputs (the bytes split at NUL), read as `iosr compare` reads
// them (format sniffed), compared, and written in every comparison format and as chart images
// (SVG: the layout of any labels and values; PNG and PDF are librsvg's, fuzzed upstream).
#include "fuzz_support.hpp"
#include "iosr/chart.hpp"
#include "iosr/compare.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"

namespace {

void compare_and_render(const std::vector<iosr::result_file>& files,
                        const iosr::compare_options& options) {
  auto comparison = iosr::compare(files, options);
  (void)iosr::find_regressions(comparison, 5.0);
  for (const auto& format : iosr::list_comparison_formats()) {
    for (bool table_view : {false, true}) {
      std::string out;
      iosr::render_comparison(comparison, format.name, {table_view, true, 60}, out);
    }
  }
  iosr::chart_options narrow;
  narrow.width = iosr::min_chart_width;
  (void)iosr::draw_charts(comparison, narrow);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto files = iosr::fuzz::read_parts(iosr::fuzz::as_text(data, size));
  if (files.empty()) return 0;
  compare_and_render(files, {});
  iosr::compare_options joined;
  joined.group_by = iosr::group_by::none;
  joined.sort = iosr::test_order::delta;
  joined.ignore_version = true;
  joined.filter = "(e|s).*";  // std::regex on titles and descriptions of any length
  try {
    compare_and_render(files, joined);
  } catch (const iosr::error& e) {
    // A filter that keeps no test is the user's error (usage), not a fault.
    if (e.kind() != iosr::error_kind::usage) throw;
  }
  return 0;
}
