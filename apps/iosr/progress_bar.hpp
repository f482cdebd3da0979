// SPDX-License-Identifier: MIT
// The progress line a batch draws on a terminal: files done, MB/s and ETA.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>

namespace iosr::cli::batch {

class progress_bar {
 public:
  /// Draws nothing unless `enabled` (standard error is a terminal). `total_files` is 0 when
  /// unknown (archives are counted as they are read); `total_bytes` 0 leaves out the ETA.
  progress_bar(bool enabled, std::size_t total_files, std::uint64_t total_bytes);

  /// Redraws, at most ten times a second.
  void update(std::size_t files_done, std::uint64_t bytes_done);
  /// Erases the line, so that a message can be printed; the next update() redraws it.
  void clear();

 private:
  using clock = std::chrono::steady_clock;
  bool enabled_;
  bool drawn_ = false;
  std::size_t total_files_;
  std::uint64_t total_bytes_;
  clock::time_point start_ = clock::now(), last_draw_{};
};

}  // namespace iosr::cli::batch
