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
    // The trend links with the library alone: no SQLite for find_package(iosr) users.
    const auto trend = iosr::compute_trend(iosr::make_trend_input({&file, 1}));
    std::cout << "trend: " << trend.tests.size() << " tests at " << trend.points.size()
              << " point\n";
  } catch (const iosr::parse_error& e) {
    std::cerr << e.what() << '\n';
    return 1;
  }
  return 0;
}
