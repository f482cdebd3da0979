// SPDX-License-Identifier: MIT
// A web page saved as HTML (a blog post, a forum thread, a mail archive's page) read as the
// text a browser shows: markup removed, entities decoded, line breaks where blocks and <br>
// break lines, white space kept inside <pre> and collapsed elsewhere.
#include <algorithm>
#include <array>
#include <string>

#include "input/transport/layers.hpp"
#include "iosr/counted.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

bool starts_with_nocase(std::string_view text, std::size_t at, std::string_view word) {
  return text.size() >= at + word.size() && ascii_lower(text.substr(at, word.size())) == word;
}

// Elements whose start and end break the line (the block elements a page's text is cut by,
// and <br>).
bool breaks_line(std::string_view name) {
  static constexpr std::array<std::string_view, 34> blocks = {
      "address", "article",    "aside",  "blockquote", "body",  "br",   "dd",  "div", "dl",
      "dt",      "figcaption", "figure", "footer",     "form",  "h1",   "h2",  "h3",  "h4",
      "h5",      "h6",         "header", "hr",         "li",    "main", "nav", "ol",  "p",
      "pre",     "section",    "table",  "tbody",      "thead", "tr",   "ul"};
  return std::find(blocks.begin(), blocks.end(), name) != blocks.end();
}

// Elements whose content is not text: skipped with it.
bool hides_content(std::string_view name) {
  return name == "script" || name == "style" || name == "head" || name == "template" ||
         name == "noscript" || name == "svg";
}

void append_utf8(std::string& out, unsigned long cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x110000) {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

struct named_entity {
  std::string_view name;
  unsigned long code_point;
};

// The entities pages use for text (not the whole HTML5 table): markup, blanks, the signs of
// benchmark units.
constexpr std::array<named_entity, 22> entities = {{
    {"amp", '&'},       {"lt", '<'},         {"gt", '>'},        {"quot", '"'},
    {"apos", '\''},     {"nbsp", ' '},       {"micro", 0xB5},    {"mu", 0x3BC},
    {"plusmn", 0xB1},   {"deg", 0xB0},       {"times", 0xD7},    {"divide", 0xF7},
    {"ndash", 0x2013},  {"mdash", 0x2014},   {"hellip", 0x2026}, {"lsquo", 0x2018},
    {"rsquo", 0x2019},  {"ldquo", 0x201C},   {"rdquo", 0x201D},  {"middot", 0xB7},
    {"copy", 0xA9},     {"shy", 0xAD},
}};

// The entity at text[at] (`&`): its decoded text and length, or a length of 0.
std::size_t decode_entity(std::string_view text, std::size_t at, std::string& decoded) {
  auto semi = text.substr(at, 14).find(';');  // the longest entity read is `&#x10FFFF;`
  if (semi == std::string_view::npos) return 0;
  semi += at;
  auto body = text.substr(at + 1, semi - at - 1);
  decoded.clear();
  if (body.starts_with('#')) {
    bool hex = body.size() > 1 && (body[1] == 'x' || body[1] == 'X');
    auto digits = body.substr(hex ? 2 : 1);
    if (digits.empty()) return 0;
    unsigned long cp = 0;
    for (char c : digits) {
      int d = hex ? hex_digit_value(c) : is_digit(c) ? c - '0' : -1;
      if (d < 0) return 0;
      cp = cp * (hex ? 16 : 10) + static_cast<unsigned long>(d);
      if (cp > 0x10FFFF) return 0;
    }
    append_utf8(decoded, cp == 0xA0 ? ' ' : cp);
    return semi - at + 1;
  }
  for (const auto& e : entities) {
    if (body == e.name) {
      append_utf8(decoded, e.code_point);
      return semi - at + 1;
    }
  }
  return 0;
}

}  // namespace

bool is_pts_html_export(std::string_view text) {
  constexpr std::string_view head = "<html><head><title>";
  constexpr std::string_view title_end = " - Phoronix Test Suite</title>";
  auto start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos || text.substr(start, head.size()) != head) return false;
  // The title is the result file's, unescaped (it may hold a `<`).
  auto end = text.find("</title>", start + head.size());
  return end != std::string_view::npos && end + 8 >= title_end.size() &&
         text.substr(end + 8 - title_end.size(), title_end.size()) == title_end;
}

bool starts_as_html_page(std::string_view text) {
  auto start = text.find_first_not_of(" \t\r\n");
  return start != std::string_view::npos &&
         (starts_with_nocase(text, start, "<!doctype html") ||
          starts_with_nocase(text, start, "<html")) &&
         !is_pts_html_export(text);
}

std::optional<undone_layer> undo_html_page(std::string_view text) {
  if (!starts_as_html_page(text)) return std::nullopt;
  auto start = text.find_first_not_of(" \t\r\n");
  undone_layer layer;
  auto& out = layer.out;
  std::size_t entities_decoded = 0, pre_depth = 0;
  bool pending_blank = false;  // white space seen outside <pre>, written before the next text
  std::size_t blank_at = 0;
  std::string decoded;
  auto line_break = [&](std::size_t at) {
    pending_blank = false;
    if (out.size() > 0 && out.back() != '\n') out.put('\n', at, 0);
  };
  auto flush_blank = [&] {
    if (pending_blank && out.size() > 0 && out.back() != '\n') out.put(' ', blank_at, 1);
    pending_blank = false;
  };
  for (std::size_t i = start; i < text.size();) {
    char c = text[i];
    if (c == '<') {
      if (text.substr(i, 4) == "<!--") {
        auto end = text.find("-->", i + 4);
        i = end == std::string_view::npos ? text.size() : end + 3;
        continue;
      }
      auto close = text.find('>', i);
      if (close == std::string_view::npos) {
        out.copy(text.substr(i), i);  // a `<` that opens no tag is text
        break;
      }
      auto tag = text.substr(i + 1, close - i - 1);
      bool ending = tag.starts_with('/');
      if (ending) tag.remove_prefix(1);
      auto name_end = tag.find_first_of(" \t\r\n/>");
      auto name = ascii_lower(tag.substr(0, name_end));
      if (!ending && hides_content(name)) {
        // Its end tag, in any case; without one the rest of the page is hidden.
        auto end = close + 1;
        while ((end = text.find("</", end)) != std::string_view::npos &&
               !starts_with_nocase(text, end + 2, name)) {
          end += 2;
        }
        auto after = end == std::string_view::npos ? end : text.find('>', end);
        i = after == std::string_view::npos ? text.size() : after + 1;
        continue;
      }
      if (name == "pre") pre_depth = ending ? (pre_depth > 0 ? pre_depth - 1 : 0) : pre_depth + 1;
      if (breaks_line(name)) {
        line_break(i);
      } else if (name == "td" || name == "th") {
        if (!ending && out.size() > 0 && out.back() != '\n') out.put('\t', i, 0);
        pending_blank = false;
      }
      i = close + 1;
      continue;
    }
    if (c == '&') {
      if (auto n = decode_entity(text, i, decoded)) {
        flush_blank();
        out.put(decoded, i, n);
        ++entities_decoded;
        i += n;
        continue;
      }
    }
    if (pre_depth == 0 && (c == ' ' || c == '\t' || c == '\r' || c == '\n')) {
      if (!pending_blank) blank_at = i;
      pending_blank = true;
      ++i;
      continue;
    }
    flush_blank();
    // A run of plain text up to the next markup, entity or (outside <pre>) white space; an `&`
    // that starts no entity is text itself.
    auto stop = c == '&' ? i + 1 : i;
    while (stop < text.size() && text[stop] != '<' && text[stop] != '&' &&
           (pre_depth > 0 || (text[stop] != ' ' && text[stop] != '\t' && text[stop] != '\r' &&
                              text[stop] != '\n'))) {
      ++stop;
    }
    out.copy(text.substr(i, stop - i), i);
    i = stop;
  }
  if (out.size() > 0 && out.back() != '\n') out.put('\n', text.size(), 0);
  layer.notes.push_back({start, message_code::html_page,
                         "an HTML page, read as the text a browser shows (markup removed, " +
                             counted(entities_decoded, "entity", "entities") + " decoded)"});
  return layer;
}

}  // namespace iosr::detail
