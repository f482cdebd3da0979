// SPDX-License-Identifier: MIT
// The escaping of every output format, in one place: CSV cells and records (RFC 4180), JSON
// strings, HTML text and attributes, and Markdown text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace iosr::detail {

/// Appends `field` to `out` as one CSV field (no separator, no line end). The field is quoted,
/// with inner `"` doubled, when it contains `,`, `"`, CR or LF, or begins or ends with a space
/// (so readers that trim spaces keep them); otherwise it is written as is. Bytes pass through
/// unchanged, so UTF-8 stays UTF-8.
void append_csv_field(std::string& out, std::string_view field);

/// append_csv_field() at `to`, which has room for 2 * field.size() + 2 bytes; returns the end.
char* write_csv_field(char* to, std::string_view field);

/// Appends one whole record: the fields as append_csv_field writes them, commas between
/// them, `\n` at the end.
void append_csv_record(std::string& out, std::span<const std::string_view> fields);

/// `v` at `to` as fmt's "{}" writes it (its shortest round-trip form: `1.5`, `100`, `1e-05`,
/// `1.2345e+16`, `-0`, `inf`, `nan`); returns the end. At most 24 bytes
/// (`-2.2250738585072014e-308`).
char* write_shortest(char* to, double v);

/// Writes one CSV record field by field: commas between fields, `\n` at the end (which
/// Python's csv module, pandas, DuckDB and spreadsheets all read as a record end).
class csv_row_writer {
 public:
  explicit csv_row_writer(std::string& out) : out_(out) {}

  void field(std::string_view text);
  /// A computed number in its shortest round-trip form (the exact double, never rounded);
  /// an empty field when there is none.
  void number(const std::optional<double>& v);
  /// A count, in decimal.
  void integer(std::uint64_t v);
  void end();

 private:
  std::string& out_;
  bool first_ = true;
};

/// How a JSON string is escaped. `"` and `\` always get a backslash, and control characters are
/// always escaped; the styles differ only where an output's bytes were promised before its
/// writers shared this escaper.
enum class json_style {
  /// The JSON documents (iosr JSON, the comparison JSON): `\b \f \n \r \t` as two characters,
  /// the other control characters as `\u00XX`. A byte sequence that is not UTF-8 becomes one
  /// U+FFFD per maximal invalid part, as the Unicode standard recommends, so the document is
  /// valid JSON (docs/json.md).
  document,
  /// JSON Lines rows (docs/jsonl.md): `\n \r \t` as two characters, the other control
  /// characters as `\u00XX`; bytes from 0x80 pass unchanged, as in the CSV.
  lines,
  /// The Entry JSON of composite.xml: `/` as `\/`, as PTS writes it, and every control character
  /// as `\u00XX`; bytes from 0x80 pass unchanged.
  pts_entry,
};

/// Appends `text` to `out` as one JSON string, quotes included.
void append_json_string(std::string& out, std::string_view text, json_style style);

/// The most bytes a JSON string of `size` bytes of text can take, quotes included (a byte
/// may become `\u00XX`).
constexpr std::size_t json_string_bound(std::size_t size) { return 6 * size + 2; }

/// append_json_string() at `to`, which has room for json_string_bound(text.size()) bytes;
/// returns the end.
char* write_json_string(char* to, std::string_view text, json_style style);

/// `text` safe in HTML element content and in quoted attribute values alike: `&`, `<`, `>`, `"`
/// and `'` become character references; every other byte passes through.
std::string html_escaped(std::string_view text);

/// `text` as XML 1.0 can hold it, before an XML writer (pugixml) escapes its markup: control
/// characters other than tab, LF and CR (which XML 1.0 cannot hold, not even as `&#1;`: libxml2,
/// expat and PTS refuse the file; a NUL would also end the C string pugixml takes) and bytes that
/// are not UTF-8 become U+FFFD, as invalid UTF-8 does in the JSON outputs.
std::string xml_text(std::string_view text);

/// xml_text() of `text`, then html_escaped(): text fit for a standalone XML 1.0 document (the
/// chart images' SVG), since an XML parser rejects the whole document for one forbidden byte.
std::string xml_escaped(std::string_view text);

/// Where Markdown text goes, since what CommonMark and GFM could misread differs by place.
enum class markdown_place {
  /// Inside a line: a GFM table cell, or after other text (`- step: TEXT`).
  inline_text,
  /// Starting a line: a paragraph, or a list item's text after `- ` (a block may start there).
  line_start,
  /// A heading's text, after `## ` and up to the line's end (a run of `#` may close it there).
  heading,
};

/// `text` as literal Markdown: a backslash only before what CommonMark or GFM would otherwise
/// read as markup, so that the rendered text is `text` and the source reads cleanly
/// (docs/compare.md, "Markdown escaping", gives the rule; tests/markdown_cmark_test.py checks it
/// with cmark-gfm). `|` always (it would split a table cell); `*`, `_` and `~` where they could
/// open or close emphasis or strikethrough (so `IO_uring` stays as it is); backticks; `\`
/// before punctuation or at the end; `[` when a `]` later could end a link's text; `<` that
/// could start a tag or an autolink (not `p < 0.01`); `&` that would form a character
/// reference. At a line start, also what would start a block (`#`, `>`, `-`, `+`, `*`, `=`,
/// digits and `.` or `)`, a leading blank), and in a heading a closing run of `#`. Line breaks
/// and tabs become spaces, since a line break would end the table row, and bytes that are not
/// UTF-8 U+FFFD, since GFM ends a table at a row holding one.
std::string markdown_escaped(std::string_view text,
                             markdown_place place = markdown_place::inline_text);

}  // namespace iosr::detail
