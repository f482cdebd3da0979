// SPDX-License-Identifier: MIT
// 16 bytes at a time, in GCC's and Clang's vector extension (plain code where the target has no
// vector registers): the scans that run over every byte of a batch (line ends, bytes to quote,
// binary bytes). Written out, because GCC's own vectorisation of these loops was a byte-by-byte
// gather, several times slower than the plain loop (docs/performance.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace iosr::detail {

/// 16 bytes; comparisons give 0xFF in the lanes where they hold, 0 elsewhere.
using byte_lanes = unsigned char __attribute__((vector_size(16)));

/// The 16 bytes at `p` (no alignment needed).
inline byte_lanes load_lanes(const char* p) {
  byte_lanes bytes;
  std::memcpy(&bytes, p, sizeof bytes);
  return bytes;
}

/// Whether any lane is not 0.
inline bool any_lane(byte_lanes v) {
  std::uint64_t words[2];
  std::memcpy(words, &v, sizeof words);
  return (words[0] | words[1]) != 0;
}

/// One bit a lane, lane i in bit i: set where the lane is not 0 (comparisons give 0 or 0xFF).
inline unsigned lane_mask(byte_lanes v) {
#if defined(__SSE2__)
  __m128i bytes;
  std::memcpy(&bytes, &v, sizeof bytes);
  return static_cast<unsigned>(_mm_movemask_epi8(bytes));
#else
  unsigned mask = 0;
  for (int i = 0; i < 16; ++i) mask |= (v[i] != 0 ? 1U : 0U) << i;
  return mask;
#endif
}

/// The sum of the 16 lanes, each read as a number from 0 to 255.
inline std::size_t lane_sum(byte_lanes v) {
  using word_lanes = std::uint64_t __attribute__((vector_size(16)));
  word_lanes w;
  std::memcpy(&w, &v, sizeof w);
  constexpr std::uint64_t low_bytes = 0x00FF00FF00FF00FF;
  word_lanes pairs = (w & low_bytes) + ((w >> 8) & low_bytes);  // 8 lanes of 16 bits, <= 510
  std::uint64_t four = pairs[0] + pairs[1];                     // 4 lanes of 16 bits, <= 1020
  return static_cast<std::size_t>((four * 0x0001000100010001) >> 48);
}

}  // namespace iosr::detail
