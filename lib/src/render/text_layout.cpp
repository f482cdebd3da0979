// SPDX-License-Identifier: MIT
// The layout of text for a terminal (see text_layout.hpp).
#include "render/text_layout.hpp"

#include <algorithm>
#include <set>
#include <unordered_map>

#include "iosr/render.hpp"

namespace iosr::detail {

namespace {

bool starts_char(char ch) { return (ch & 0xC0) != 0x80; }

// The first `n` characters of `s` (as bytes).
std::size_t bytes_of_first(std::string_view s, std::size_t n) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (starts_char(s[i]) && chars++ == n) return i;
  }
  return s.size();
}

// The text in pieces of `width` characters: nothing dropped, so different texts stay different.
std::vector<std::string> chunked(std::string_view s, std::size_t width) {
  std::vector<std::string> out;
  while (!s.empty()) {
    const auto cut = bytes_of_first(s, width);
    out.emplace_back(s.substr(0, cut));
    s.remove_prefix(cut);
  }
  if (out.empty()) out.emplace_back();
  return out;
}

void trim_right(std::string& line) {
  while (!line.empty() && line.back() == ' ') line.pop_back();
}

template <class Lines>
bool all_distinct(const std::vector<std::string>& names, const Lines& shown) {
  std::set<typename Lines::value_type> seen;
  std::set<std::string> names_seen;
  for (std::size_t i = 0; i < names.size(); ++i) {
    // The same name twice reads the same however it is laid out: only different ones count.
    if (!names_seen.insert(names[i]).second) continue;
    if (!seen.insert(shown[i]).second) return false;
  }
  return true;
}

}  // namespace

std::size_t usable_width(int width) {
  return std::max<std::size_t>(narrowest_width, width > 0 ? static_cast<std::size_t>(width) : 0);
}

std::size_t columns_of(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), starts_char));
}

std::string pad_right(std::string_view s, std::size_t width) {
  return std::string(s) + std::string(width - std::min(width, columns_of(s)), ' ');
}

std::string pad_left(std::string_view s, std::size_t width) {
  return std::string(width - std::min(width, columns_of(s)), ' ') + std::string(s);
}

std::vector<std::string> wrapped(std::string_view text, std::size_t width,
                                 std::string_view indent) {
  if (columns_of(text) <= width) {  // most lines: nothing to do
    std::string line(text);
    trim_right(line);
    return {line};
  }
  if (columns_of(indent) + 1 >= width) indent = "";
  const std::size_t indent_columns = columns_of(indent);
  std::vector<std::string> lines(1);
  std::size_t used = 0;  // columns of the last line, counted as it grows
  bool fresh = true;     // nothing but the indent on the last line yet
  std::size_t start = 0;
  while (start <= text.size()) {
    auto end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    auto word = text.substr(start, end - start);
    auto word_columns = columns_of(word);
    start = end + 1;
    if (!fresh && used + 1 + word_columns > width) {
      lines.emplace_back(indent);
      used = indent_columns;
      fresh = true;
    }
    if (!fresh) {
      lines.back() += ' ';
      ++used;
    }
    // A word longer than what is left of a fresh line is broken where the line ends.
    while (used + word_columns > width) {
      const auto room = width - used;
      const auto cut = bytes_of_first(word, room);
      lines.back() += word.substr(0, cut);
      word.remove_prefix(cut);
      word_columns -= room;
      lines.emplace_back(indent);
      used = indent_columns;
    }
    lines.back() += word;
    used += word_columns;
    fresh = false;
  }
  for (auto& line : lines) trim_right(line);
  return lines;
}

std::string truncated(std::string_view text, std::size_t width) {
  if (columns_of(text) <= width) return std::string(text);
  std::string out;
  std::size_t used = 0;
  for (char ch : text) {
    const bool starts_char = (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
    if (starts_char && ++used > width - std::min<std::size_t>(width, 1)) break;
    out.push_back(ch);
  }
  return out + "…";
}

std::string elided(std::string_view text, std::size_t width) {
  const auto n = columns_of(text);
  if (n <= width) return std::string(text);
  if (width < 2) return "…";
  const std::size_t head = width / 2;  // the start gets the odd column: it names the thing
  const std::size_t tail = width - 1 - head;
  return std::string(text.substr(0, bytes_of_first(text, head))) + "…" +
         std::string(text.substr(bytes_of_first(text, n - tail)));
}

std::string elided(std::string_view text, std::size_t width, std::size_t kept_end) {
  const auto n = columns_of(text);
  if (kept_end == 0 || n <= width || kept_end + 1 > width || kept_end >= n) {
    return elided(text, width);
  }
  const std::size_t head = width - 1 - kept_end;
  return std::string(text.substr(0, bytes_of_first(text, head))) + "…" +
         std::string(text.substr(bytes_of_first(text, n - kept_end)));
}

std::vector<std::vector<std::string>> fitted_names(const std::vector<std::string>& names,
                                                   std::size_t width,
                                                   const std::vector<std::size_t>& kept_end) {
  std::vector<std::vector<std::string>> out(names.size());
  std::vector<std::string> shortened;
  bool any_long = false, end_cut = false;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const auto& name = names[i];
    const auto keep = i < kept_end.size() ? kept_end[i] : 0;
    shortened.push_back(elided(name, width, keep));
    any_long = any_long || shortened.back() != name;
    // The end to keep has no room beside the `…`: the name is wrapped rather than cut there.
    end_cut = end_cut || (keep > 0 && shortened.back() != name && keep + 1 > width);
  }
  if (!any_long || (!end_cut && all_distinct(names, shortened))) {
    for (std::size_t i = 0; i < names.size(); ++i) out[i] = {shortened[i]};
    return out;
  }
  // Eliding made two rows alike, or would cut what is kept: the long names are wrapped whole.
  // Wrapping at blanks loses runs of blanks, so names that differ only there are cut into pieces
  // instead.
  for (std::size_t i = 0; i < names.size(); ++i) {
    out[i] = columns_of(names[i]) <= width ? std::vector<std::string>{names[i]}
                                           : wrapped(names[i], width);
  }
  if (all_distinct(names, out)) return out;
  for (std::size_t i = 0; i < names.size(); ++i) out[i] = chunked(names[i], width);
  return out;
}

namespace {

// A path's components, each with the '/' that ends it (`/srv/`, `a/`, `b.xml`): joined, the path.
std::vector<std::string_view> components_of(std::string_view path) {
  std::vector<std::string_view> parts;
  for (std::size_t at = 0; at < path.size();) {
    const auto slash = path.find('/', at);
    const auto end = slash == std::string_view::npos ? path.size() : slash + 1;
    parts.push_back(path.substr(at, end - at));
    at = end;
  }
  return parts;
}

// The path in lines of `width` columns broken after its slashes; a component wider than a line
// is cut where the line ends.
std::vector<std::string> wrapped_at_slashes(std::string_view path, std::size_t width) {
  std::vector<std::string> lines(1);
  for (auto part : components_of(path)) {
    if (!lines.back().empty() && columns_of(lines.back()) + columns_of(part) > width) {
      lines.emplace_back();
    }
    while (columns_of(lines.back()) + columns_of(part) > width) {
      const auto cut = bytes_of_first(part, width - columns_of(lines.back()));
      lines.back() += part.substr(0, cut);
      part.remove_prefix(cut);
      lines.emplace_back();
    }
    lines.back() += part;
  }
  return lines;
}

}  // namespace

std::vector<std::vector<std::string>> fitted_paths(const std::vector<std::string>& paths,
                                                   std::size_t width) {
  std::vector<std::vector<std::string_view>> parts;
  for (const auto& p : paths) parts.push_back(components_of(p));
  // How many different paths end in each run of last components (`bfq/C-Ray.xml`): a path is
  // told apart by its shortest end that no other path has. Counted once for all, since a
  // database lists thousands of files.
  std::unordered_map<std::string_view, std::size_t> ending;
  {
    std::set<std::string_view> distinct(paths.begin(), paths.end());
    for (const auto path : distinct) {
      for (std::size_t at = 0; at < path.size(); ++at) {
        if (at == 0 || path[at - 1] == '/') ++ending[path.substr(at)];
      }
    }
  }
  const auto telling_end = [&](std::string_view path, const std::vector<std::string_view>& p) {
    std::size_t k = 1, bytes = 0;
    for (; k <= p.size(); ++k) {
      bytes += p[p.size() - k].size();
      if (ending[path.substr(path.size() - bytes)] == 1) break;
    }
    return std::min(k, p.size());
  };
  std::vector<std::vector<std::string>> out(paths.size());
  // The start a shortened path keeps, in columns: enough to say where the list is.
  const std::size_t head_at_least = std::min<std::size_t>(12, width / 4);
  for (std::size_t i = 0; i < paths.size(); ++i) {
    const auto& path = paths[i];
    if (columns_of(path) <= width) {
      out[i] = {path};
      continue;
    }
    const auto& p = parts[i];
    if (p.size() == 1) {  // no slash: shortened in its middle, as a name is
      out[i] = {elided(path, width)};
      continue;
    }
    const std::size_t must = telling_end(path, p);
    // The last components that fit beside the start and the `…`; at least `must` of them.
    std::size_t k = 0, tail = 0;
    while (k < p.size() - 1 &&
           tail + columns_of(p[p.size() - 1 - k]) + 1 + head_at_least <= width) {
      tail += columns_of(p[p.size() - 1 - k]);
      ++k;
    }
    if (k < must || k == 0) {  // the end that tells it apart has no room: wrapped, whole
      out[i] = wrapped_at_slashes(path, width);
      continue;
    }
    const std::size_t head = width - 1 - tail;
    const auto tail_bytes = path.size() - [&] {
      std::size_t bytes = 0;
      for (std::size_t j = 0; j < k; ++j) bytes += p[p.size() - 1 - j].size();
      return bytes;
    }();
    // The `…` stands before the tail's first component, so the slash before it is shown. The
    // start ends after a slash too (`/home/alice/…/bfq/C-Ray.xml`) where that keeps at least
    // half of it, so that its folders read whole.
    auto start = path.substr(0, bytes_of_first(path, head - 1));
    if (const auto slash = start.rfind('/');
        slash != std::string_view::npos && 2 * columns_of(start.substr(0, slash + 1)) >= head) {
      start = start.substr(0, slash + 1);
    }
    out[i] = {std::string(start) + "…/" + path.substr(tail_bytes)};
  }
  if (all_distinct(paths, out)) return out;
  for (std::size_t i = 0; i < paths.size(); ++i) out[i] = wrapped_at_slashes(paths[i], width);
  return out;
}

void render_text_table(const text_table& table, std::size_t width, std::string& out) {
  const std::size_t columns = table.header.size();
  const std::size_t total = width - std::min(width, columns_of(table.indent));
  // The rows' width: under headings, rows may be indented further.
  const std::size_t room = total - std::min(total, columns_of(table.row_indent));
  std::vector<std::size_t> widths(columns, 0);
  for (std::size_t k = 0; k < columns; ++k) widths[k] = columns_of(table.header[k]);
  for (const auto& r : table.rows) {
    if (!r.heading.empty()) continue;
    for (std::size_t k = 0; k < r.cells.size() && k < columns; ++k) {
      widths[k] = std::max(widths[k], columns_of(r.cells[k]));
    }
  }
  if (columns == 0) return;
  const std::size_t longest_name = widths[0];
  // The names take what all the columns leave, at least half the width (a name read whole is
  // worth a further block of columns); cells are never cut (they are figures), so the widest
  // one leaves the names what it must.
  std::size_t rest = 0, widest = 0;
  for (std::size_t k = 1; k < columns; ++k) {
    rest += 2 + widths[k];
    widest = std::max(widest, widths[k]);
  }
  const std::size_t half = std::max(table.min_name, room / 2);
  std::size_t name_width =
      std::min(longest_name, std::max(half, room > rest ? room - rest : std::size_t{0}));
  if (widest > 0 && name_width + 2 + widest > room) {
    // Down to 4 columns of name (wrapped over lines) before a figure would pass the width.
    name_width = std::max<std::size_t>(4, room > widest + 2 ? room - widest - 2 : 0);
  }
  name_width = std::max<std::size_t>(name_width, 1);

  // Each run of rows between headings is one block of names to keep apart.
  std::vector<std::vector<std::string>> name_lines(table.rows.size());
  for (std::size_t from = 0; from < table.rows.size();) {
    std::size_t to = from;
    std::vector<std::string> names;
    std::vector<std::size_t> kept_end;
    while (to < table.rows.size() && table.rows[to].heading.empty()) {
      names.push_back(table.rows[to].cells.empty() ? std::string() : table.rows[to].cells[0]);
      kept_end.push_back(table.rows[to].kept_end);
      ++to;
    }
    auto fitted = fitted_names(names, name_width, kept_end);
    for (std::size_t i = 0; i < fitted.size(); ++i) name_lines[from + i] = std::move(fitted[i]);
    from = to == from ? to + 1 : to;
  }

  const bool any_header = std::any_of(table.header.begin(), table.header.end(),
                                      [](const auto& h) { return !h.empty(); });
  // "  " and a cell padded to its column, appended to `line` in place: a trend's table has a
  // cell for each of a million values, and the temporary strings of each were a tenth of it.
  auto add_cell = [&](std::string& line, std::string_view text, std::size_t k,
                      std::string_view color) {
    const bool left = k < table.left.size() && table.left[k];
    const std::size_t padding = widths[k] - std::min(widths[k], columns_of(text));
    line += "  ";
    if (!left) line.append(padding, ' ');
    if (!color.empty()) line += color;
    line += text;
    if (!color.empty()) line += "\x1b[0m";
    if (left) line.append(padding, ' ');
  };
  std::size_t first = 1;
  do {
    std::size_t last = first;
    std::size_t used = name_width;
    while (last < columns && (last == first || used + 2 + widths[last] <= room)) {
      used += 2 + widths[last++];
    }
    if (first > 1) out += '\n';
    const std::string lead = table.indent + table.row_indent;
    if (any_header) {
      std::string line = lead + pad_right(elided(table.header[0], name_width), name_width);
      for (std::size_t k = first; k < last; ++k) add_cell(line, table.header[k], k, "");
      trim_right(line);
      out += line + '\n';
    }
    // A further block shows the rows with something in its columns, and their headings.
    auto shown = [&](const text_table::row& row) {
      if (first == 1) return true;
      for (std::size_t k = first; k < last && k < row.cells.size(); ++k) {
        if (!row.cells[k].empty()) return true;
      }
      return false;
    };
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
      const auto& row = table.rows[r];
      if (!row.heading.empty()) {
        bool any = false;
        for (std::size_t next = r + 1; next < table.rows.size() && !any; ++next) {
          if (!table.rows[next].heading.empty()) break;
          any = shown(table.rows[next]);
        }
        if (!any) continue;
        for (const auto& line : wrapped(row.heading, total)) out += table.indent + line + '\n';
        continue;
      }
      if (!shown(row)) continue;
      const auto& names = name_lines[r];
      for (std::size_t n = 0; n < names.size(); ++n) {
        std::string line = lead;
        line += names[n];
        line.append(name_width - std::min(name_width, columns_of(names[n])), ' ');  // pad_right
        // The cells go on the name's first line; a wrapped name's further lines stand alone.
        for (std::size_t k = first; n == 0 && k < last; ++k) {
          const std::string_view text =
              k < row.cells.size() ? std::string_view(row.cells[k]) : std::string_view();
          const std::string_view color =
              k < row.colors.size() ? std::string_view(row.colors[k]) : std::string_view();
          add_cell(line, text, k, color);
        }
        trim_right(line);
        out += line;
        out += '\n';
      }
    }
    first = last;
  } while (first < columns);
}

}  // namespace iosr::detail

namespace iosr {

std::string wrap_text(std::string_view text, int width) {
  const std::size_t columns = detail::usable_width(width);
  std::string out;
  while (!text.empty()) {
    const auto end = text.find('\n');
    auto line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    const auto lead = std::min(line.find_first_not_of(' '), line.size());
    const auto indent = line.substr(0, lead);
    // The line's own indent stays on each of its lines; an indented line (an item of a list)
    // hangs two columns further, so that the next item reads apart, or under its second column
    // when it has one (`  import    add result files…`); a paragraph does not hang.
    const auto room = columns > lead + 20 ? columns - lead : std::size_t{20};
    std::size_t hang = lead ? 2 : 0;
    const auto gap = line.find("  ", lead);
    if (lead && gap != std::string_view::npos) {
      const auto second = line.find_first_not_of(' ', gap);
      if (second != std::string_view::npos && second - lead <= room / 2) hang = second - lead;
    }
    for (const auto& part : detail::wrapped(line.substr(lead), room, std::string(hang, ' '))) {
      out.append(indent);
      out += part;
      while (!out.empty() && out.back() == ' ') out.pop_back();
      out += '\n';
    }
    if (end == std::string_view::npos) out.pop_back();  // no line break the text did not have
  }
  return out;
}

}  // namespace iosr
