// SPDX-License-Identifier: MIT
// A result-graphs folder read as one input (iosr/read.hpp, docs/pts-graphs.md): its graphs
// joined, each after a line that names it, for the pts-graphs reader.
#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "input/pts_graphs/pts_graphs_reader.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"

namespace iosr {

bool is_graphs_folder_name(std::string_view directory_name) {
  while (directory_name.ends_with('/')) directory_name.remove_suffix(1);
  auto slash = directory_name.rfind('/');
  if (slash != std::string_view::npos) directory_name.remove_prefix(slash + 1);
  return directory_name == "result-graphs";
}

std::string join_graphs_folder(std::vector<folder_file> files) {
  std::erase_if(files, [](const folder_file& f) { return detail::folder_graph_rank(f.name) < 0; });
  std::sort(files.begin(), files.end(), [](const folder_file& a, const folder_file& b) {
    return detail::folder_graph_rank(a.name) < detail::folder_graph_rank(b.name);
  });
  std::string text;
  for (const auto& f : files) {
    ((text += detail::folder_file_mark) += f.name) += " -->\n";
    text += f.bytes;
    if (!f.bytes.ends_with('\n')) text += '\n';
  }
  return text;
}

std::string read_graphs_folder(const std::string& path, const read_options& options) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<folder_file> files;
  std::uint64_t total = 0;
  fs::directory_iterator it(path, ec);
  if (ec) throw parse_error(path, {}, "cannot list the folder: " + ec.message());
  for (const auto& item : it) {
    const auto name = item.path().filename().string();
    if (detail::folder_graph_rank(name) < 0 || !item.is_regular_file(ec)) continue;
    const auto file = item.path().string();
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      throw parse_error(path, {}, name + ": cannot open: " + std::generic_category().message(errno));
    }
    // Read in blocks, never past the limit: a file may grow after it was listed.
    std::string bytes;
    char block[1 << 16];
    while (in.read(block, sizeof block) || in.gcount() > 0) {
      bytes.append(block, static_cast<std::size_t>(in.gcount()));
      if (total + bytes.size() > options.max_input_bytes) {
        throw parse_error(path, {},
                          "the folder's graphs are more than " +
                              std::to_string(options.max_input_bytes) +
                              " bytes; expected at most that (raise the 'input-bytes' limit)",
                          error_kind::limit);
      }
    }
    if (in.bad()) {
      throw parse_error(path, {}, name + ": cannot read: " + std::generic_category().message(errno));
    }
    total += bytes.size();
    files.push_back({name, std::move(bytes)});
  }
  if (files.empty()) {
    throw parse_error(path, {},
                      "a result-graphs folder without graphs; expected PTS's N.svg, "
                      "N_table.svg or overview.svg");
  }
  return join_graphs_folder(std::move(files));
}

}  // namespace iosr
