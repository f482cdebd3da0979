// SPDX-License-Identifier: MIT
// The lazy line index (see line_index.hpp) and the line-end counting under it.
#include "line_index.hpp"

#include <algorithm>
#include <bit>

#include "byte_lanes.hpp"

namespace iosr::detail {

namespace {

// How many bytes of [begin, end) are `c`. Every offset a reader asks about has the text before
// it counted once, 16 bytes at a time (memchr per line end cost 1.2 instructions a byte of
// every input). Readers ask once per entry, a few hundred bytes apart, so the lanes' sum and
// the last partial block are vector code too.
std::size_t count_byte(const char* begin, const char* end, char c) {
  const auto n = static_cast<std::size_t>(end - begin);
  const auto wanted = static_cast<unsigned char>(c);
  if (n < 16) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < n; ++i) count += begin[i] == c ? 1 : 0;
    return count;
  }
  std::size_t count = 0;
  std::size_t i = 0;
  while (n - i >= 16) {
    byte_lanes sum = {};
    // Each lane counts at most 255 before the sum is taken: 63 rounds of 4 blocks, then single
    // blocks. Four loads a round keep the loop's own instructions out of the way.
    for (std::size_t rounds = 0; rounds < 63 && n - i >= 64; ++rounds, i += 64) {
      sum -= (load_lanes(begin + i) == wanted);  // -1 (all bits) where equal
      sum -= (load_lanes(begin + i + 16) == wanted);
      sum -= (load_lanes(begin + i + 32) == wanted);
      sum -= (load_lanes(begin + i + 48) == wanted);
    }
    for (int blocks = 0; blocks < 3 && n - i >= 16; ++blocks, i += 16) {
      sum -= (load_lanes(begin + i) == wanted);
    }
    count += lane_sum(sum);
  }
  if (i < n) {
    // The last 16 bytes, of which the first 16 - (n - i) are counted already.
    constexpr byte_lanes index = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    const auto counted = static_cast<unsigned char>(16 - (n - i));
    byte_lanes sum = {};
    sum -= (load_lanes(end - 16) == wanted) & (index >= counted);
    count += lane_sum(sum);
  }
  return count;
}

}  // namespace

bool has_classic_mac_line_ends(std::string_view text) {
  return text.find('\n') == std::string_view::npos &&
         count_byte(text.data(), text.data() + text.size(), '\r') >= 2;
}

char line_index::line_end() const {
  if (end_ == 0) {
    // Lines end in `\n` (or `\r\n`), or in `\r` as classic Mac OS wrote them.
    end_ = has_classic_mac_line_ends(text_) ? '\r' : '\n';
  }
  return end_;
}

void line_index::note_line_ends() {
  const unsigned char end = static_cast<unsigned char>(line_end());
  const std::size_t n = text_.size();
  ends_.assign((n + 63) / 64, 0);
  const char* p = text_.data();
  std::size_t w = 0;
  for (; n - 64 * w >= 64; ++w) {  // a word's 64 bytes at once
    const char* at = p + 64 * w;
    ends_[w] = std::uint64_t{lane_mask(load_lanes(at) == end)} |
               std::uint64_t{lane_mask(load_lanes(at + 16) == end)} << 16 |
               std::uint64_t{lane_mask(load_lanes(at + 32) == end)} << 32 |
               std::uint64_t{lane_mask(load_lanes(at + 48) == end)} << 48;
  }
  for (std::size_t i = 64 * w; i < n; ++i) {
    if (static_cast<unsigned char>(p[i]) == end) ends_[w] |= std::uint64_t{1} << (i % 64);
  }
}

std::size_t line_index::noted_ends(std::size_t from, std::size_t to, std::size_t& last) const {
  // Each line end is visited (a line is tens of bytes: a few a word), which needs no popcount
  // instruction, absent from the baseline x86-64 these builds target.
  const std::size_t last_word = (to - 1) / 64;
  std::size_t count = 0;
  std::size_t w = from / 64;
  std::uint64_t bits = ends_[w] & (~std::uint64_t{0} << (from % 64));
  for (;; bits = ends_[++w]) {
    if (w == last_word && to % 64 != 0) bits &= ~(~std::uint64_t{0} << (to % 64));
    for (; bits != 0; bits &= bits - 1) {
      ++count;
      last = 64 * w + static_cast<std::size_t>(std::countr_zero(bits));
    }
    if (w == last_word) return count;
  }
}

void line_index::index_line_starts() const {
  line_starts_.push_back(0);
  if (noted()) {
    for (std::size_t w = 0; w < ends_.size(); ++w) {
      for (auto bits = ends_[w]; bits != 0; bits &= bits - 1) {
        line_starts_.push_back(64 * w + static_cast<std::size_t>(std::countr_zero(bits)) + 1);
      }
    }
    return;
  }
  const char end = line_end();
  for (auto at = text_.find(end); at != std::string_view::npos; at = text_.find(end, at + 1)) {
    line_starts_.push_back(at + 1);
  }
}

source_position line_index::position(std::size_t offset) const {
  const char end = line_end();
  if (offset < cursor_ && line_starts_.empty()) index_line_starts();
  if (!line_starts_.empty()) {
    auto next = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    auto line = static_cast<std::size_t>(next - line_starts_.begin());
    return {line, offset - line_starts_[line - 1] + 1};
  }
  // Forward from the cursor: the line ends before `offset` start the lines up to its own.
  auto until = std::min(offset, text_.size());
  if (until > cursor_ && noted()) {
    std::size_t last = 0;
    if (auto ends = noted_ends(cursor_, until, last); ends > 0) {
      line_ += ends;
      line_start_ = last + 1;
    }
    cursor_ = until;
  } else if (until > cursor_) {
    const char* from = text_.data() + cursor_;
    const char* to = text_.data() + until;
    if (auto ends = count_byte(from, to, end); ends > 0) {
      line_ += ends;
      const char* last = to - 1;
      while (*last != end) --last;  // the last of them: a line's length back at most
      line_start_ = static_cast<std::size_t>(last - text_.data()) + 1;
    }
    cursor_ = until;
  }
  return {line_, offset - line_start_ + 1};
}

}  // namespace iosr::detail
