// SPDX-License-Identifier: MIT
// SHA-256 through OpenSSL's one-shot EVP digest: it uses the CPU's SHA instructions where they
// exist, so hashing costs little beside parsing.
#include "db/sha256.hpp"

#include <openssl/evp.h>

#include <stdexcept>
#include <string>

namespace iosr::cli::db {

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("SHA-256 failed");
  }
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * size);
  for (unsigned int i = 0; i < size; ++i) {
    out.push_back(hex[digest[i] >> 4]);
    out.push_back(hex[digest[i] & 15]);
  }
  return out;
}

}  // namespace iosr::cli::db
