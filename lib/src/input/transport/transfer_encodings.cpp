// SPDX-License-Identifier: MIT
// MIME's content transfer encodings (RFC 2045 §6.7 quoted-printable, §6.8 base64), decoded with
// every output byte mapped to the encoded bytes it came from.
#include <algorithm>
#include <array>
#include <string>

#include "input/transport/layers.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

constexpr std::array<signed char, 256> base64_values = [] {
  std::array<signed char, 256> v{};
  for (auto& x : v) x = -1;
  constexpr std::string_view alphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (std::size_t i = 0; i < alphabet.size(); ++i) {
    v[static_cast<unsigned char>(alphabet[i])] = static_cast<signed char>(i);
  }
  return v;
}();

}  // namespace

void decode_quoted_printable(std::string_view encoded, std::size_t base, mapped_text& out,
                             std::size_t& malformed) {
  std::size_t begin = 0;
  while (begin < encoded.size()) {
    const auto bounds = line_starting_at(encoded, begin);
    const auto line_end = bounds.end, next = bounds.next;
    // Blanks at a line's end were added in transport (RFC 2045 §6.7 rule 3): a real one is =20.
    auto end = line_end;
    while (end > begin && is_blank(encoded[end - 1])) --end;
    bool soft_break = false;
    for (std::size_t at = begin; at < end;) {
      auto eq = encoded.find('=', at);
      if (eq == std::string_view::npos || eq >= end) eq = end;
      out.copy(encoded.substr(at, eq - at), base + at);
      if (eq == end) break;
      if (eq + 1 == end) {
        soft_break = true;  // `=` ends the line: it continues on the next one
        break;
      }
      // Lower-case digits are not canonical (RFC 2045 §6.7), but senders write them.
      int hi = hex_digit_value(encoded[eq + 1]);
      int lo = eq + 2 < end ? hex_digit_value(encoded[eq + 2]) : -1;
      if (hi >= 0 && lo >= 0) {
        out.put(static_cast<char>(hi * 16 + lo), base + eq, 3);
        at = eq + 3;
      } else {
        ++malformed;
        out.copy(encoded.substr(eq, 1), base + eq);
        at = eq + 1;
      }
    }
    if (!soft_break) out.copy(encoded.substr(line_end, next - line_end), base + line_end);
    begin = next;
  }
}

void decode_base64(std::string_view encoded, std::size_t base, mapped_text& out,
                   std::size_t& malformed) {
  unsigned quad = 0;
  int count = 0;
  std::size_t quad_start = 0;
  for (std::size_t i = 0; i < encoded.size(); ++i) {
    auto c = static_cast<unsigned char>(encoded[i]);
    if (c == '=') break;  // padding: the data ends here
    auto v = base64_values[c];
    if (v < 0) {
      if (c != '\n' && c != '\r' && c != ' ' && c != '\t') ++malformed;
      continue;
    }
    if (count == 0) quad_start = i;
    quad = (quad << 6) | static_cast<unsigned>(v);
    if (++count == 4) {
      char bytes[3] = {static_cast<char>(quad >> 16), static_cast<char>(quad >> 8),
                       static_cast<char>(quad)};
      out.put(std::string_view(bytes, 3), base + quad_start, 4);
      quad = 0;
      count = 0;
    }
  }
  // A final group of 2 or 3 characters holds 1 or 2 bytes.
  if (count == 2) out.put(static_cast<char>(quad >> 4), base + quad_start, 4);
  if (count == 3) {
    char bytes[2] = {static_cast<char>(quad >> 10), static_cast<char>(quad >> 2)};
    out.put(std::string_view(bytes, 2), base + quad_start, 4);
  }
  if (count == 1) ++malformed;
}

namespace {

// What quoted-printable makes of text that travels with results: a bar's `==`, and the `±` of a
// kernel test robot's deviations (`± 2%`) in UTF-8 and in ISO-8859-1.
struct encoded_mark {
  std::string_view encoded, why;
};
constexpr encoded_mark encoded_marks[] = {
    {"=3D=3D", "bars read '=3D=3D' (quoted-printable for '==')"},
    {"=C2=B1", "deviations read '=C2=B1' (quoted-printable for a UTF-8 '\xC2\xB1')"},
    {"=B1 ", "deviations read '=B1' (quoted-printable for an ISO-8859-1 '\xC2\xB1')"},
};

}  // namespace

bool has_encoded_bar(std::string_view text) {
  return std::any_of(std::begin(encoded_marks), std::end(encoded_marks), [&](const auto& m) {
    return text.find(m.encoded) != std::string_view::npos;
  });
}

std::optional<undone_layer> undo_bare_quoted_printable(std::string_view text) {
  auto at = std::string_view::npos;
  std::string_view why;
  for (const auto& m : encoded_marks) {
    if (auto found = text.find(m.encoded); found < at) {
      at = found;
      why = m.why;
    }
  }
  if (at == std::string_view::npos) return std::nullopt;
  undone_layer layer;
  std::size_t malformed = 0;
  decode_quoted_printable(text, 0, layer.out, malformed);
  auto line_start = text.rfind('\n', at);
  layer.notes.push_back(
      {line_start == std::string_view::npos ? 0 : line_start + 1, message_code::transfer_decoded,
       "quoted-printable decoded: no MIME header says so, but " + std::string(why) +
           (malformed ? "; " + std::to_string(malformed) +
                            " '=' not followed by two hex digits kept as written"
                      : std::string())});
  return layer;
}

}  // namespace iosr::detail
