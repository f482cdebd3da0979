// SPDX-License-Identifier: MIT
#include "shared_library.hpp"

#include <dlfcn.h>

namespace iosr {

shared_library::shared_library(const char* soname, const char* package, const char* purpose)
    : name_(soname != nullptr ? soname : package) {
  // RTLD_DEFAULT: the linked libraries' functions, where the build linked the library.
  handle_ = soname != nullptr ? dlopen(soname, RTLD_NOW | RTLD_LOCAL) : RTLD_DEFAULT;
  if (soname != nullptr && handle_ == nullptr) {
    const char* why = dlerror();
    error_ = "cannot load " + name_ + " " + purpose + " (" +
             (why != nullptr ? why : "unknown error") +
             "); expected it installed (Debian package " + package + ")";
  }
}

void* shared_library::find_symbol(const char* name) {
  if (!error_.empty()) return nullptr;
  void* symbol = dlsym(handle_, name);
  if (symbol == nullptr) {
    error_ = name_ + " has no function " + name +
             "; expected the version of it that iosr was built against";
  }
  return symbol;
}

}  // namespace iosr
