// Reads a result file through the installed library and prints one line per chart.
#include <iosr/iosr.hpp>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  try {
    auto file = iosr::read_results_file(argv[1]);
    std::cout << file.format << ' ' << file.systems.size() << " systems\n";
    for (const auto& r : file.results) {
      std::cout << r.title << ": " << r.entries.size() << " entries\n";
    }
  } catch (const iosr::parse_error& e) {
    std::cerr << e.what() << '\n';
    return 1;
  }
  return 0;
}
