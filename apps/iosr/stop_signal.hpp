// SPDX-License-Identifier: MIT
// Ctrl-C and SIGTERM during a batch: the handler only records the signal, and the batch checks
// it between files, so it can stop without leaving a partial or temporary file behind.
#pragma once

namespace iosr::cli::batch {

/// Installs the SIGINT and SIGTERM handlers for as long as it lives, then restores the old ones.
class stop_on_signal {
 public:
  stop_on_signal();
  ~stop_on_signal();
  stop_on_signal(const stop_on_signal&) = delete;
  stop_on_signal& operator=(const stop_on_signal&) = delete;
};

/// The signal received since the handlers were installed, or 0.
int stop_requested();

}  // namespace iosr::cli::batch
