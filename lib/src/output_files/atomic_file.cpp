// SPDX-License-Identifier: MIT
// Whether a file may be written, and writing it whole (see iosr/output_files.hpp).
#include "iosr/output_files.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>

#ifdef __linux__
#include <fcntl.h>  // AT_FDCWD
#include <stdio.h>  // renameat2, RENAME_EXCHANGE
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace iosr {

std::optional<std::string> refuse_existing(const std::string& path, bool force) {
  if (force || path.empty() || path == "-") return std::nullopt;
  std::error_code ec;
  // A file or a link (a dangling one too: writing would follow it) is someone's data; a
  // device or a FIFO (`-o /dev/null`) is where output goes.
  const auto status = std::filesystem::symlink_status(path, ec);
  if (!std::filesystem::is_regular_file(status) && !std::filesystem::is_symlink(status) &&
      !std::filesystem::is_directory(status)) {
    return std::nullopt;
  }
  return path + ": exists; not overwritten (use --force)";
}

atomic_file::~atomic_file() { discard(); }

void atomic_file::discard() {
  if (file_ != nullptr) std::fclose(file_);
  file_ = nullptr;
  if (!temporary_.empty()) std::remove(temporary_.c_str());
  temporary_.clear();
}

bool atomic_file::open(const std::string& path, std::string& error, durability how) {
  discard();
  path_ = path;
  durability_ = how;
  failed_ = false;
  // A device or a FIFO (`-o /dev/null`) is written to where it is: a rename would put a file
  // in its place (and as root replace /dev/null itself).
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode)) {
    temporary_.clear();
    direct_ = true;
    file_ = std::fopen(path.c_str(), "wb");
    if (file_ == nullptr) error = std::string("cannot write: ") + std::strerror(errno);
    return file_ != nullptr;
  }
  direct_ = false;
  temporary_ = path + std::string(temporary_suffix);
  file_ = std::fopen(temporary_.c_str(), "wb");
  if (file_ == nullptr) {
    error = std::string("cannot write: ") + std::strerror(errno);
    temporary_.clear();
    return false;
  }
  return true;
}

void atomic_file::write(std::string_view bytes) {
  // Nothing to write: an empty view's data() may be null, which fwrite must not be given.
  if (file_ == nullptr || failed_ || bytes.empty()) return;
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) failed_ = true;
}

namespace {

// Flushes the directory that holds `path` to the disk, so that the name it now has survives a
// power cut too.
bool sync_directory_of(const std::string& path) {
#ifdef __linux__
  auto dir = std::filesystem::path(path).parent_path();
  if (dir.empty()) dir = ".";
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return false;
  bool synced = ::fsync(fd) == 0;
  ::close(fd);
  return synced;
#else
  (void)path;
  return true;
#endif
}

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
  const bool sync = durability_ == durability::synced;
  bool written = file_ != nullptr && !failed_ &&
                 (!sync || (std::fflush(file_) == 0 && ::fsync(fileno(file_)) == 0));
  if (file_ != nullptr && std::fclose(file_) != 0) written = false;
  file_ = nullptr;
  if (!written) {
    error = std::string("cannot write: ") + std::strerror(errno);
    discard();
    return false;
  }
  if (direct_) return true;
  std::string problem;
  if (!replace_by_exchange(temporary_, path_, problem) &&
      std::rename(temporary_.c_str(), path_.c_str()) != 0) {
    error = std::string("cannot write: ") + std::strerror(errno);
    discard();
    return false;
  }
  temporary_.clear();
  if (sync && !sync_directory_of(path_) && problem.empty()) {
    problem = std::string("written, but its directory could not be flushed to the disk: ") +
              std::strerror(errno);
  }
  if (problem.empty()) return true;
  error = problem;
  return false;
}

bool write_atomically(const std::string& path, std::string_view bytes, std::string& error,
                      atomic_file::durability how) {
  atomic_file file;
  if (!file.open(path, error, how)) return false;
  file.write(bytes);
  return file.commit(error);
}

}  // namespace iosr
