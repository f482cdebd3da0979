// SPDX-License-Identifier: MIT
// A text that a transport layer made out of its input, with the way back from each of its
// byte offsets to the input byte it came from (so that positions name the user's file).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace iosr::detail {

/// Offsets of a layer's output -> offsets of the layer's input, as runs. Within a run, output
/// byte `out + k` came from input byte `in + k * in_step / out_step`: a copied stretch has
/// steps 1:1, a row of decoded `=3D` 3:1, base64 4:3, Latin-1 converted to two-byte UTF-8 1:2,
/// one converted character 0:1 (all its bytes point at its first input byte).
class offset_map {
 public:
  /// Output offsets from `out` on came from `in` on, `in_step` input bytes for every
  /// `out_step` output bytes (runs are added in output order).
  void add(std::size_t out, std::size_t in, std::uint32_t in_step = 1, std::uint32_t out_step = 1);
  /// The input offset of output offset `out`.
  std::size_t to_input(std::size_t out) const;
  std::size_t runs() const { return runs_.size(); }

  /// Runs kept at the most: past it, a run continues the last one, so that a hostile input of
  /// alternating encoded and plain bytes cannot make the map outgrow the text (its positions
  /// then drift by a few columns at most within a line).
  static constexpr std::size_t max_runs = std::size_t{1} << 22;

 private:
  struct run {
    std::size_t out, in;
    std::uint32_t in_step, out_step;
  };
  std::vector<run> runs_;
};

/// Builds a layer's output and its offset_map together.
class mapped_text {
 public:
  /// Appends `piece`, which stands at offset `in` of the layer's input, byte for byte.
  void copy(std::string_view piece, std::size_t in);
  /// Appends `bytes` decoded from the `encoded_length` input bytes at `in` (`=3D` is 3 bytes
  /// for 1; a Latin-1 byte 1 for 2). Decoded pieces of one shape in a row share a run.
  void put(std::string_view bytes, std::size_t in, std::size_t encoded_length);
  void put(char c, std::size_t in, std::size_t encoded_length) {
    put(std::string_view(&c, 1), in, encoded_length);
  }

  const std::string& text() const { return text_; }
  std::size_t size() const { return text_.size(); }
  char back() const { return text_.back(); }
  std::string take_text() { return std::move(text_); }
  offset_map take_map() { return std::move(map_); }

 private:
  std::string text_;
  offset_map map_;
  // The run being extended: where its next piece would start in the input and the output,
  // and the shape of its pieces (input and output bytes each).
  std::size_t next_in_ = std::numeric_limits<std::size_t>::max();
  std::size_t next_out_ = std::numeric_limits<std::size_t>::max();
  std::size_t piece_in_ = 0, piece_out_ = 0;
};

}  // namespace iosr::detail
