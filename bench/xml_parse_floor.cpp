// SPDX-License-Identifier: MIT
// The parser floor of the batch benchmark: pugixml parsing every .xml file under a directory,
// one core, with the flags the composite.xml reader uses; nothing is read out of the trees.
// Prints `files MB seconds` of parsing alone (files are read before the clock starts on each).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <pugixml.hpp>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: xml_parse_floor DIR\n");
    return 2;
  }
  std::vector<std::filesystem::path> paths;
  for (const auto& e : std::filesystem::recursive_directory_iterator(argv[1])) {
    if (e.is_regular_file() && e.path().extension() == ".xml") paths.push_back(e.path());
  }
  std::sort(paths.begin(), paths.end());
  double seconds = 0;
  std::size_t bytes = 0, nodes = 0;
  for (const auto& path : paths) {
    std::ifstream in(path, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    bytes += text.size();
    auto start = std::chrono::steady_clock::now();
    pugi::xml_document doc;
    auto parsed =
        doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!parsed) std::fprintf(stderr, "%s: %s\n", path.c_str(), parsed.description());
    nodes += doc.first_child() ? 1 : 0;  // keeps the parse from being optimised away
  }
  std::printf("%zu %.3f %.6f\n", paths.size(), static_cast<double>(bytes) / 1e6, seconds);
  return nodes == paths.size() ? 0 : 1;
}
