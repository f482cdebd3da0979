// SPDX-License-Identifier: MIT
// Loads libarchive by the soname the build found (IOSR_LIBARCHIVE_SONAME; shared_library.hpp).
#include "batch/libarchive_api.hpp"

#include "shared_library.hpp"

#ifndef IOSR_LIBARCHIVE_SONAME
#define IOSR_LIBARCHIVE_SONAME nullptr  // linked instead
#endif

namespace iosr::cli::batch {

namespace {

struct loaded {
  libarchive_api api{};
  std::string error;  // empty once loaded
};

loaded load() {
  loaded l;
  shared_library lib(IOSR_LIBARCHIVE_SONAME, "libarchive13", "to read archives");
  auto& a = l.api;
  const bool ok = lib.find("archive_read_new", a.read_new) &&
                  lib.find("archive_read_free", a.read_free) &&
                  lib.find("archive_read_support_filter_all", a.read_support_filter_all) &&
                  lib.find("archive_read_support_format_all", a.read_support_format_all) &&
                  lib.find("archive_read_open_memory", a.read_open_memory) &&
                  lib.find("archive_read_open_filename", a.read_open_filename) &&
                  lib.find("archive_read_next_header", a.read_next_header) &&
                  lib.find("archive_read_data", a.read_data) &&
                  lib.find("archive_filter_bytes", a.filter_bytes) &&
                  lib.find("archive_error_string", a.error_string) &&
                  lib.find("archive_entry_pathname", a.entry_pathname) &&
                  lib.find("archive_entry_filetype", a.entry_filetype) &&
                  lib.find("archive_entry_hardlink", a.entry_hardlink);
  if (!ok) {
    l.api = {};
    l.error = lib.error();
  }
  return l;
}

}  // namespace

const libarchive_api* load_libarchive(std::string& why) {
  static const loaded library = load();  // once, under the guard of a static's initialisation
  if (!library.error.empty()) {
    why = library.error;
    return nullptr;
  }
  return &library.api;
}

}  // namespace iosr::cli::batch
