// SPDX-License-Identifier: MIT
// A text that a transport layer made out of its input, with the way back from each of its
// byte offsets to the input byte it came from (so that positions name the user's file).
#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace iosr::detail {

/// Offsets of a layer's output -> offsets of the layer's input. A run says that output bytes
/// `out`, `out + 1`, ... came from input bytes `in`, `in + 1`, ... up to `in + span`: a copied
/// stretch has an unbounded span, a decoded `=3D` or a converted character has span 0 (every
/// output byte of it points at the first input byte of what it was decoded from).
class offset_map {
 public:
  static constexpr std::size_t unbounded = std::numeric_limits<std::size_t>::max();

  /// Output offsets from `out` on came from `in` on (runs are added in output order).
  void add(std::size_t out, std::size_t in, std::size_t span = unbounded);
  /// The input offset of output offset `out`.
  std::size_t to_input(std::size_t out) const;
  std::size_t runs() const { return runs_.size(); }

 private:
  struct run {
    std::size_t out, in, span;
  };
  std::vector<run> runs_;
};

/// Builds a layer's output and its offset_map together.
class mapped_text {
 public:
  /// Appends `piece`, which stands at offset `in` of the layer's input, byte for byte.
  void copy(std::string_view piece, std::size_t in);
  /// Appends `bytes` decoded from the input bytes starting at `in` (`=3D`, a UTF-8 sequence
  /// converted from one Latin-1 byte, ...).
  void put(std::string_view bytes, std::size_t in);
  void put(char c, std::size_t in) { put(std::string_view(&c, 1), in); }

  const std::string& text() const { return text_; }
  std::size_t size() const { return text_.size(); }
  char back() const { return text_.back(); }
  /// Drops the last `n` bytes (a trailing blank that a decoder must remove).
  void drop_back(std::size_t n);
  std::string take_text() { return std::move(text_); }
  offset_map take_map() { return std::move(map_); }

 private:
  std::string text_;
  offset_map map_;
  // Where a copy that continues the previous one would start in the input, if it does.
  std::size_t next_in_ = offset_map::unbounded;
};

}  // namespace iosr::detail
