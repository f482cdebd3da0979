// SPDX-License-Identifier: MIT
// The result cache and whole-file writes (see iosr/openbenchmarking.hpp).

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <system_error>

#include "iosr/openbenchmarking.hpp"

namespace iosr::openbenchmarking {

namespace fs = std::filesystem;

std::string cache_directory(std::string_view xdg_cache_home, std::string_view home) {
  std::string base;
  if (xdg_cache_home.starts_with('/')) {
    base = xdg_cache_home;
  } else {
    std::string home_dir(home);
    if (home_dir.empty()) {
      const passwd* entry = getpwuid(getuid());
      if (entry != nullptr && entry->pw_dir != nullptr) home_dir = entry->pw_dir;
    }
    if (home_dir.empty()) return {};
    base = home_dir + "/.cache";
  }
  return base + "/iosr/openbenchmarking";
}

std::string cached_path(const std::string& directory, const std::string& id) {
  return directory + "/" + id + ".xml";
}

file_read read_whole_file(const std::string& path, std::uint64_t max_bytes) {
  file_read out;
  std::unique_ptr<std::FILE, decltype(&std::fclose)> file(std::fopen(path.c_str(), "rb"),
                                                          std::fclose);
  if (!file) {
    if (errno != ENOENT) {
      out.exists = true;
      out.error = std::string("cannot open: ") + std::strerror(errno);
    }
    return out;
  }
  out.exists = true;
  struct stat info {};
  if (fstat(fileno(file.get()), &info) == 0 &&
      static_cast<std::uint64_t>(info.st_size) > max_bytes) {
    out.error = "input is " + std::to_string(info.st_size) + " bytes; expected at most " +
                std::to_string(max_bytes) + " (raise the 'input-bytes' limit)";
    return out;
  }
  out.bytes.resize(static_cast<std::size_t>(info.st_size));
  out.bytes.resize(std::fread(out.bytes.data(), 1, out.bytes.size(), file.get()));
  if (std::ferror(file.get())) out.error = std::string("cannot read: ") + std::strerror(errno);
  return out;
}

std::optional<std::string> write_whole_file(const std::string& path, std::string_view bytes,
                                            bool make_directory) {
  const fs::path target(path);
  if (make_directory) {
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    if (ec) return "cannot create " + target.parent_path().string() + ": " + ec.message();
  }
  // atomic_file's fixed `.iosr-tmp` name would be shared by two iosr processes
  // fetching the same ID; this one is unique (process id, counter, clock) and hidden, and
  // O_EXCL makes sure it is ours. The mode 0666 lets the umask decide, as for any new file.
  static std::atomic<unsigned> counter{0};
  std::string temporary;
  int fd = -1;
  for (int tries = 0; fd < 0 && tries < 100; ++tries) {
    const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
    // Appended to a std::string, not "." + text: GCC 12's -Wrestrict misreads that inlined
    // (PR 105329).
    auto name = std::string(1, '.').append(target.filename().string());
    ((name += '.') += std::to_string(getpid())) += '-';
    ((name += std::to_string(counter++)) += '-') += std::to_string(stamp % 1000000);
    name += ".tmp";
    temporary = (target.parent_path() / name).string();
    fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) return "cannot write " + temporary + ": " + std::strerror(errno);
  std::string why;
  for (std::size_t done = 0; why.empty() && done < bytes.size();) {
    const auto wrote = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) why = std::strerror(wrote < 0 ? errno : ENOSPC);
    if (wrote > 0) done += static_cast<std::size_t>(wrote);
  }
  // fsync before the rename: after a crash the name holds the old file or the new one, whole.
  if (why.empty() && fsync(fd) != 0) why = std::strerror(errno);
  if (close(fd) != 0 && why.empty()) why = std::strerror(errno);
  if (why.empty() && std::rename(temporary.c_str(), path.c_str()) != 0) why = std::strerror(errno);
  if (!why.empty()) {
    std::remove(temporary.c_str());
    return "cannot write " + path + ": " + why;
  }
  return std::nullopt;
}

}  // namespace iosr::openbenchmarking
