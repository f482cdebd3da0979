// SPDX-License-Identifier: MIT
#include "input/transport/mapped_text.hpp"

#include <algorithm>

namespace iosr::detail {

void offset_map::add(std::size_t out, std::size_t in, std::size_t span) {
  // A run that starts where an earlier one was cut back (drop_back) replaces what follows it.
  while (!runs_.empty() && runs_.back().out >= out) runs_.pop_back();
  runs_.push_back({out, in, span});
}

std::size_t offset_map::to_input(std::size_t out) const {
  auto next = std::upper_bound(runs_.begin(), runs_.end(), out,
                               [](std::size_t o, const run& r) { return o < r.out; });
  if (next == runs_.begin()) return out;
  const auto& r = *(next - 1);
  return r.in + std::min(out - r.out, r.span);
}

void mapped_text::copy(std::string_view piece, std::size_t in) {
  if (piece.empty()) return;
  if (in != next_in_) map_.add(text_.size(), in);
  text_.append(piece);
  next_in_ = in + piece.size();
}

void mapped_text::put(std::string_view bytes, std::size_t in) {
  if (bytes.empty()) return;
  map_.add(text_.size(), in, 0);
  text_.append(bytes);
  next_in_ = offset_map::unbounded;
}

void mapped_text::drop_back(std::size_t n) {
  text_.resize(text_.size() - std::min(n, text_.size()));
  next_in_ = offset_map::unbounded;
}

}  // namespace iosr::detail
