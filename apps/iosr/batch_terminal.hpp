// SPDX-License-Identifier: MIT
// What `iosr convert` and `iosr db import` give a batch of the library (iosr/batch.hpp): the
// progress line on a terminal's standard error, the stop on Ctrl-C and SIGTERM, and the
// messages on standard error.
#pragma once

#include <chrono>
#include <string_view>

#include "iosr/batch.hpp"

namespace iosr::cli {

/// The progress line a batch draws on a terminal: files done, MB/s and ETA.
class progress_bar {
 public:
  /// Draws nothing unless `enabled` (standard error is a terminal).
  explicit progress_bar(bool enabled) : enabled_(enabled) {}

  /// Redraws, at most ten times a second. A total of 0 files (archives are counted as they are
  /// read) leaves the count alone, 0 bytes the ETA.
  void update(const batch::progress_counts& now);
  /// Erases the line, so that a message can be printed; the next update() redraws it.
  void clear();
  bool enabled() const { return enabled_; }

 private:
  using clock = std::chrono::steady_clock;
  bool enabled_;
  bool drawn_ = false;
  clock::time_point start_ = clock::now(), last_draw_{};
};

/// A batch on the terminal, for as long as it lives: SIGINT and SIGTERM only recorded, so that
/// the batch stops between files without leaving a partial or temporary file behind (the old
/// handlers are restored after); the progress bar; messages on standard error.
class batch_terminal {
 public:
  explicit batch_terminal(bool progress);
  ~batch_terminal();
  batch_terminal(const batch_terminal&) = delete;
  batch_terminal& operator=(const batch_terminal&) = delete;

  /// What the library's batch is given: stop when a signal came, draw the bar, say messages.
  batch::callbacks callbacks();
  /// Erases the bar for good.
  void clear() { bar_.clear(); }
  /// Says that the signal stopped `command` (`db import`) and `what` of it is left; returns the
  /// exit code, 128 + signal.
  int stopped(std::string_view command, std::string_view what) const;

 private:
  progress_bar bar_;
};

}  // namespace iosr::cli
