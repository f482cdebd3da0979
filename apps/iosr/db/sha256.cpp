// SPDX-License-Identifier: MIT
// SHA-256 through OpenSSL's one-shot EVP digest: it uses the CPU's SHA instructions where they
// exist, so hashing costs little beside parsing. libcrypto is loaded from IOSR_CRYPTO_SONAME the
// first time a file is hashed (shared_library.hpp).
#include "db/sha256.hpp"

#include <openssl/evp.h>

#include <stdexcept>
#include <string>

#include "shared_library.hpp"

#ifndef IOSR_CRYPTO_SONAME
#define IOSR_CRYPTO_SONAME nullptr  // linked instead
#endif

namespace iosr::cli::db {

namespace {

struct crypto_api {
  decltype(&::EVP_Digest) digest = nullptr;
  decltype(&::EVP_sha256) sha256 = nullptr;
  static bool find_all(shared_library& lib, crypto_api& api) {
    return lib.find("EVP_Digest", api.digest) && lib.find("EVP_sha256", api.sha256);
  }
};

}  // namespace

std::string sha256_hex(std::string_view bytes) {
  const auto& api =
      load_once<crypto_api>(IOSR_CRYPTO_SONAME, "libssl3", "to hash the files imported");
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (api.digest(bytes.data(), bytes.size(), digest, &size, api.sha256(), nullptr) != 1) {
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
