// SPDX-License-Identifier: MIT
// SHA-256 through OpenSSL's EVP digest: it uses the CPU's SHA instructions where they exist, so
// hashing costs little beside parsing. libcrypto is loaded from IOSR_CRYPTO_SONAME the
// first time a file is hashed (shared_library.hpp), not linked: loading it at start costs more
// than issue 42's 0.3 ms, +2.52 M instructions to `iosr --version`'s 0.59 M, CPU +3.68 / +4.18 ms
// in two rounds of bench/startup.py --libraries (2026-12-07, load average 10-16, which inflates CPU
// times several-fold; docs/performance.md, "Start-up").
#include "store/sha256.hpp"

#include <openssl/evp.h>

#include <stdexcept>
#include <string>

#include "iosr/error.hpp"
#include "shared_library.hpp"

#ifndef IOSR_CRYPTO_SONAME
#define IOSR_CRYPTO_SONAME nullptr  // linked instead
#endif

namespace iosr::db {

namespace {

// OpenSSL 3 looks SHA-256 up in its providers on every EVP_Digest given EVP_sha256(), and makes
// and frees a context each time: some 3,600 instructions a call, more than hashing a system's
// or a test's identity key (an import hashes tens of thousands). So the digest is fetched once
// and each thread keeps its context.
struct crypto_api {
  decltype(&::EVP_MD_fetch) md_fetch = nullptr;
  decltype(&::EVP_MD_CTX_new) ctx_new = nullptr;
  decltype(&::EVP_MD_CTX_free) ctx_free = nullptr;
  decltype(&::EVP_DigestInit_ex2) init = nullptr;
  decltype(&::EVP_DigestUpdate) update = nullptr;
  decltype(&::EVP_DigestFinal_ex) final = nullptr;
  static bool find_all(shared_library& lib, crypto_api& api) {
    return lib.find("EVP_MD_fetch", api.md_fetch) && lib.find("EVP_MD_CTX_new", api.ctx_new) &&
           lib.find("EVP_MD_CTX_free", api.ctx_free) && lib.find("EVP_DigestInit_ex2", api.init) &&
           lib.find("EVP_DigestUpdate", api.update) && lib.find("EVP_DigestFinal_ex", api.final);
  }
};

const crypto_api& crypto() {
  return load_once<crypto_api>(IOSR_CRYPTO_SONAME, "libssl3", "to hash the files imported");
}

// SHA-256, fetched once for the process (never freed: it serves until the end).
const EVP_MD* sha256_digest() {
  static const EVP_MD* const md = crypto().md_fetch(nullptr, "SHA256", nullptr);
  if (md == nullptr) throw error(error_kind::system, "OpenSSL has no SHA-256");
  return md;
}

// This thread's digest context, freed when the thread ends.
EVP_MD_CTX* thread_context() {
  struct owned {
    EVP_MD_CTX* ctx = crypto().ctx_new();
    ~owned() { crypto().ctx_free(ctx); }
  };
  thread_local const owned context;
  if (context.ctx == nullptr) throw error(error_kind::system, "out of memory for SHA-256");
  return context.ctx;
}

}  // namespace

std::string sha256_hex(std::string_view bytes) {
  const auto& api = crypto();
  EVP_MD_CTX* ctx = thread_context();
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (api.init(ctx, sha256_digest(), nullptr) != 1 ||
      api.update(ctx, bytes.data(), bytes.size()) != 1 || api.final(ctx, digest, &size) != 1) {
    throw error(error_kind::system, "SHA-256 failed");
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

}  // namespace iosr::db
