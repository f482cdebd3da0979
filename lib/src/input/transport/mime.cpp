// SPDX-License-Identifier: MIT
// E-mail as archived (RFC 5322 headers, MIME RFC 2045-2049): the part of a message that holds
// the results, with its transfer encoding, charset and format=flowed undone.
#include <vector>

#include "input/transport/layers.hpp"
#include "iosr/counted.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

struct header_field {
  std::string name;   // lower case
  std::string value;  // unfolded
  std::size_t offset = 0;
};

// One MIME entity: a whole message, or one part of a multipart body.
struct entity {
  std::vector<header_field> headers;
  std::size_t body = 0, end = 0;  // offsets of the body in the text

  const header_field* find(std::string_view name) const {
    for (const auto& h : headers) {
      if (h.name == name) return &h;
    }
    return nullptr;
  }
  /// Where the entity begins, for notes about it: its first header line, else its body.
  std::size_t start() const { return headers.empty() ? body : headers[0].offset; }
};

// `Name: value`: a name of printable characters other than `:` (RFC 5322 §2.2).
std::size_t field_name_length(std::string_view line) {
  std::size_t n = 0;
  while (n < line.size() && line[n] > ' ' && line[n] < 127 && line[n] != ':') ++n;
  return n > 0 && n < line.size() && line[n] == ':' ? n : 0;
}

// Reads the header block that starts at `from`; the body follows the first empty line. False
// when the lines there are not a header block.
bool read_headers(std::string_view text, std::size_t from, std::size_t end, entity& e,
                  bool allow_mbox_line) {
  std::size_t at = from;
  if (allow_mbox_line && text.substr(at).starts_with("From ")) at = line_starting_at(text, at).next;
  while (at < end) {
    auto l = line_starting_at(text, at);
    auto line = text.substr(l.begin, l.end - l.begin);
    if (line.empty()) {
      e.body = l.next;
      e.end = end;
      return true;
    }
    if ((line.front() == ' ' || line.front() == '\t') && !e.headers.empty()) {
      e.headers.back().value += ' ';
      e.headers.back().value += trim(line);
    } else if (auto n = field_name_length(line)) {
      e.headers.push_back(
          {ascii_lower(line.substr(0, n)), std::string(trim(line.substr(n + 1))), l.begin});
    } else {
      return false;
    }
    at = l.next;
  }
  // Headers with no body at all.
  e.body = e.end = end;
  return !e.headers.empty();
}

// `type/subtype; name=value; name="quoted value"` (RFC 2045 §5.1).
struct content_type {
  std::string type = "text/plain";
  std::vector<std::pair<std::string, std::string>> params;
  std::string param(std::string_view name) const {
    for (const auto& [n, v] : params) {
      if (n == name) return v;
    }
    return {};
  }
};

content_type parse_content_type(const header_field* h) {
  content_type ct;
  if (!h) return ct;
  std::string_view v = h->value;
  auto semi = v.find(';');
  ct.type = ascii_lower(trim(v.substr(0, semi)));
  while (semi != std::string_view::npos) {
    v.remove_prefix(semi + 1);
    auto eq = v.find('=');
    if (eq == std::string_view::npos) break;
    auto name = ascii_lower(trim(v.substr(0, eq)));
    v.remove_prefix(eq + 1);
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
    std::string value;
    if (!v.empty() && v.front() == '"') {
      std::size_t i = 1;
      for (; i < v.size() && v[i] != '"'; ++i) {
        if (v[i] == '\\' && i + 1 < v.size()) ++i;
        value += v[i];
      }
      v.remove_prefix(std::min(i + 1, v.size()));
      semi = v.find(';');
    } else {
      semi = v.find(';');
      value = std::string(trim(v.substr(0, semi)));
    }
    ct.params.emplace_back(std::move(name), std::move(value));
  }
  return ct;
}

// The parts of a multipart body, between its `--boundary` lines (RFC 2046 §5.1.1).
std::vector<entity> split_parts(std::string_view text, const entity& whole,
                                const std::string& boundary) {
  std::vector<entity> parts;
  const std::string delimiter = "--" + boundary;
  std::size_t part_start = std::string_view::npos;
  for (std::size_t at = whole.body; at < whole.end;) {
    auto l = line_starting_at(text, at);
    auto line = trim(text.substr(l.begin, l.end - l.begin));
    if (line.starts_with(delimiter)) {
      auto rest = line.substr(delimiter.size());
      if (rest.empty() || rest == "--") {
        if (part_start != std::string_view::npos) {
          // The line end before a delimiter belongs to the delimiter.
          auto part_end = l.begin;
          if (part_end > part_start && text[part_end - 1] == '\n') --part_end;
          if (part_end > part_start && text[part_end - 1] == '\r') --part_end;
          entity part;
          if (!read_headers(text, part_start, part_end, part, false)) {
            part.headers.clear();
            part.body = part_start;  // no headers: a text/plain part (RFC 2046 §5.1.1)
            part.end = part_end;
          }
          parts.push_back(std::move(part));
        }
        if (rest == "--") break;
        part_start = l.next;
      }
    }
    at = l.next;
  }
  return parts;
}

std::string describe(const entity& e) {
  auto ct = parse_content_type(e.find("content-type"));
  std::string name = ct.param("name");
  if (auto* d = e.find("content-disposition")) {
    content_type disposition = parse_content_type(d);
    if (auto f = disposition.param("filename"); !f.empty()) name = f;
  }
  return ct.type + (name.empty() ? "" : " '" + name + "'");
}

// A leaf part that may hold results: text, XML, JSON or CSV, or a file attached by name.
bool may_hold_results(const entity& e) {
  auto ct = parse_content_type(e.find("content-type"));
  if (ct.type.starts_with("text/") || ct.type.find("xml") != std::string::npos ||
      ct.type.find("json") != std::string::npos || ct.type.find("csv") != std::string::npos) {
    return true;
  }
  auto d = describe(e);
  for (std::string_view ext : {".xml'", ".txt'", ".csv'", ".json'", ".eml'"}) {
    if (d.ends_with(ext)) return true;
  }
  return false;
}

// Every leaf of `e`, in order, with where it sits ("part 2 of 3").
struct leaf {
  entity e;
  std::string where;
  bool alternative = false;  // a sibling in multipart/alternative: the same content again
};

void collect_leaves(std::string_view text, const entity& e, const std::string& where,
                    bool alternative, std::vector<leaf>& out, int depth) {
  auto ct = parse_content_type(e.find("content-type"));
  if (depth < 8 && ct.type.starts_with("multipart/") && !ct.param("boundary").empty()) {
    auto parts = split_parts(text, e, ct.param("boundary"));
    for (std::size_t i = 0; i < parts.size(); ++i) {
      auto name = (where.empty() ? "" : where + ", ") + "part " + std::to_string(i + 1) + " of " +
                  std::to_string(parts.size());
      collect_leaves(text, parts[i], name, ct.type == "multipart/alternative" && i > 0, out,
                     depth + 1);
    }
    return;
  }
  if (depth < 8 && ct.type == "message/rfc822") {
    entity inner;
    if (read_headers(text, e.body, e.end, inner, false)) {
      collect_leaves(text, inner, where.empty() ? "the attached message" : where, alternative,
                     out, depth + 1);
      return;
    }
  }
  out.push_back({e, where, alternative});
}

// The layers that decode one leaf: its transfer encoding (mapping into the whole text), its
// charset, then format=flowed.
std::vector<undone_layer> decode_leaf(std::string_view text, const leaf& part, bool whole_message) {
  std::vector<undone_layer> layers;
  const auto& e = part.e;
  auto ct = parse_content_type(e.find("content-type"));
  auto* cte_field = e.find("content-transfer-encoding");
  auto cte = cte_field ? ascii_lower(cte_field->value) : std::string();
  auto note_at = cte_field ? cte_field->offset : e.start();
  auto body = text.substr(e.body, e.end - e.body);

  undone_layer first;
  std::size_t malformed = 0;
  std::string what;
  auto what_code = message_code::transfer_decoded;
  if (cte == "quoted-printable") {
    decode_quoted_printable(body, e.body, first.out, malformed);
    what = "quoted-printable decoded";
    if (malformed) {
      what += "; " + std::to_string(malformed) + " '=' not followed by two hex digits kept as written";
    }
  } else if (cte == "base64") {
    decode_base64(body, e.body, first.out, malformed);
    what = "base64 decoded";
    if (malformed) what += "; " + counted(malformed, "byte") + " outside base64 skipped";
  } else {
    first.out.copy(body, e.body);
    if (!cte.empty() && cte != "7bit" && cte != "8bit" && cte != "binary") {
      what_code = message_code::transfer_encoding_unknown;
      what = "Content-Transfer-Encoding '" + cte + "' is not known; the body is read as it is";
    }
  }
  // Offsets of the notes of the first layer are in the whole text, as its map is.
  if (!part.where.empty()) {
    first.notes.push_back({e.start(), message_code::mime_part_read,
                           "MIME " + part.where + " (" + describe(e) + ") read"});
  } else if (!whole_message) {
    first.notes.push_back(
        {e.body, message_code::mime_headers_skipped, "the message body read without its headers"});
  }
  if (!what.empty()) first.notes.push_back({note_at, what_code, what});
  layers.push_back(std::move(first));

  // The later layers' notes point at their own input's start: the body.
  if (ct.type.starts_with("text/")) {
    const auto& decoded = layers.back().out.text();
    if (auto charset = ct.param("charset"); !charset.empty()) {
      if (auto layer = convert_charset(decoded, charset, 0)) layers.push_back(std::move(*layer));
    }
    if (ascii_lower(ct.param("format")) == "flowed") {
      const auto& now = layers.back().out.text();
      if (auto layer = undo_flowed(now, ascii_lower(ct.param("delsp")) == "yes", 0)) {
        layers.push_back(std::move(*layer));
      }
    }
  }
  return layers;
}

}  // namespace

bool starts_with_header_field(std::string_view text) {
  auto line = text.substr(0, line_starting_at(text, 0).end);
  return line.starts_with("From ") || field_name_length(line) > 0;
}

undone_layers undo_mime(std::string_view text, claims_text claims) {
  entity message;
  if (!read_headers(text, 0, text.size(), message, true)) return {};
  // A message without MIME headers is plain text (RFC 5322): nothing to undo.
  if (!message.find("content-type") && !message.find("content-transfer-encoding") &&
      !message.find("mime-version")) {
    return {};
  }
  std::vector<leaf> leaves;
  collect_leaves(text, message, "", false, leaves, 0);
  // A single text/plain body in 7bit US-ASCII or UTF-8, not flowed, needs nothing.
  if (leaves.size() == 1 && leaves[0].where.empty()) {
    auto layers = decode_leaf(text, leaves[0], true);
    bool changes = layers.size() > 1 || !layers[0].notes.empty();
    if (!changes) return {};
    // The headers stay out: the readers see the body, as a mail program shows it.
    return layers;
  }
  // The first part that a reader claims (the text part of a mail, or an attached file); else the
  // first text part, so that what cannot be read is reported inside it.
  std::vector<std::vector<undone_layer>> decoded(leaves.size());
  std::size_t chosen = leaves.size(), fallback = leaves.size();
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    if (!may_hold_results(leaves[i].e)) continue;
    decoded[i] = decode_leaf(text, leaves[i], false);
    if (fallback == leaves.size()) fallback = i;
    if (chosen == leaves.size() && claims(decoded[i].back().out.text())) chosen = i;
  }
  if (chosen == leaves.size()) chosen = fallback;
  if (chosen == leaves.size()) return {};
  auto layers = std::move(decoded[chosen]);
  for (std::size_t i = chosen + 1; i < leaves.size(); ++i) {
    if (decoded[i].empty() || leaves[i].alternative) continue;
    if (claims(decoded[i].back().out.text())) {
      // Said at the start of the chosen part's text: the notes of the first layer are in the
      // whole text's offsets, so the other part's header line can be named exactly.
      layers.front().notes.push_back(
          {leaves[i].e.start(), message_code::mime_part_ignored,
           "MIME " + leaves[i].where + " (" + describe(leaves[i].e) +
               ") holds results too; not read (one result file per input: save it alone)"});
    }
  }
  return layers;
}

}  // namespace iosr::detail
