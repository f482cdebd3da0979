// Keeps a result file in a store through the installed library (iosr::store), reads it back
// and prints the store's listing: what a lab's own tool built on libiosr would do.
#include <iosr/iosr.hpp>
#include <iosr/store.hpp>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  try {
    const auto file = iosr::read_results_file(argv[1]);
    auto db = iosr::store::open(std::string("sqlite:") + argv[2], iosr::store_access::write);
    const auto added = db->add(file, iosr::store::identities_of(file), "0123456789abcdef",
                               "iosched-3way.xml", 1);
    std::cout << "imported: " << added.imported << '\n';
    std::size_t charts = 0;
    db->for_each_file({}, [&](iosr::result_file&& f) { charts += f.results.size(); });
    std::cout << "read back: " << charts << " charts\n";
    const auto input = db->load_trend_input({});
    std::cout << "trend input: " << input.runs.size() << " runs\n";
  } catch (const iosr::error& e) {
    std::cerr << e.what() << '\n';
    return 1;
  }
  return 0;
}
