// SPDX-License-Identifier: MIT
// Catch2's main, in its own translation unit so the test files compile faster.
#define CATCH_CONFIG_MAIN
#include "catch.hpp"
