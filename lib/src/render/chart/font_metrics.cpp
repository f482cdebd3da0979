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

// ' ' (32) to '~' (126).
constexpr std::array<std::uint16_t, 95> regular = {
    651,  821,  942,  1716, 1303, 1946, 1597, 563,  799,  799,  1024, 1716, 651,  739,  651,  690,
    1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690,  690,  1716, 1716, 1716, 1087,
    2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604,  604,  1343, 1141, 1767, 1532, 1612,
    1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799,  690,  799,  1716, 1024,
    1024, 1255, 1300, 1126, 1300, 1260, 721,  1300, 1298, 569,  569,  1186, 569,  1995, 1298, 1253,
    1300, 1300, 842,  1067, 803,  1298, 1212, 1675, 1212, 1212, 1075, 1303, 690,  1303, 1716,
};

constexpr std::array<std::uint16_t, 95> bold_widths = {
    713,  934,  1067, 1716, 1425, 2052, 1786, 627,  936,  936,  1071, 1716, 778,  850,  778,  748,
    1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 819,  819,  1716, 1716, 1716, 1188,
    2048, 1585, 1561, 1503, 1700, 1399, 1399, 1681, 1714, 762,  762,  1587, 1305, 2038, 1714, 1741,
    1501, 1741, 1577, 1475, 1397, 1663, 1585, 2259, 1579, 1483, 1485, 936,  748,  936,  1716, 1024,
    1024, 1382, 1466, 1214, 1466, 1389, 891,  1466, 1458, 702,  702,  1362, 702,  2134, 1458, 1407,
    1466, 1466, 1010, 1219, 979,  1458, 1335, 1892, 1321, 1335, 1192, 1458, 748,  1458, 1716,
};

}  // namespace

namespace {

// The advance of the character at text[at], in font units, and its length in bytes.
std::pair<long, std::size_t> advance_at(std::string_view text, std::size_t at, bool bold) {
  const auto c = static_cast<unsigned char>(text[at]);
  if (c >= 32 && c < 127) return {(bold ? bold_widths : regular)[c - 32], 1};
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
