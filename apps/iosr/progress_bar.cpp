// SPDX-License-Identifier: MIT
#include "progress_bar.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <string>

#include "iosr/counted.hpp"

namespace iosr::cli::batch {

progress_bar::progress_bar(bool enabled, std::size_t total_files, std::uint64_t total_bytes)
    : enabled_(enabled), total_files_(total_files), total_bytes_(total_bytes) {}

void progress_bar::update(std::size_t files_done, std::uint64_t bytes_done) {
  if (!enabled_) return;
  auto now = clock::now();
  if (drawn_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  drawn_ = true;

  double seconds = std::chrono::duration<double>(now - start_).count();
  double rate = seconds > 0 ? static_cast<double>(bytes_done) / seconds : 0;
  double fraction =
      total_bytes_ > 0 ? static_cast<double>(bytes_done) / static_cast<double>(total_bytes_) : 0;
  if (fraction > 1) fraction = 1;
  constexpr int width = 24;
  auto filled = static_cast<int>(fraction * width);
  std::string line = "\r[" + std::string(static_cast<std::size_t>(filled), '#') +
                     std::string(static_cast<std::size_t>(width - filled), '.') + "] ";
  line += total_files_ >= files_done && total_files_ > 0
              ? fmt::format("{}/{}", files_done, counted(total_files_, "file"))
              : counted(files_done, "file");
  line += fmt::format("  {:.1f} MB/s", rate / 1e6);
  if (total_bytes_ > 0 && rate > 0 && fraction > 0) {
    auto left = static_cast<long>(
        static_cast<double>(total_bytes_ - std::min(bytes_done, total_bytes_)) / rate);
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

}  // namespace iosr::cli::batch
