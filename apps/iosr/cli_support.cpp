// SPDX-License-Identifier: MIT
#include "cli_support.hpp"

#include <cerrno>
#include <cstring>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "iosr/error.hpp"
#include "iosr/read.hpp"

namespace iosr::cli {

std::vector<result_file> read_inputs(const std::vector<std::string>& paths, bool& failed) {
  std::vector<result_file> files;
  for (const auto& path : paths) {
    try {
      files.push_back(read_results_file(path));
    } catch (const parse_error& e) {
      std::cerr << e.what() << '\n';
      failed = true;
    }
  }
  return files;
}

void print_warnings(const result_file& file) {
  for (const auto& w : file.warnings) {
    std::cerr << format_diagnostic(file.source_name, w.where, "warning: " + w.message) << '\n';
  }
}

bool write_output(const std::string& path, const std::string& text) {
  if (path.empty() || path == "-") {
    std::cout << text << std::flush;
    return static_cast<bool>(std::cout);
  }
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) {
    std::cerr << path << ": cannot write: " << std::strerror(errno) << '\n';
    return false;
  }
  return true;
}

bool write_output_atomically(const std::string& path, const std::string& text) {
  auto temporary = path + ".iosr-tmp";
  {
    std::ofstream out(temporary, std::ios::binary);
    out << text;
    out.close();
    if (!out) {
      std::cerr << path << ": cannot write: " << std::strerror(errno) << '\n';
      std::remove(temporary.c_str());
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  if (ec) {
    std::cerr << path << ": cannot write: " << ec.message() << '\n';
    std::remove(temporary.c_str());
    return false;
  }
  return true;
}

}  // namespace iosr::cli
