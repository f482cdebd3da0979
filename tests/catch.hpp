// SPDX-License-Identifier: MIT
// The Catch2 header every test includes: Catch2 v2, the version tests/CMakeLists.txt asks for
// (find_package(Catch2 2), Debian 12's catch2 package), so the two cannot drift apart.
#pragma once
#include <catch2/catch.hpp>

static_assert(CATCH_VERSION_MAJOR == 2,
              "the tests are written for Catch2 v2, as tests/CMakeLists.txt requires");
