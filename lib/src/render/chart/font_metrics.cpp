// SPDX-License-Identifier: MIT
// How wide a text is in DejaVu Sans, the one font the chart images name: the advance widths of
// its printable ASCII glyphs (read from DejaVuSans.ttf and DejaVuSans-Bold.ttf, 2048 units to
// the em; facts of the font, not code), so that labels wrap and columns fit before any renderer
// sees the SVG. Other characters count as a whole em, which is wider than DejaVu's widest
// Latin, Greek or Cyrillic letter, so that an estimate errs towards room to spare.
#include "render/chart/font_metrics.hpp"

#include <array>
#include <cstdint>
#include <utility>

#include "utf8.hpp"

namespace iosr::detail {

namespace {

constexpr int units_per_em = 2048;

// The advance of ' ' (32) to '~' (126): {regular, bold}, a line a class of
// characters (the ones its comment shows).
struct advances {
  std::uint16_t regular, bold;
};
// clang-format off
constexpr std::array<advances, 95> printable = {{
    {651, 713}, {821, 934}, {942, 1067}, {1716, 1716}, {1303, 1425}, {1946, 2052},  //  !"#$%
    {1597, 1786}, {563, 627}, {799, 936}, {799, 936}, {1024, 1071}, {1716, 1716},  // &'()*+
    {651, 778}, {739, 850}, {651, 778}, {690, 748},  // ,-./
    {1303, 1425}, {1303, 1425}, {1303, 1425}, {1303, 1425}, {1303, 1425},  // 01234
    {1303, 1425}, {1303, 1425}, {1303, 1425}, {1303, 1425}, {1303, 1425},  // 56789
    {690, 819}, {690, 819}, {1716, 1716}, {1716, 1716},  // :;<=
    {1716, 1716}, {1087, 1188}, {2048, 2048},  // >?@
    {1401, 1585}, {1405, 1561}, {1430, 1503}, {1577, 1700}, {1294, 1399}, {1178, 1399},  // ABCDEF
    {1587, 1681}, {1540, 1714}, {604, 762}, {604, 762}, {1343, 1587}, {1141, 1305},  // GHIJKL
    {1767, 2038}, {1532, 1714}, {1612, 1741}, {1235, 1501}, {1612, 1741}, {1423, 1577},  // MNOPQR
    {1300, 1475}, {1251, 1397}, {1499, 1663}, {1401, 1585}, {2025, 2259}, {1403, 1579},  // STUVWX
    {1251, 1483}, {1403, 1485},  // YZ
    {799, 936}, {690, 748}, {799, 936}, {1716, 1716}, {1024, 1024}, {1024, 1024},  // [\]^_`
    {1255, 1382}, {1300, 1466}, {1126, 1214}, {1300, 1466}, {1260, 1389}, {721, 891},  // abcdef
    {1300, 1466}, {1298, 1458}, {569, 702}, {569, 702}, {1186, 1362}, {569, 702},  // ghijkl
    {1995, 2134}, {1298, 1458}, {1253, 1407}, {1300, 1466}, {1300, 1466}, {842, 1010},  // mnopqr
    {1067, 1219}, {803, 979}, {1298, 1458}, {1212, 1335}, {1675, 1892}, {1212, 1321},  // stuvwx
    {1212, 1335}, {1075, 1192},  // yz
    {1303, 1458}, {690, 748}, {1303, 1458}, {1716, 1716},  // {|}~
}};
// clang-format on

}  // namespace

namespace {

// The advance of the character at text[at], in font units, and its length in bytes.
std::pair<long, std::size_t> advance_at(std::string_view text, std::size_t at, bool bold) {
  const auto c = static_cast<unsigned char>(text[at]);
  if (c >= 32 && c < 127) {
    const auto& a = printable[c - 32];
    return {bold ? a.bold : a.regular, 1};
  }
  return {units_per_em, scan_utf8(text, at).length};
}

}  // namespace

double text_width(std::string_view text, double font_size, bool bold) {
  long units = 0;
  for (std::size_t i = 0; i < text.size();) {
    const auto [advance, length] = advance_at(text, i, bold);
    units += advance;
    i += length;
  }
  return static_cast<double>(units) * font_size / units_per_em;
}

// In one pass, each character measured once: a label of any length wraps in linear time.
std::vector<std::string> wrap_to_width(std::string_view text, double width, double font_size,
                                       bool bold) {
  const double room = width * units_per_em / font_size;  // in font units
  const auto space = static_cast<double>(advance_at(" ", 0, bold).first);
  std::vector<std::string> lines;
  std::string line;
  double line_units = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    auto end = text.find(' ', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(at, end - at);
    at = end + 1;
    if (word.empty()) continue;
    const double word_units = text_width(word, units_per_em, bold);
    const double joined = line.empty() ? word_units : line_units + space + word_units;
    if (joined <= room) {
      if (!line.empty()) line += ' ';
      line += word;
      line_units = joined;
      continue;
    }
    if (!line.empty()) lines.push_back(std::move(line));
    line.clear();
    line_units = 0;
    // A word wider than the line (`-fno-delete-null-pointer-checks`, a path) is broken after
    // the last hyphen, slash or other joint that fits (`-fno-delete-null-` / `pointer-checks`),
    // and only where it has none, at a character boundary.
    std::size_t joint = 0;  // bytes of `line` up to its last joint; 0: none
    double joint_units = 0;
    for (std::size_t i = 0; i < word.size();) {
      const auto [advance, length] = advance_at(word, i, bold);
      if (!line.empty() && line_units + static_cast<double>(advance) > room) {
        if (joint > 0) {
          lines.push_back(line.substr(0, joint));
          line.erase(0, joint);
          line_units -= joint_units;
        }
        if (joint == 0 || line_units + static_cast<double>(advance) > room) {
          if (!line.empty()) lines.push_back(std::move(line));
          line.clear();
          line_units = 0;
        }
        joint = 0;
      }
      line.append(word.substr(i, length));
      line_units += static_cast<double>(advance);
      i += length;
      // A joint: after one of these that follows another character and comes before one.
      const char ch = word[i - length];
      if (length == 1 && line.size() > 1 && i < word.size() &&
          std::string_view("-/_=,:;.+").find(ch) != std::string_view::npos) {
        joint = line.size();
        joint_units = line_units;
      }
    }
  }
  if (!line.empty() || lines.empty()) lines.push_back(std::move(line));
  return lines;
}

}  // namespace iosr::detail
