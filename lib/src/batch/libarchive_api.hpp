// SPDX-License-Identifier: MIT
// libarchive's functions that archive_reader.cpp calls, loaded the first time an archive is
// read: iosr does not link libarchive, so that the runs that read no archive never load it and
// the ten libraries it pulls in (ICU and libxml2 among them; docs/performance.md, "Start-up").
#pragma once

#include <archive.h>
#include <archive_entry.h>

#include <string>

#include "shared_library.hpp"

namespace iosr::batch {

// The functions, by their names without `archive_`.
// clang-format off
#define IOSR_LIBARCHIVE_FUNCTIONS(F, P)                                                         \
  F(P, read_new) F(P, read_free) F(P, read_support_filter_all) F(P, read_support_format_all)    \
  F(P, read_support_format_raw) F(P, read_open) F(P, read_open_filename) F(P, read_next_header) \
  F(P, read_data) F(P, filter_bytes) F(P, format) F(P, error_string) F(P, set_error)            \
  F(P, entry_pathname) F(P, entry_filetype) F(P, entry_hardlink)
// clang-format on

IOSR_LIBRARY_TABLE(libarchive_api, IOSR_LIBARCHIVE_FUNCTIONS, archive_)

/// libarchive, loaded once (thread-safe); null with `why` set when it cannot be loaded (the
/// library or one of its functions is missing), saying what was expected.
const libarchive_api* load_libarchive(std::string& why);

}  // namespace iosr::batch
