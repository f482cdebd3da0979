// SPDX-License-Identifier: MIT
// libarchive's functions that archive_reader.cpp calls, loaded the first time an archive is
// read: iosr does not link libarchive, so that the runs that read no archive never load it and
// the ten libraries it pulls in (ICU and libxml2 among them; docs/performance.md, "Start-up").
#pragma once

#include <archive.h>
#include <archive_entry.h>

#include <string>

namespace iosr {
class shared_library;
}

namespace iosr::batch {

// The functions, by their names without `archive_`.
// clang-format off
#define IOSR_LIBARCHIVE_FUNCTIONS(F)                                                         \
  F(read_new) F(read_free) F(read_support_filter_all) F(read_support_format_all)             \
  F(read_support_format_raw) F(read_open) F(read_open_filename) F(read_next_header)          \
  F(read_data) F(filter_bytes) F(format) F(error_string) F(set_error) F(entry_pathname)       \
  F(entry_filetype) F(entry_hardlink)
// clang-format on

struct libarchive_api {
#define IOSR_LIBARCHIVE_POINTER(name) decltype(&::archive_##name) name = nullptr;
  IOSR_LIBARCHIVE_FUNCTIONS(IOSR_LIBARCHIVE_POINTER)
#undef IOSR_LIBARCHIVE_POINTER
  static bool find_all(shared_library& lib, libarchive_api& api);
};

/// libarchive, loaded once (thread-safe); null with `why` set when it cannot be loaded (the
/// library or one of its functions is missing), saying what was expected.
const libarchive_api* load_libarchive(std::string& why);

}  // namespace iosr::batch
