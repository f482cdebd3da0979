// SPDX-License-Identifier: MIT
// Paths under --out-dir: the input's relative path with the output format's extension, with
// every directory created here checked so that nothing is written outside the output directory.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_set>

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

/// The outputs of one run under --out-dir, one per input: an input whose output an earlier input
/// of the run has (`a/run.txt` and `b/run.txt` named as directories `a` and `b`, two archives'
/// `composite.xml`, `run.txt` beside `run.xml`) gets the first free name with `-2`, `-3`, ...
/// after its stem (`run-2.csv`). Claimed in input order, so that a second run over the same
/// inputs names them alike (--skip-existing finds them).
class output_names {
 public:
  explicit output_names(std::string extension) : extension_(std::move(extension)) {}
  /// `relative` (an input's relative_output), or its name with the first free suffix; taken
  /// from now on.
  std::string claim(const std::string& relative);

 private:
  std::string extension_;
  std::unordered_set<std::string> taken_;  // output paths under the directory
};

}  // namespace iosr::cli::batch
