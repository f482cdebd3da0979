// SPDX-License-Identifier: MIT
// The bootstrap's random numbers, written out so that the same input draws the same indices
// with every compiler and standard library: SplitMix64 and an exact mapping to [0, n).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace iosr::detail {

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014):
/// the state advances by 0x9E3779B97F4A7C15 and each output is that state through two
/// xor-shift-multiply rounds and a final xor-shift.
class splitmix64 {
 public:
  explicit splitmix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    state_ += 0x9E3779B97F4A7C15u;
    std::uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

/// A uniform index in [0, n), n > 0: outputs in the last, partial block of n values below
/// 2^64 are rejected and drawn again, so that x % n favours no index.
inline std::size_t uniform_index(splitmix64& generator, std::size_t n) {
  const std::uint64_t range = n;
  // 2^64 mod n, computed without 2^64: (2^64 - n) mod n.
  const std::uint64_t partial = (0 - range) % range;
  for (;;) {
    const std::uint64_t x = generator.next();
    if (x <= UINT64_MAX - partial) return static_cast<std::size_t>(x % range);
  }
}

/// The seed of a configuration's generator: FNV-1a (64 bits) of its label as shown. Each
/// configuration draws from its own generator, so its interval does not depend on which other
/// configurations are compared.
inline std::uint64_t bootstrap_seed(std::string_view label) {
  std::uint64_t hash = 0xCBF29CE484222325u;
  for (const char ch : label) {
    hash ^= static_cast<unsigned char>(ch);
    hash *= 0x100000001B3u;
  }
  return hash;
}

/// Index draws (resamples times runs, over all configurations) beyond which no interval is
/// drawn and the notes say so: 3.2 s in a Debug build of two entries of 100,000 runs with the
/// default 2000 resamples. Only inputs with about that many runs, or a --bootstrap far above
/// the default, come near it.
inline constexpr double bootstrap_draw_limit = 4e8;

}  // namespace iosr::detail
