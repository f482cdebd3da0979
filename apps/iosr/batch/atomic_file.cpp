// SPDX-License-Identifier: MIT
#include "batch/atomic_file.hpp"

#include <cerrno>
#include <cstring>

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
  if (file_ != nullptr && !failed_ &&
      std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) {
    failed_ = true;
  }
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
