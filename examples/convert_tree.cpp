// SPDX-License-Identifier: MIT
// iosr's batch conversion from a program of its own: every result file under a directory
// (walked; tar and zip archives and compressed files read member by member; other files
// skipped) into one CSV dataset, in parallel, the file's warnings and failures said as
// `iosr convert DIR --combine OUT.csv` says them, and its dataset byte for byte.
#include <algorithm>
#include <iosr/batch.hpp>
#include <iosr/counted.hpp>
#include <iostream>
#include <string>
#include <string_view>
#include <thread>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: convert_tree DIR OUT.csv\n";
    return 2;
  }
  iosr::batch::convert_plan plan;
  plan.inputs = {argv[1]};
  plan.jobs = std::max(1u, std::thread::hardware_concurrency());
  plan.combined = argv[2];
  for (const auto& format : iosr::list_output_formats()) {
    if (format.name == "csv") plan.combined_format = format;
  }
  // The library prints nothing: what a file's reading noticed comes here, in input order.
  iosr::batch::callbacks on;
  on.message = [](std::string_view lines) { std::cerr << lines; };

  const iosr::batch::convert_report report = iosr::batch::convert_tree(plan, on);
  for (const auto& error : report.output_errors) std::cerr << error << '\n';
  for (const auto& failure : report.failures) std::cerr << failure.text() << '\n';
  std::cerr << "converted " << iosr::counted(report.converted.size(), "file") << " ("
            << iosr::counted(report.entries, "entry", "entries") << "); "
            << report.failures.size() << " failed, " << report.skipped.size() << " skipped\n";
  return report.ok() ? 0 : 1;
}
