// SPDX-License-Identifier: MIT
// The progress bar, the signal stop and the messages of a batch on the terminal (see
// batch_terminal.hpp).
#include "batch_terminal.hpp"

#include <fmt/format.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <string>

#include "iosr/counted.hpp"

namespace iosr::cli {

void progress_bar::update(const batch::progress_counts& now_at) {
  if (!enabled_) return;
  auto now = clock::now();
  if (drawn_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  drawn_ = true;

  const auto files_done = now_at.files_done;
  const auto bytes_done = now_at.bytes_done;
  const auto total_files = now_at.total_files;
  const auto total_bytes = now_at.total_bytes;
  double seconds = std::chrono::duration<double>(now - start_).count();
  double rate = seconds > 0 ? static_cast<double>(bytes_done) / seconds : 0;
  double fraction =
      total_bytes > 0 ? static_cast<double>(bytes_done) / static_cast<double>(total_bytes) : 0;
  if (fraction > 1) fraction = 1;
  constexpr int width = 24;
  auto filled = static_cast<int>(fraction * width);
  std::string line = "\r[" + std::string(static_cast<std::size_t>(filled), '#') +
                     std::string(static_cast<std::size_t>(width - filled), '.') + "] ";
  line += total_files >= files_done && total_files > 0
              ? fmt::format("{}/{}", files_done, counted(total_files, "file"))
              : counted(files_done, "file");
  line += fmt::format("  {:.1f} MB/s", rate / 1e6);
  if (total_bytes > 0 && rate > 0 && fraction > 0) {
    auto left = static_cast<long>(
        static_cast<double>(total_bytes - std::min(bytes_done, total_bytes)) / rate);
    line += fmt::format("  ETA {}:{:02}", left / 60, left % 60);
  }
  line += "\x1b[K";  // erase what a longer previous line left
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
}

void progress_bar::clear() {
  if (!enabled_ || !drawn_) return;
  std::fputs("\r\x1b[K", stderr);
  std::fflush(stderr);
  drawn_ = false;
}

namespace {

std::atomic<int> received{0};
static_assert(std::atomic<int>::is_always_lock_free, "used from a signal handler");

struct sigaction old_int, old_term;

extern "C" void record_signal(int signal) { received.store(signal); }

}  // namespace

batch_terminal::batch_terminal(bool progress) : bar_(progress) {
  received.store(0);
  struct sigaction action {};
  action.sa_handler = record_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &old_int);
  sigaction(SIGTERM, &action, &old_term);
}

batch_terminal::~batch_terminal() {
  sigaction(SIGINT, &old_int, nullptr);
  sigaction(SIGTERM, &old_term, nullptr);
}

batch::callbacks batch_terminal::callbacks() {
  batch::callbacks on;
  on.stop_requested = [] { return received.load() != 0; };
  on.message = [this](std::string_view lines) {
    bar_.clear();
    // One write per message: std::cerr is unbuffered, and an archive can hold many warnings.
    std::cerr.write(lines.data(), static_cast<std::streamsize>(lines.size()));
  };
  // Without the bar, no progress is asked for: the inputs are then read as the directory walk
  // finds them, not listed first.
  if (bar_.enabled()) on.progress = [this](const batch::progress_counts& now) { bar_.update(now); };
  return on;
}

int batch_terminal::stopped(std::string_view command, std::string_view what) const {
  const int signal = received.load();
  std::cerr << "iosr " << command << ": stopped by signal " << signal << "; " << what << '\n';
  return 128 + signal;
}

}  // namespace iosr::cli
