// SPDX-License-Identifier: MIT
// Archives read as a stream of members: nothing is unpacked to disk, and member names only
// ever become paths after safe_member_path() has checked them.
#include "batch/archive_reader.hpp"

#include <archive.h>
#include <archive_entry.h>

#include <memory>
#include <vector>

namespace iosr::cli::batch {

namespace {

using archive_ptr = std::unique_ptr<archive, decltype(&archive_read_free)>;

std::string archive_message(archive* a) {
  const char* text = archive_error_string(a);
  return text != nullptr ? text : "unknown libarchive error";
}

// The bytes of the current member, or an error message.
bool read_member(archive* a, std::string& bytes, std::string& error) {
  char buffer[1 << 16];
  for (;;) {
    la_ssize_t got = archive_read_data(a, buffer, sizeof buffer);
    if (got == 0) return true;
    if (got < 0) {
      error = "cannot read member: " + archive_message(a);
      return false;
    }
    if (bytes.size() + static_cast<std::size_t>(got) > max_result_bytes) {
      error = "larger than 256 MiB; not a result file";
      return false;
    }
    bytes.append(buffer, static_cast<std::size_t>(got));
  }
}

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

bool read_archive(const std::string& path, std::string_view in_memory, const std::string& display,
                  const std::string& relative_root,
                  const std::function<bool(batch_input&&)>& emit) {
  archive_ptr a(archive_read_new(), archive_read_free);
  archive_read_support_filter_all(a.get());
  archive_read_support_format_all(a.get());
  int opened = path == "-" ? archive_read_open_memory(a.get(), in_memory.data(), in_memory.size())
                           : archive_read_open_filename(a.get(), path.c_str(), 1 << 16);
  auto fail_archive = [&](const std::string& message, std::uint64_t consumed) {
    batch_input failed;
    failed.name = display;
    failed.read_error = message;
    failed.named = true;
    failed.input_bytes = consumed;
    return emit(std::move(failed));
  };
  if (opened != ARCHIVE_OK)
    return fail_archive("cannot open archive: " + archive_message(a.get()), 0);

  std::uint64_t consumed = 0;  // compressed bytes read so far, for the progress bar
  std::size_t members = 0;
  for (;;) {
    archive_entry* entry = nullptr;
    int status = archive_read_next_header(a.get(), &entry);
    if (status == ARCHIVE_EOF) return true;
    auto now = static_cast<std::uint64_t>(archive_filter_bytes(a.get(), -1));
    if (status < ARCHIVE_WARN) {
      return fail_archive("damaged archive after " + std::to_string(members) +
                              " members: " + archive_message(a.get()),
                          now - consumed);
    }
    ++members;
    const char* raw_name = archive_entry_pathname(entry);
    std::string member = raw_name != nullptr ? raw_name : "";
    batch_input in;
    in.name = display + ":" + member;
    auto type = archive_entry_filetype(entry);
    if (type == AE_IFDIR) continue;
    if (type != AE_IFREG || archive_entry_hardlink(entry) != nullptr) {
      in.skip_reason = type == AE_IFLNK || archive_entry_hardlink(entry) != nullptr
                           ? "a link; links are never followed"
                           : "not a regular file";
    } else {
      std::string why;
      auto relative = safe_member_path(member, why);
      if (relative.empty()) {
        in.unsafe_reason = why;
      } else {
        in.relative_output = relative_root.empty() ? relative : relative_root + "/" + relative;
      }
      std::string error;
      if (!read_member(a.get(), in.bytes, error)) {
        in.bytes.clear();
        in.read_error = error;
      }
    }
    now = static_cast<std::uint64_t>(archive_filter_bytes(a.get(), -1));
    in.input_bytes = now - consumed;
    consumed = now;
    if (!emit(std::move(in))) return false;
  }
}

}  // namespace iosr::cli::batch
