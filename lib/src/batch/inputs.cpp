// SPDX-License-Identifier: MIT
// The inputs of a batch: the paths a user names expanded, files and archive members read (see
// iosr/batch.hpp).
#include "batch/inputs.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <memory>
#include <system_error>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch/archive_reader.hpp"
#include "iosr/error.hpp"
#include "iosr/openbenchmarking.hpp"
#include "iosr/output_files.hpp"
#include "iosr/read.hpp"
#include "iosr/read_in_place.hpp"

namespace iosr::batch {

namespace fs = std::filesystem;

namespace {

// What a directory entry is, from readdir's type where the file system gives it, else from
// lstat. Links to directories are not followed (they could loop, or lead out of the tree); a
// link to a file is read as the file. Anything else is skipped, and `why` says what it is, so
// that the report lists it.
enum class entry_type { directory, file, other };

entry_type type_of(const std::string& path, unsigned char d_type, std::string& why) {
  struct stat info {};
  if (d_type == DT_UNKNOWN) {
    if (::lstat(path.c_str(), &info) != 0) {
      why = std::string("cannot look at it: ") + std::strerror(errno);
      return entry_type::other;
    }
    d_type = S_ISDIR(info.st_mode)    ? DT_DIR
             : S_ISREG(info.st_mode)  ? DT_REG
             : S_ISLNK(info.st_mode)  ? DT_LNK
             : S_ISFIFO(info.st_mode) ? DT_FIFO
             : S_ISSOCK(info.st_mode) ? DT_SOCK
             : S_ISCHR(info.st_mode)  ? DT_CHR
             : S_ISBLK(info.st_mode)  ? DT_BLK
                                      : DT_UNKNOWN;
  }
  if (d_type == DT_DIR) return entry_type::directory;
  if (d_type == DT_REG) return entry_type::file;
  if (d_type == DT_LNK) {
    if (::stat(path.c_str(), &info) != 0) {
      why = "a link to nothing (dangling)";
    } else if (S_ISREG(info.st_mode)) {
      return entry_type::file;
    } else {
      why = S_ISDIR(info.st_mode) ? "a link to a directory; not followed"
                                  : "a link to a special file (FIFO, device or socket)";
    }
    return entry_type::other;
  }
  why = d_type == DT_FIFO   ? "a FIFO (named pipe); not read"
        : d_type == DT_SOCK ? "a socket; not read"
        : d_type == DT_CHR  ? "a character device; not read"
        : d_type == DT_BLK  ? "a block device; not read"
                            : "not a regular file; not read";
  return entry_type::other;
}

// Walks `dir` depth first, each directory's entries sorted with a directory's name taken as
// `name/`: the files come in the byte-wise order of their relative paths (`a-b/x` before
// `a/y`, as '-' < '/'), the order a full listing sorted would give, but as they are found, so
// that conversion starts while a large tree is still being walked. `relative` is dir's path
// under the walk's root (`a/b/`, empty for the root). Paths are joined as strings, as
// std::filesystem::path's `/` joins them: its parsing into components and lexically_relative
// were 40 % of the reader's instructions on a tree of small files.
bool walk_directory(const std::string& dir, const std::string& relative, const std::string& exclude,
                    const std::function<bool(input_list::source&&)>& found) {
  struct item {
    std::string key;  // the name, with `/` after a directory's
    bool is_directory;
    std::string skip_reason;  // not a file or directory: what it is
    std::string_view name() const {
      return std::string_view(key).substr(0, key.size() - (is_directory ? 1 : 0));
    }
  };
  std::vector<item> items;
  // readdir, not std::filesystem's iterator: a directory of 4,500 folders was listed in 4-5 ms
  // instead of 1.4, all of it before the first file can be converted (the listing is sorted).
  std::string prefix = dir;
  if (!prefix.ends_with('/')) prefix += '/';
  struct closer {
    void operator()(DIR* d) const { ::closedir(d); }
  };
  std::unique_ptr<DIR, closer> list(::opendir(dir.c_str()));
  int list_error = list ? 0 : errno;
  while (list) {
    errno = 0;
    const dirent* e = ::readdir(list.get());
    if (e == nullptr) {
      list_error = errno;
      break;
    }
    std::string_view name = e->d_name;
    if (name == "." || name == "..") continue;
    const std::string path = prefix + e->d_name;
    std::string why;
    auto type = type_of(path, e->d_type, why);
    const bool is_directory = type == entry_type::directory;
    std::error_code type_error;
    if (is_directory && !exclude.empty() && fs::equivalent(path, exclude, type_error)) continue;
    items.push_back({std::string(name) + (is_directory ? "/" : ""), is_directory, std::move(why)});
  }
  // Permission denied is skipped, as the walk skips what it may not list, and said.
  if (list_error != 0) {
    input_list::source s;
    s.path = dir;
    s.named = list_error != EACCES;
    (list_error == EACCES ? s.skip_reason : s.error) =
        "cannot list directory: " + std::generic_category().message(list_error);
    if (!found(std::move(s))) return false;
  }
  std::sort(items.begin(), items.end(), [](const item& a, const item& b) { return a.key < b.key; });
  const bool has_composite = std::any_of(items.begin(), items.end(), [](const item& i) {
    return !i.is_directory && i.skip_reason.empty() && i.key == "composite.xml";
  });
  for (auto& i : items) {
    std::string path = prefix;
    path += i.name();
    // PTS's graphs of one saved result are one input; beside its composite.xml, a copy of it.
    if (i.is_directory && is_graphs_folder_name(i.name())) {
      input_list::source s;
      s.path = std::move(path);
      s.relative = relative + std::string(i.name());
      s.graphs_folder = true;
      if (has_composite) s.skip_reason = "the graphs of the composite.xml beside them, read instead";
      if (!found(std::move(s))) return false;
      continue;
    }
    if (i.is_directory) {
      if (!walk_directory(path, relative + i.key, exclude, found)) return false;
      continue;
    }
    input_list::source s;
    s.relative = relative;
    s.relative += i.name();
    if (!i.skip_reason.empty()) {
      s.path = std::move(path);
      s.skip_reason = std::move(i.skip_reason);
      if (!found(std::move(s))) return false;
      continue;
    }
    struct stat info {};
    s.size = ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode)
                 ? static_cast<std::uint64_t>(info.st_size)
                 : 0;
    s.path = std::move(path);
    if (!found(std::move(s))) return false;
  }
  return true;
}

// Files are read with read(2) rather than stdio: a FILE cost an allocation, an fstat and, for
// a small file, a copy through its buffer, which showed on trees of small files.

// An open file descriptor, closed when it goes (standard input stays open).
struct descriptor {
  int fd;
  explicit descriptor(int opened) : fd(opened) {}
  descriptor(const descriptor&) = delete;
  descriptor& operator=(const descriptor&) = delete;
  ~descriptor() {
    if (fd >= 0 && fd != STDIN_FILENO) ::close(fd);
  }
};

// Reads up to `n` bytes from `fd` into `to`, fewer only at the end of the input; -1 on an error.
std::int64_t read_up_to(int fd, char* to, std::uint64_t n) {
  std::uint64_t got = 0;
  while (got < n) {
    auto r = ::read(fd, to + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return -1;
    if (r == 0) break;
    got += static_cast<std::uint64_t>(r);
  }
  return static_cast<std::int64_t>(got);
}

// The first `n` bytes of a file, to tell what it is (empty when it cannot be read).
std::string read_head(const std::string& path, std::size_t n = head_bytes) {
  descriptor file(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  std::string head(n, '\0');
  auto got = file.fd >= 0 ? read_up_to(file.fd, head.data(), n) : -1;
  head.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
  return head;
}

// The whole of a plain file, or its first bytes when they show an archive (standard input's
// too); never more than `limit` bytes (standard input and pipes have no size to check
// beforehand).
bool read_file(const input_list::source& source, std::uint64_t limit, std::string& bytes,
               std::string& error, source_position& error_at) {
  const bool is_stdin = source.path == "-";
  const descriptor file(is_stdin ? STDIN_FILENO : ::open(source.path.c_str(), O_RDONLY | O_CLOEXEC));
  const int fd = file.fd;
  if (fd < 0) {
    const int why = errno;
    error = std::string("cannot open: ") + std::strerror(why);
    // A result ID copied a character short is no ID, so it was taken for a file name.
    if (why == ENOENT && source.named) {
      if (auto hint = openbenchmarking::result_id_hint(source.path); !hint.empty()) {
        error += "; " + hint;
      }
    }
    return false;
  }
  // Straight into `bytes`, sized from the listing when it gave the size (+1 to see the end):
  // reading through a buffer on the stack copied every byte twice.
  constexpr std::uint64_t first_chunk = first_block_bytes;  // enough to tell an archive
  std::uint64_t chunk = source.size > 0 ? std::min(source.size + 1, first_chunk) : first_chunk;
  // The whole file's room at once: growing after the first chunk copied that chunk.
  if (source.size > 0 && source.size < limit) bytes.reserve(source.size + 1);
  for (;;) {
    auto at = bytes.size();
    bytes.resize(at + chunk);
    auto got = read_up_to(fd, bytes.data() + at, chunk);
    if (got < 0) {
      bytes.clear();
      error = std::string("cannot read: ") + std::strerror(errno);
      return false;
    }
    bytes.resize(at + static_cast<std::uint64_t>(got));
    // Only the start is needed to see an archive, which libarchive then streams itself: before
    // the binary bytes are looked at, which an archive's first block has. Standard input too,
    // which is then read as it comes, as a named archive is.
    if (at == 0 && has_archive_magic(bytes)) return true;
    // More to come, and binary at the start (/dev/zero, a disk image): refused after this
    // block, as reading it whole would refuse it, rather than after the 'input-bytes' limit.
    if (at == 0 && static_cast<std::uint64_t>(got) == chunk) {
      if (auto [message, where] = binary_head_error(bytes); !message.empty()) {
        // Found in a walk, the block alone is enough to skip it as no result file.
        if (!source.named) return true;
        bytes.clear();
        error = std::move(message);
        error_at = where;
        return false;
      }
    }
    if (bytes.size() > limit) {
      bytes.clear();
      error = input_too_large(limit);
      return false;
    }
    if (static_cast<std::uint64_t>(got) < chunk) break;
    // The rest in one read when the size is known, else in doubling chunks; never more than
    // one byte past the limit.
    chunk = source.size >= bytes.size() ? source.size - bytes.size() + 1 : bytes.size();
    chunk = std::min(chunk, limit + 1 - bytes.size());
  }
  return true;
}

}  // namespace

bool walk_inputs(const std::vector<std::string>& paths, const std::string& exclude,
                 const std::function<bool(input_list::source&&)>& found) {
  for (const auto& path : paths) {
    std::error_code ec;
    if (path != "-" && fs::is_directory(path, ec)) {
      if (is_graphs_folder_name(path)) {
        input_list::source s;
        s.path = path;
        s.relative = "result-graphs";
        s.named = true;
        s.graphs_folder = true;
        if (!found(std::move(s))) return false;
        continue;
      }
      if (!walk_directory(path, "", exclude, found)) return false;
      continue;
    }
    input_list::source s;
    s.path = path;
    s.relative = path == "-" ? "stdin" : fs::path(path).filename().string();
    s.named = true;
    if (auto id = openbenchmarking::names_result_id(path)) {
      // An address is read as its ID: the ID names the input, as when it is given.
      s.relative = *id;
      s.path = std::move(*id);
      s.result_id = true;
    }
    s.size = path == "-" || s.result_id ? 0 : fs::file_size(path, ec);
    if (ec) s.size = 0;
    if (!found(std::move(s))) return false;
  }
  return true;
}

input_list list_inputs(const std::vector<std::string>& paths, const std::string& exclude) {
  input_list list;
  walk_inputs(paths, exclude, [&](input_list::source&& s) {
    list.total_bytes += s.size;
    list.sources.push_back(std::move(s));
    return true;
  });
  return list;
}

bool is_archive_file(const std::string& path) {
  // Opening a FIFO or a device to look would block or consume it.
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return false;
  return has_archive_magic(read_head(path, 512));
}

std::string input_too_large(std::uint64_t limit, std::optional<std::uint64_t> size) {
  auto most = std::to_string(limit);
  if (!size) {
    return "input is more than " + most + " bytes; expected at most that (raise the " +
           "'input-bytes' limit)";
  }
  return "input is " + std::to_string(*size) + " bytes; expected at most " + most +
         " (raise the 'input-bytes' limit)";
}

void settle_too_large(batch_input& in, std::string_view head, std::string error) {
  if (in.named || !detect_input_format(head).empty()) {
    in.read_error = std::move(error);
  } else {
    in.skip_reason = "not a result file by its first bytes, and over the 'input-bytes' limit";
  }
  in.bytes.clear();
}

bool read_source(const input_list::source& source, const input_limits& limits,
                 const std::function<bool(batch_input&&)>& emit) {
  batch_input in;
  in.name = source.path;
  in.relative_output = source.relative;
  in.named = source.named;
  in.input_bytes = source.size;
  if (!source.error.empty()) {
    in.read_error = source.error;
  } else if (!source.skip_reason.empty()) {
    in.skip_reason = source.skip_reason;
  } else if (!source.named && source.path.ends_with(temporary_suffix)) {
    // Half an output of a run that was killed (SIGKILL, power loss): never read as an input.
    in.skip_reason = "temporary file of an unfinished iosr convert";
  } else if (source.graphs_folder) {
    try {
      in.bytes = read_graphs_folder(source.path, limits.read_with);
    } catch (const parse_error& e) {
      in.read_error = e.message();
      in.read_error_at = e.where();
    }
    return emit(std::move(in));
  } else if (source.result_id) {
    try {
      in.bytes =
          openbenchmarking::result_xml(source.path, limits.ids, limits.read_with, in.cached_copy);
    } catch (const parse_error& e) {
      in.read_error = e.message();
      in.read_error_at = e.where();
    }
    return emit(std::move(in));
  } else if (source.size > limits.read_with.max_input_bytes && !is_archive_file(source.path)) {
    // Checked before reading: a directory may hold videos or disk images.
    settle_too_large(in, read_head(source.path),
                     input_too_large(limits.read_with.max_input_bytes, source.size));
  }
  if (in.read_error.empty() && in.skip_reason.empty()) {
    bool read = read_file(source, limits.read_with.max_input_bytes, in.bytes, in.read_error,
                          in.read_error_at);
    if (read && has_archive_magic(in.bytes)) {
      return read_archive(source, in.bytes, limits, emit);
    }
  }
  return emit(std::move(in));
}

void read_each_result_file(const std::vector<std::string>& paths, const input_limits& limits,
                           const std::function<void(result_file&&)>& read,
                           const std::function<void(const failure&)>& failed) {
  // One input at a time on this thread; an archive's library is loaded only when an archive is
  // met (libarchive_api.hpp).
  walk_inputs(paths, {}, [&](input_list::source&& source) {
    return read_source(source, limits, [&](batch_input&& in) {
      if (!in.read_error.empty()) {
        failed({in.name, in.read_error_at, in.read_error});
        return true;
      }
      if (!in.skip_reason.empty()) return true;  // a link or an archive in an archive, ...
      auto prepared = prepare_input(std::move(in.bytes), in.name, limits.read_with);
      // As in a batch: found in a directory or an archive, what is no result file is skipped.
      if (!in.named && prepared.detected_format().empty()) return true;
      try {
        // An input of several result blocks (docs/blocks.md) gives each.
        for (auto& file : read_all_results(std::move(prepared))) read(std::move(file));
      } catch (const std::exception&) {
        failed(read_failure(in));
      }
      return true;
    });
  });
}

void read_sources(const input_list& inputs, const input_limits& limits,
                  const std::function<bool(batch_input&&)>& emit) {
  for (const auto& source : inputs.sources) {
    if (!read_source(source, limits, emit)) return;
  }
}

}  // namespace iosr::batch
