// SPDX-License-Identifier: MIT
#include "batch/atomic_file.hpp"

#include <cerrno>
#include <cstring>

#ifdef __linux__
#include <fcntl.h>
#endif

namespace iosr::cli::batch {

atomic_file::~atomic_file() { discard(); }

void atomic_file::discard() {
  if (file_ != nullptr) std::fclose(file_);
  file_ = nullptr;
  if (!temporary_.empty()) std::remove(temporary_.c_str());
  temporary_.clear();
}

bool atomic_file::open(const std::string& path, std::string& error) {
  discard();
  path_ = path;
  temporary_ = path + std::string(temporary_suffix);
  failed_ = false;
  written_ = handed_to_disk_ = 0;
  file_ = std::fopen(temporary_.c_str(), "wb");
  if (file_ == nullptr) {
    error = std::string("cannot write: ") + std::strerror(errno);
    temporary_.clear();
    return false;
  }
  return true;
}

void atomic_file::write(std::string_view bytes) {
  if (file_ == nullptr || failed_) return;
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) {
    failed_ = true;
    return;
  }
  written_ += bytes.size();
#ifdef __linux__
  // Renamed over an existing file, ext4 writes the new one out before rename() returns (its
  // auto_da_alloc): 30-50 ms at the end of a 63 MB --combine --force. Starting the writing every
  // 8 MiB, without waiting for it, lets it overlap the conversion instead.
  constexpr std::size_t step = std::size_t{8} << 20;
  if (written_ - handed_to_disk_ >= step && std::fflush(file_) == 0) {
    ::sync_file_range(fileno(file_), static_cast<off_t>(handed_to_disk_),
                      static_cast<off_t>(written_ - handed_to_disk_), SYNC_FILE_RANGE_WRITE);
    handed_to_disk_ = written_;
  }
#endif
}

bool atomic_file::commit(std::string& error) {
  bool closed = file_ != nullptr && std::fclose(file_) == 0;
  file_ = nullptr;
  if (failed_ || !closed) {
    error = std::string("cannot write: ") + std::strerror(errno);
    discard();
    return false;
  }
  if (std::rename(temporary_.c_str(), path_.c_str()) != 0) {
    error = std::string("cannot write: ") + std::strerror(errno);
    discard();
    return false;
  }
  temporary_.clear();
  return true;
}

bool write_atomically(const std::string& path, std::string_view bytes, std::string& error) {
  atomic_file file;
  if (!file.open(path, error)) return false;
  file.write(bytes);
  return file.commit(error);
}

}  // namespace iosr::cli::batch
