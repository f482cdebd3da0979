// SPDX-License-Identifier: MIT
// The SHA-256 of a file's bytes, which identifies it in the database (OpenSSL's libcrypto).
#pragma once

#include <string>
#include <string_view>

namespace iosr::db {

/// The digest of `bytes` as 64 lower-case hex digits, as `sha256sum` prints it.
std::string sha256_hex(std::string_view bytes);

}  // namespace iosr::db
