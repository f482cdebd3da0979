// SPDX-License-Identifier: MIT
#include "input/transport/mapped_text.hpp"

#include <algorithm>

namespace iosr::detail {

void offset_map::add(std::size_t out, std::size_t in, std::uint32_t in_step,
                     std::uint32_t out_step) {
  if (runs_.size() >= max_runs) return;  // the last run goes on
  runs_.push_back({out, in, in_step, out_step});
}

std::size_t offset_map::to_input(std::size_t out) const {
  auto next = std::upper_bound(runs_.begin(), runs_.end(), out,
                               [](std::size_t o, const run& r) { return o < r.out; });
  if (next == runs_.begin()) return out;
  const auto& r = *(next - 1);
  auto k = out - r.out;
  // Rounded down to the first input byte of the piece that output byte `k` belongs to.
  return r.in + (k / r.out_step) * r.in_step;
}

void mapped_text::copy(std::string_view piece, std::size_t in) {
  if (piece.empty()) return;
  bool continues = in == next_in_ && text_.size() == next_out_ && piece_in_ == 1 && piece_out_ == 1;
  if (!continues) map_.add(text_.size(), in, 1, 1);
  text_.append(piece);
  next_in_ = in + piece.size();
  next_out_ = text_.size();
  piece_in_ = piece_out_ = 1;
}

void mapped_text::put(std::string_view bytes, std::size_t in, std::size_t encoded_length) {
  if (bytes.empty()) return;
  bool continues = in == next_in_ && text_.size() == next_out_ &&
                   piece_in_ == encoded_length && piece_out_ == bytes.size();
  if (!continues) {
    map_.add(text_.size(), in, static_cast<std::uint32_t>(encoded_length),
             static_cast<std::uint32_t>(bytes.size()));
  }
  text_.append(bytes);
  next_in_ = in + encoded_length;
  next_out_ = text_.size();
  piece_in_ = encoded_length;
  piece_out_ = bytes.size();
}

}  // namespace iosr::detail
