// SPDX-License-Identifier: MIT
// Where fetched OpenBenchmarking.org results are kept ($XDG_CACHE_HOME/iosr/openbenchmarking/
// ID.xml), and files written whole or not at all, even by two processes at once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace iosr::cli::openbenchmarking {

/// `$XDG_CACHE_HOME/iosr/openbenchmarking` (an absolute XDG_CACHE_HOME only, as the XDG base
/// directory specification says), else `$HOME/.cache/iosr/openbenchmarking`, else the home
/// directory of the password database; empty when there is no home at all.
std::string cache_directory();

/// `DIR/ID.xml`.
std::string cached_path(const std::string& directory, const std::string& id);

/// What reading a file gave: its bytes, or that it does not exist, or why it could not be
/// read (a file over `max_bytes` is refused before it is read).
struct file_read {
  bool exists = false;
  std::string bytes;
  std::string error;
};
file_read read_whole_file(const std::string& path, std::uint64_t max_bytes);

/// Writes `bytes` to `path` through a temporary file of a name no other process uses, in the
/// same directory, renamed into place: a reader sees the old file or the new one, whole, and
/// two processes writing the same path leave one of their files. Creates the directory when
/// `make_directory` is set. Returns why it could not, or nothing.
std::optional<std::string> write_whole_file(const std::string& path, std::string_view bytes,
                                            bool make_directory);

}  // namespace iosr::cli::openbenchmarking
