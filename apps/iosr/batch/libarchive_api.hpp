// SPDX-License-Identifier: MIT
// libarchive's functions that archive_reader.cpp calls, loaded the first time an archive is
// read: iosr does not link libarchive, so that the runs that read no archive never load it and
// the ten libraries it pulls in (ICU and libxml2 among them; docs/performance.md, "Start-up").
#pragma once

#include <archive.h>
#include <archive_entry.h>

#include <string>

namespace iosr::cli::batch {

/// The libarchive functions iosr uses, by their libarchive names.
struct libarchive_api {
  decltype(&::archive_read_new) read_new;
  decltype(&::archive_read_free) read_free;
  decltype(&::archive_read_support_filter_all) read_support_filter_all;
  decltype(&::archive_read_support_format_all) read_support_format_all;
  decltype(&::archive_read_open_memory) read_open_memory;
  decltype(&::archive_read_open_filename) read_open_filename;
  decltype(&::archive_read_next_header) read_next_header;
  decltype(&::archive_read_data) read_data;
  decltype(&::archive_filter_bytes) filter_bytes;
  decltype(&::archive_error_string) error_string;
  decltype(&::archive_entry_pathname) entry_pathname;
  decltype(&::archive_entry_filetype) entry_filetype;
  decltype(&::archive_entry_hardlink) entry_hardlink;
};

/// libarchive, loaded once (thread-safe); null with `why` set when it cannot be loaded (the
/// library or one of its functions is missing), saying what was expected.
const libarchive_api* load_libarchive(std::string& why);

}  // namespace iosr::cli::batch
