// SPDX-License-Identifier: MIT
// An output file that appears whole or not at all: written under a temporary name next to
// its destination and moved into place (exchanged with the file it replaces, which is then
// removed), and removed when the batch stops first. Nothing is flushed to the disk unless asked
// (`durability::synced`, `iosr convert --sync`), as with cp: after a power failure the last
// outputs may be short.
#pragma once

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

  /// How durable commit() makes the file.
  enum class durability {
    cached,  ///< in the page cache: whole after a killed process, maybe short after a power cut
    synced,  ///< flushed to the disk before it takes its name, and its directory after
  };

  /// Starts `path` (as `path.iosr-tmp`). Returns false with `error` set when it cannot.
  bool open(const std::string& path, std::string& error, durability how = durability::cached);
  /// Appends; an error is reported by commit().
  void write(std::string_view bytes);
  /// Moves the finished file into place. Returns false with `error` set when it cannot.
  bool commit(std::string& error);

 private:
  void discard();

  std::string path_, temporary_;
  std::FILE* file_ = nullptr;
  durability durability_ = durability::cached;
  bool failed_ = false;
  bool direct_ = false;  // a device or FIFO, written where it is
};

/// Writes `bytes` to `path` through an atomic_file.
bool write_atomically(const std::string& path, std::string_view bytes, std::string& error,
                      atomic_file::durability how = atomic_file::durability::cached);

}  // namespace iosr::cli::batch
