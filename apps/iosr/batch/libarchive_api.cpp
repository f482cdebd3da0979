// SPDX-License-Identifier: MIT
// Loads libarchive with dlopen by the soname the build found (IOSR_LIBARCHIVE_SONAME), or, on a
// platform where the build could not tell it, takes the functions of the linked library.
#include "batch/libarchive_api.hpp"

#ifdef IOSR_LIBARCHIVE_SONAME
#include <dlfcn.h>
#endif

namespace iosr::cli::batch {

namespace {

struct loaded {
  libarchive_api api{};
  std::string error;  // empty once loaded
};

#ifdef IOSR_LIBARCHIVE_SONAME

// Sets `f` to the function `name` of `handle`; false when the library lacks it.
template <class F>
bool find(void* handle, const char* name, F& f, std::string& error) {
  void* symbol = dlsym(handle, name);
  if (symbol == nullptr) {
    error = std::string(IOSR_LIBARCHIVE_SONAME) + " has no function " + name +
            "; expected libarchive 3 (the one iosr was built against)";
    return false;
  }
  f = reinterpret_cast<F>(symbol);
  return true;
}

loaded load() {
  loaded l;
  // Never closed: the functions are used until the process ends.
  void* handle = dlopen(IOSR_LIBARCHIVE_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    l.error = std::string("cannot load ") + IOSR_LIBARCHIVE_SONAME + " to read archives (" +
              (why != nullptr ? why : "unknown error") +
              "); expected libarchive installed (Debian: libarchive13)";
    return l;
  }
  auto& a = l.api;
  auto& e = l.error;
  bool ok = find(handle, "archive_read_new", a.read_new, e) &&
            find(handle, "archive_read_free", a.read_free, e) &&
            find(handle, "archive_read_support_filter_all", a.read_support_filter_all, e) &&
            find(handle, "archive_read_support_format_all", a.read_support_format_all, e) &&
            find(handle, "archive_read_open_memory", a.read_open_memory, e) &&
            find(handle, "archive_read_open_filename", a.read_open_filename, e) &&
            find(handle, "archive_read_next_header", a.read_next_header, e) &&
            find(handle, "archive_read_data", a.read_data, e) &&
            find(handle, "archive_filter_bytes", a.filter_bytes, e) &&
            find(handle, "archive_error_string", a.error_string, e) &&
            find(handle, "archive_entry_pathname", a.entry_pathname, e) &&
            find(handle, "archive_entry_filetype", a.entry_filetype, e) &&
            find(handle, "archive_entry_hardlink", a.entry_hardlink, e);
  if (!ok) l.api = {};
  return l;
}

#else

loaded load() {
  loaded l;
  l.api = {::archive_read_new,
           ::archive_read_free,
           ::archive_read_support_filter_all,
           ::archive_read_support_format_all,
           ::archive_read_open_memory,
           ::archive_read_open_filename,
           ::archive_read_next_header,
           ::archive_read_data,
           ::archive_filter_bytes,
           ::archive_error_string,
           ::archive_entry_pathname,
           ::archive_entry_filetype,
           ::archive_entry_hardlink};
  return l;
}

#endif

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
