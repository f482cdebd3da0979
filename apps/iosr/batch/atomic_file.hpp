// SPDX-License-Identifier: MIT
// An output file that appears whole or not at all: written under a temporary name next to
// its destination and renamed into place, and removed when the batch stops first.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

namespace iosr::cli::batch {

/// What a file is called while it is written (`out.csv.iosr-tmp`).
inline constexpr std::string_view temporary_suffix = ".iosr-tmp";

class atomic_file {
 public:
  atomic_file() = default;
  ~atomic_file();  ///< removes the temporary file when commit() was not reached
  atomic_file(const atomic_file&) = delete;
  atomic_file& operator=(const atomic_file&) = delete;

  /// Starts `path` (as `path.iosr-tmp`). Returns false with `error` set when it cannot.
  bool open(const std::string& path, std::string& error);
  /// Appends; an error is reported by commit().
  void write(std::string_view bytes);
  /// Moves the finished file into place. Returns false with `error` set when it cannot.
  bool commit(std::string& error);

 private:
  void discard();
  void close_replaced();

  std::string path_, temporary_;
  std::FILE* file_ = nullptr;
  int replaced_ = -1;  // the file at `path` that this one replaces, open for reading; or -1
  bool failed_ = false;
  std::size_t written_ = 0, handed_to_disk_ = 0;  // bytes; see write()
};

/// Writes `bytes` to `path` through an atomic_file.
bool write_atomically(const std::string& path, std::string_view bytes, std::string& error);

}  // namespace iosr::cli::batch
