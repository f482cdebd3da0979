// SPDX-License-Identifier: MIT
// libFuzzer target: up to three inputs (the bytes split at NUL), read as `iosr db import` reads
// them (format sniffed), followed by kernel, date and label, on each machine and across
// machines, then written in every trend format; and the whole input as a kernel version.
#include "fuzz_support.hpp"
#include "iosr/read.hpp"
#include "iosr/trend.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = iosr::fuzz::as_text(data, size);
  if (auto v = iosr::parse_kernel_version(text.substr(0, 256))) {
    if (v->text.empty() || v->sort_key.empty()) std::abort();  // a version has both
  }
  auto files = iosr::fuzz::read_parts(text);
  if (files.empty()) return 0;
  const auto input = iosr::make_trend_input(files);
  for (auto by : {iosr::trend_by::kernel, iosr::trend_by::date, iosr::trend_by::label}) {
    for (bool across : {false, true}) {
      iosr::trend_options o;
      o.by = by;
      o.across_machines = across;
      o.by_group = !across;
      o.ignore_version = across;
      const auto t = iosr::compute_trend(input, o);
      for (const auto& format : iosr::list_trend_formats()) {
        std::string out;
        iosr::render_trend(t, format.name, {true}, out);
      }
    }
  }
  return 0;
}
