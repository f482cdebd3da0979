// SPDX-License-Identifier: MIT
// Archives read as a stream of members: nothing is unpacked to disk, and member names only
// ever become paths after safe_member_path() has checked them. Every byte a member expands to
// is counted against the archive limits, so that a zip or tar bomb stops early.
#include "batch/archive_reader.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <memory>
#include <optional>
#include <vector>

#include "batch/inputs.hpp"
#include "batch/libarchive_api.hpp"
#include "iosr/counted.hpp"

namespace iosr::batch {

namespace {

using archive_ptr = std::unique_ptr<archive, decltype(libarchive_api::read_free)>;

std::string archive_message(const libarchive_api& api, archive* a) {
  const char* text = api.error_string(a);
  return text != nullptr ? text : "unknown libarchive error";
}

// What one archive has expanded to so far, against its limits.
class expansion_meter {
 public:
  expansion_meter(const libarchive_api& api, archive* a, const archive_limits& limits)
      : api_(api), a_(a), limits_(limits) {}

  // Counts `n` more bytes expanded; the archive's error once that passes a limit.
  std::optional<std::string> add(std::uint64_t n) {
    expanded_ += n;
    if (expanded_ > limits_.max_bytes) {
      auto limit = std::to_string(limits_.max_bytes);
      return "expanded to more than " + limit + " bytes; expected at most " + limit +
             " (raise the 'archive-bytes' limit)";
    }
    // Small archives may compress well (a result file alone, 16:1); a bomb is past the floor
    // within a few compressed kilobytes.
    if (expanded_ <= archive_limits::ratio_floor) return std::nullopt;
    auto read = std::max<la_int64_t>(api_.filter_bytes(a_, -1), 1);
    auto compressed = static_cast<std::uint64_t>(read);
    if (expanded_ / compressed <= limits_.max_ratio) return std::nullopt;
    auto ratio = std::to_string(limits_.max_ratio);
    return "expanded " + std::to_string(expanded_) + " bytes from " + std::to_string(compressed) +
           " compressed, more than " + ratio + " times as many; expected at most " + ratio +
           " times (raise the 'archive-ratio' limit)";
  }

 private:
  const libarchive_api& api_;
  archive* a_;
  const archive_limits& limits_;
  std::uint64_t expanded_ = 0;
};

// What reading one member gave.
struct member_read {
  bool too_large = false;     // more than the input limit: the rest was dropped
  std::string error;          // the member could not be read
  std::string archive_error;  // the archive passed a limit: stop it
};

// Reads the current member into `bytes`. Of one over the input limit only the head is kept, to
// tell a result file; the rest is read and dropped rather than skipped: inside a compressed tar
// skipping inflates it all the same, and this way the archive limits count it.
member_read read_member(const libarchive_api& api, archive* a, std::uint64_t max_bytes,
                        expansion_meter& meter, std::string& bytes) {
  member_read read;
  char buffer[1 << 16];
  for (;;) {
    la_ssize_t got = api.read_data(a, buffer, sizeof buffer);
    if (got == 0) return read;
    if (got < 0) {
      read.error = "cannot read member: " + archive_message(api, a);
      return read;
    }
    auto n = static_cast<std::size_t>(got);
    if (auto passed = meter.add(n)) {
      read.archive_error = std::move(*passed);
      return read;
    }
    if (bytes.size() + n > max_bytes) read.too_large = true;
    std::uint64_t keep = read.too_large ? head_bytes : max_bytes;
    if (bytes.size() < keep) bytes.append(buffer, std::min<std::uint64_t>(n, keep - bytes.size()));
  }
}

// Where what an archive holds goes under --out-dir: `relative` without the archive and
// compression extensions (`old/x.tar.gz` -> `old/x`, `run/composite.xml.gz` ->
// `run/composite.xml`).
std::string archive_root(const std::string& relative) {
  std::string root = relative;
  for (std::string_view ext : {".gz", ".xz", ".bz2", ".zst", ".tgz", ".txz", ".tar", ".zip"}) {
    if (root.size() > ext.size() && root.ends_with(ext)) root.resize(root.size() - ext.size());
  }
  return root;
}

// Standard input as libarchive reads it: the bytes read already to tell the archive, then the
// rest as it comes, so that an archive on standard input is streamed as a named one is, never
// held whole.
struct stream_source {
  const libarchive_api& api;
  std::string_view head;
  int fd;
  bool head_given = false;
  std::vector<char> buffer = std::vector<char>(std::size_t{1} << 16);

  static la_ssize_t read(archive* a, void* self, const void** block) {
    auto& s = *static_cast<stream_source*>(self);
    if (!s.head_given) {
      s.head_given = true;
      if (!s.head.empty()) {
        *block = s.head.data();
        return static_cast<la_ssize_t>(s.head.size());
      }
    }
    for (;;) {
      const auto got = ::read(s.fd, s.buffer.data(), s.buffer.size());
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) {
        s.api.set_error(a, errno, "cannot read standard input");
        return -1;
      }
      *block = s.buffer.data();
      return static_cast<la_ssize_t>(got);
    }
  }
};

}  // namespace

bool has_archive_magic(std::string_view head) {
  auto starts = [&](std::string_view magic) { return head.starts_with(magic); };
  using namespace std::string_view_literals;
  return starts("\x1f\x8b"sv) ||  // gzip
         starts(
             "\xfd"
             "7zXZ\0"sv) ||               // xz
         starts("BZh"sv) ||               // bzip2
         starts("\x28\xb5\x2f\xfd"sv) ||  // zstd
         starts("PK\x03\x04"sv) ||
         starts("PK\x05\x06"sv) ||                                // zip, empty zip
         (head.size() >= 262 && head.substr(257, 5) == "ustar");  // tar
}

std::string safe_member_path(std::string_view member, std::string& why) {
  if (member.starts_with('/')) {
    why = "absolute member name; not written outside the output directory";
    return {};
  }
  std::string path;
  while (!member.empty()) {
    auto slash = member.find('/');
    auto part = member.substr(0, slash);
    member = slash == std::string_view::npos ? std::string_view() : member.substr(slash + 1);
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      why = "member name with '..'; not written outside the output directory";
      return {};
    }
    if (!path.empty()) path.push_back('/');
    path += part;
  }
  if (path.empty()) why = "member without a file name";
  return path;
}

bool read_archive(const input_list::source& source, std::string_view head,
                  const input_limits& limits, const std::function<bool(batch_input&&)>& emit) {
  const std::string& path = source.path;  // members are named `PATH:MEMBER`
  // A named archive stands for a directory: its members go to the top of --out-dir.
  const std::string relative_root = source.named ? std::string() : archive_root(source.relative);
  auto fail_archive = [&](const std::string& message, std::uint64_t consumed) {
    batch_input failed;
    failed.name = path;
    failed.read_error = message;
    failed.named = true;
    failed.input_bytes = consumed;
    return emit(std::move(failed));
  };
  std::string unloaded;
  const libarchive_api* loaded = load_libarchive(unloaded);
  if (loaded == nullptr) return fail_archive(unloaded, 0);
  const libarchive_api& api = *loaded;
  archive_ptr a(api.read_new(), api.read_free);
  api.read_support_filter_all(a.get());
  api.read_support_format_all(a.get());
  // Last, for a compressed stream that no archive format claims: one member, the file itself.
  api.read_support_format_raw(a.get());
  stream_source standard_input{api, head, STDIN_FILENO};
  int opened = path == "-" ? api.read_open(a.get(), &standard_input, nullptr,
                                           &stream_source::read, nullptr)
                           : api.read_open_filename(a.get(), path.c_str(), 1 << 16);
  if (opened != ARCHIVE_OK)
    return fail_archive("cannot open archive: " + archive_message(api, a.get()), 0);

  std::uint64_t consumed = 0;  // compressed bytes read so far, for the progress bar
  std::size_t members = 0;
  expansion_meter meter(api, a.get(), limits.archive);
  for (;;) {
    archive_entry* entry = nullptr;
    int status = api.read_next_header(a.get(), &entry);
    if (status == ARCHIVE_EOF && members == 0) {
      // Nothing came of it, which is said: a failure when it was named, else a skip.
      batch_input empty;
      empty.name = path;
      empty.named = source.named;
      empty.input_bytes = static_cast<std::uint64_t>(api.filter_bytes(a.get(), -1));
      const char* what = "an empty archive or compressed file";
      if (source.named) {
        empty.read_error = std::string(what) + "; expected result files in it";
      } else {
        empty.skip_reason = what;
      }
      return emit(std::move(empty));
    }
    if (status == ARCHIVE_EOF) return true;
    auto now = static_cast<std::uint64_t>(api.filter_bytes(a.get(), -1));
    if (status < ARCHIVE_WARN) {
      return fail_archive("damaged archive after " + counted(members, "member") + ": " +
                              archive_message(api, a.get()),
                          now - consumed);
    }
    ++members;
    const char* raw_name = api.entry_pathname(entry);
    std::string member = raw_name != nullptr ? raw_name : "";
    // A compressed single file: named as the user has it, its output named after what it holds.
    const bool single_file = api.format(a.get()) == ARCHIVE_FORMAT_RAW;
    batch_input in;
    in.name = single_file ? path : path + ":" + member;
    in.named = single_file && source.named;
    auto type = api.entry_filetype(entry);
    if (type == AE_IFDIR) continue;
    if (!single_file && (type != AE_IFREG || api.entry_hardlink(entry) != nullptr)) {
      in.skip_reason = type == AE_IFLNK || api.entry_hardlink(entry) != nullptr
                           ? "a link; links are never followed"
                           : "not a regular file";
    } else {
      if (single_file) {
        in.relative_output = archive_root(source.relative);
      } else if (std::string why, relative = safe_member_path(member, why); relative.empty()) {
        in.unsafe_reason = why;
      } else {
        in.relative_output = relative_root.empty() ? relative : relative_root + "/" + relative;
      }
      auto read = read_member(api, a.get(), limits.read_with.max_input_bytes, meter, in.bytes);
      if (!read.archive_error.empty()) {
        // The members before stay converted; the one cut short is not handed over.
        now = static_cast<std::uint64_t>(api.filter_bytes(a.get(), -1));
        return fail_archive(read.archive_error, now - consumed);
      }
      if (!read.error.empty()) {
        in.bytes.clear();
        in.read_error = read.error;
      } else if (has_archive_magic(in.bytes)) {
        // Each level could multiply what the limits allow; unpack it first to read it.
        in.bytes.clear();
        in.skip_reason = "an archive inside an archive; not expanded";
      } else if (read.too_large) {
        settle_too_large(in, std::string_view(in.bytes).substr(0, head_bytes),
                         input_too_large(limits.read_with.max_input_bytes));
      }
    }
    now = static_cast<std::uint64_t>(api.filter_bytes(a.get(), -1));
    in.input_bytes = now - consumed;
    consumed = now;
    if (!emit(std::move(in))) return false;
  }
}

}  // namespace iosr::batch
