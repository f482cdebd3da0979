// SPDX-License-Identifier: MIT
// Paths under --out-dir: the input's relative path with the output format's extension, with
// every directory created here checked so that nothing is written outside the output directory.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace iosr::cli::batch {

/// `dir/relative` with its extension replaced by `extension` (`run3/composite.xml` ->
/// `dir/run3/composite.csv`), where an input's output goes; nothing is created.
std::filesystem::path output_path(const std::filesystem::path& dir, const std::string& relative,
                                  std::string_view extension);

/// output_path(), after creating its directories one by one. A directory that
/// exists as a link, or a file where a directory belongs, is refused: empty path, `error` set.
/// `relative` must already be safe (no `..`, not absolute).
std::filesystem::path prepare_output_path(const std::filesystem::path& dir,
                                          const std::string& relative, std::string_view extension,
                                          std::string& error);

}  // namespace iosr::cli::batch
