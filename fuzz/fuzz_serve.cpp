// SPDX-License-Identifier: MIT
// The site of `iosr serve` (iosr/serve.hpp) on request lines and query strings: the input's
// first line is the target (`/results?text=…`), its first byte choosing the method now and then.
// Over a store of one seed, opened read-only as the server opens it. No input may crash, hang
// or answer other than 2xx, 3xx, 400, 404 or 405; a store failure (500) would be a bug too.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>

#include "iosr/read.hpp"
#include "iosr/serve.hpp"
#include "iosr/store.hpp"

namespace {

std::unique_ptr<iosr::store> seeded;
std::unique_ptr<iosr::site> pages;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("iosr-fuzz-serve-" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(path);
  {
    std::ifstream in(IOSR_SEED_FILE, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), {}};
    const auto file = iosr::read_results(bytes, IOSR_SEED_FILE);
    auto s = iosr::store::open(path.string(), iosr::store_access::write);
    s->add(file, iosr::store::identities_of(file), iosr::store::sha256_hex(bytes), "seed.txt",
           bytes.size());
  }
  seeded = iosr::store::open(path.string(), iosr::store_access::read_only);
  iosr::site_limits limits;
  limits.page_size = 5;
  pages = std::make_unique<iosr::site>(*seeded, limits);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string target(reinterpret_cast<const char*>(data), size);
  if (const auto nl = target.find('\n'); nl != std::string::npos) target.resize(nl);
  std::string method = "GET";
  if (!target.empty() && target[0] == 'H') method = "HEAD";
  if (!target.empty() && target[0] == 'P') method = "POST";
  if (!target.empty() && target[0] != '/') target.erase(0, 1);
  const auto r = pages->respond({method, target});
  const bool expected =
      (r.status >= 200 && r.status < 400) || r.status == 400 || r.status == 404 || r.status == 405;
  if (!expected) std::abort();
  return 0;
}
