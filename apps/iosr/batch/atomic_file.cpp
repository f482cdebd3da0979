// SPDX-License-Identifier: MIT
#include "batch/atomic_file.hpp"

#include <cerrno>
#include <cstring>

#ifdef __linux__
#include <fcntl.h>  // AT_FDCWD
#include <stdio.h>  // renameat2, RENAME_EXCHANGE
#include <sys/stat.h>
#include <unistd.h>
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
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) failed_ = true;
}

namespace {

// Puts `from` in the place of the file or symbolic link at `to` by exchanging the two names,
// then removes the replaced one (now at `from`); false, with nothing done, when `to` is neither
// or the file system cannot exchange names. rename() over a file made ext4 write the new one
// out before it returned (its auto_da_alloc, for programs that never call fsync): 25-30 ms at
// the end of a 63 MB --combine --force, and starting that writing earlier, to overlap it, took
// as much CPU from the conversion (docs/performance.md, step 19). An exchange is as atomic:
// the name always holds the old file or the new one.
bool replace_by_exchange(const std::string& from, const std::string& to, std::string& error) {
#ifdef __linux__
  struct stat info {};
  if (::lstat(to.c_str(), &info) != 0 || !(S_ISREG(info.st_mode) || S_ISLNK(info.st_mode))) {
    return false;
  }
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_EXCHANGE) != 0) {
    return false;
  }
  if (::unlink(from.c_str()) != 0) {
    error = "written, but the file it replaced is left at " + from + ": cannot remove: " +
            std::strerror(errno);
  }
  return true;
#else
  (void)from, (void)to, (void)error;
  return false;
#endif
}

}  // namespace

bool atomic_file::commit(std::string& error) {
  bool closed = file_ != nullptr && std::fclose(file_) == 0;
  file_ = nullptr;
  if (failed_ || !closed) {
    error = std::string("cannot write: ") + std::strerror(errno);
    discard();
    return false;
  }
  std::string problem;
  if (replace_by_exchange(temporary_, path_, problem)) {
    temporary_.clear();
    if (problem.empty()) return true;
    error = problem;
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
