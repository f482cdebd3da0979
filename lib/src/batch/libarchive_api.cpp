// SPDX-License-Identifier: MIT
// Loads libarchive by the soname the build found (IOSR_LIBARCHIVE_SONAME; shared_library.hpp).
// Loaded on first use, not linked, because loading it at start would cost every run far more than
// issue 42's 0.3 ms: it brings 13 libraries (libxml2, ICU and through ICU the shared libstdc++,
// which iosr itself no longer loads), +4.59 M instructions to `iosr --version`'s 0.59 M, CPU
// +8.90 / +8.82 ms in two rounds of bench/startup.py --libraries (2026-12-07, load average 10-16,
// which inflates CPU times several-fold; docs/performance.md, "Start-up").
#include "batch/libarchive_api.hpp"

#include <stdexcept>

#include "shared_library.hpp"

#ifndef IOSR_LIBARCHIVE_SONAME
#define IOSR_LIBARCHIVE_SONAME nullptr  // linked instead
#endif

namespace iosr::batch {

const libarchive_api* load_libarchive(std::string& why) {
  try {
    return &load_once<libarchive_api>(IOSR_LIBARCHIVE_SONAME, "libarchive13", "to read archives");
  } catch (const std::runtime_error& e) {
    why = e.what();
    return nullptr;
  }
}

}  // namespace iosr::batch
