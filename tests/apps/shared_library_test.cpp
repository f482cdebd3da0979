// SPDX-License-Identifier: MIT
// The loader behind libarchive, SQLite and OpenSSL (lib/src/shared_library/shared_library.hpp): a
// library that is not there, or lacks a function, is an error that says what to install.
#include "shared_library.hpp"

#include "catch.hpp"

using iosr::shared_library;

TEST_CASE("A library that is not installed is an error naming its package", "[loader]") {
  shared_library lib("libiosr-missing.so.7", "libiosr-missing7", "to test the loader");
  int (*f)(int) = nullptr;
  CHECK_FALSE(lib.find("anything", f));
  CHECK(f == nullptr);
  CHECK(lib.error().starts_with("cannot load libiosr-missing.so.7 to test the loader ("));
  CHECK(lib.error().ends_with("); expected it installed (Debian package libiosr-missing7)"));
}

TEST_CASE("A function the library lacks is an error naming it", "[loader]") {
  shared_library lib("libc.so.6", "libc6", "to test the loader");
  int (*abs_function)(int) = nullptr;
  REQUIRE(lib.find("abs", abs_function));
  CHECK(abs_function(-3) == 3);
  CHECK(lib.error().empty());
  void (*missing)() = nullptr;
  CHECK_FALSE(lib.find("iosr_no_such_function", missing));
  CHECK(lib.error() ==
        "libc.so.6 has no function iosr_no_such_function; expected the version of it that iosr "
        "was built against");
}
