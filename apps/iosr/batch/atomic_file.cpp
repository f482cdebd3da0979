// SPDX-License-Identifier: MIT
#include "batch/atomic_file.hpp"

#include <cerrno>
#include <cstring>

#ifdef __linux__
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace iosr::cli::batch {

atomic_file::~atomic_file() { discard(); }

void atomic_file::discard() {
  if (file_ != nullptr) std::fclose(file_);
  file_ = nullptr;
  close_replaced();
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
    // The file this one replaces leaves the page cache in the same steps: the rename at the
    // end freed all of it that was still cached (15k pages of a 63 MB output) when nothing
    // else was left to do (docs/performance.md, "Where the wall time goes"). Only a regular
    // file; O_NONBLOCK, so that a FIFO there never blocks.
    if (handed_to_disk_ == 0) {
      replaced_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
      struct stat info {};
      if (replaced_ >= 0 && (::fstat(replaced_, &info) != 0 || !S_ISREG(info.st_mode))) {
        close_replaced();
      }
    }
    if (replaced_ >= 0) {
      ::posix_fadvise(replaced_, static_cast<off_t>(handed_to_disk_),
                      static_cast<off_t>(written_ - handed_to_disk_), POSIX_FADV_DONTNEED);
    }
    handed_to_disk_ = written_;
  }
#endif
}

void atomic_file::close_replaced() {
#ifdef __linux__
  if (replaced_ >= 0) ::close(replaced_);
#endif
  replaced_ = -1;
}

bool atomic_file::commit(std::string& error) {
#ifdef __linux__
  // The rest of the replaced file, whatever its size (only outputs past the first step).
  if (replaced_ >= 0) {
    ::posix_fadvise(replaced_, static_cast<off_t>(handed_to_disk_), 0, POSIX_FADV_DONTNEED);
  }
#endif
  close_replaced();
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
