// SPDX-License-Identifier: MIT
// A shared library loaded the first time a run needs it: iosr links neither libarchive nor
// SQLite nor OpenSSL, so that the runs that read no archive and open no database never load them
// and the libraries they pull in (docs/performance.md, "Start-up").
#pragma once

#include <stdexcept>
#include <string>

#include "iosr/error.hpp"

namespace iosr {

class shared_library {
 public:
  /// Loads the library `soname` (`libsqlite3.so.0`), or, where the build found no soname (null;
  /// not an ELF system), takes the functions of the library linked instead. `package` is what
  /// installs it and `purpose` what it is for (`to read archives`), for the error.
  shared_library(const char* soname, const char* package, const char* purpose);
  shared_library(const shared_library&) = delete;
  shared_library& operator=(const shared_library&) = delete;

  /// Sets `f` to the library's function `name`. False when the library did not load or lacks
  /// the function; error() then says which, and what was expected.
  template <class F>
  bool find(const char* name, F& f) {
    void* symbol = find_symbol(name);
    if (symbol == nullptr) return false;
    f = reinterpret_cast<F>(symbol);
    return true;
  }

  /// Empty while every load and find succeeded.
  const std::string& error() const { return error_; }

 private:
  void* find_symbol(const char* name);

  void* handle_ = nullptr;  // never closed: the functions serve until the process ends
  std::string name_;
  std::string error_;
};

/// A function table for load_once, one per library: `functions(F, prefix)` lists the library's
/// functions as F(prefix, name), each by its name without the library's `prefix` (sqlite3_). The
/// table has a pointer `name` of the type the library's header gives the function, and
/// find_all(), which finds each by its whole name.
#define IOSR_LIBRARY_TABLE(table, functions, prefix)                \
  struct table {                                                    \
    functions(IOSR_LIBRARY_POINTER, prefix)                         \
    static bool find_all(::iosr::shared_library& lib, table& api) { \
      return functions(IOSR_LIBRARY_FIND, prefix) true;             \
    }                                                               \
  };
#define IOSR_LIBRARY_POINTER(prefix, name) decltype(&::prefix##name) name = nullptr;
#define IOSR_LIBRARY_FIND(prefix, name) lib.find(#prefix #name, api.name)&&

/// The function table `Table` (a struct of function pointers with a static
/// `bool find_all(shared_library&, Table&)`), filled from `soname` the first time it is asked
/// for; thread-safe. Throws iosr::error (system), saying what was expected, when the library or
/// one of its functions is missing (and again on every later call).
template <class Table>
const Table& load_once(const char* soname, const char* package, const char* purpose) {
  struct loaded {
    Table table{};
    std::string error;
  };
  static const loaded library = [&] {
    loaded l;
    shared_library lib(soname, package, purpose);
    if (!Table::find_all(lib, l.table)) l.error = lib.error();
    return l;
  }();
  if (!library.error.empty()) throw error(error_kind::system, library.error);
  return library.table;
}

}  // namespace iosr
