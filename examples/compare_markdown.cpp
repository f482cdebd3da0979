// SPDX-License-Identifier: MIT
// iosr as a library: reads two result files, compares them and prints the comparison as
// Markdown, which is what `iosr compare --format md BEFORE AFTER` prints.
#include <iosr/iosr.hpp>
#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: compare_markdown BEFORE AFTER\n";
    return 2;
  }
  try {
    // Any input format: the reader is chosen by the content, not the file name.
    std::vector<iosr::result_file> files;
    files.push_back(iosr::read_results_file(argv[1]));
    files.push_back(iosr::read_results_file(argv[2]));

    // Default options: each input against its own baseline (`none`, else `noop`).
    const iosr::comparison comparison = iosr::compare(files);

    std::string markdown;
    iosr::render_comparison(comparison, "md", {}, markdown);
    std::cout << markdown;
  } catch (const iosr::parse_error& e) {
    std::cerr << e.what() << '\n';  // `file:line:column: message`
    return 1;
  }
  return 0;
}
