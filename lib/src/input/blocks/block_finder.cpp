// SPDX-License-Identifier: MIT
// The block finder: the lines that start a block of each shape, and where each block ends, with
// the prefix every line of it carries (indentation, quoting, comment marks) taken off.
#include "input/blocks/block_finder.hpp"

#include <algorithm>
#include <optional>

#include "strings.hpp"

namespace iosr::detail {

namespace {

struct line {
  std::size_t begin, end, next;  // end: before its `\r\n` or `\n`; next: the next line's begin
};

std::vector<line> lines_of(std::string_view text) {
  std::vector<line> lines;
  std::size_t begin = 0;
  while (begin < text.size()) {
    auto nl = text.find('\n', begin);
    auto next = nl == std::string_view::npos ? text.size() : nl + 1;
    auto end = nl == std::string_view::npos ? text.size() : nl;
    if (end > begin && text[end - 1] == '\r') --end;
    lines.push_back({begin, end, next});
    begin = next;
  }
  return lines;
}

// What may stand before a block's lines: indentation, mail and Markdown quoting, and the marks
// of comments (`#`, `//`, ` * `, `;`, `|` of a table drawn around it).
bool is_prefix_char(char c) {
  return c == ' ' || c == '\t' || c == '>' || c == '#' || c == '/' || c == '*' || c == '|' ||
         c == ';';
}

// A spreadsheet's empty row (`,,,`): a blank line of a re-saved export.
bool only_commas(std::string_view c) {
  c = trim(c);
  return !c.empty() && c.find_first_not_of(',') == std::string_view::npos;
}

// Where a block of some shape starts on `text`, a line: the offset of its content (after the
// prefix), or npos. CSV: PTS's header row (` ,` or `" ",`); JSON: `{`; XML: `<?xml` or
// `<PhoronixTestSuite`.
struct start {
  std::string_view shape;
  std::size_t content = std::string_view::npos;
};

start block_start(std::string_view text) {
  std::size_t k = 0;
  while (k < text.size() && is_prefix_char(text[k])) ++k;
  auto rest = text.substr(k);
  // The header row's leading blank is the row's own, not the prefix's. Its next cell is empty
  // or names a system: never a blank (prose: `    , as said before`), never a row of commas.
  if (rest.starts_with(',') && k > 0 && text[k - 1] == ' ' && rest.size() > 1 && rest[1] != ' ' &&
      rest[1] != '\t' && !only_commas(rest)) {
    return {"CSV", k - 1};
  }
  if (rest.starts_with("\" \",")) return {"CSV", k};
  // A backtick that opens an issue's quote may stand right before `{` or `<` (`` `{ ``).
  auto opened = rest.find_first_not_of('`');
  if (opened != std::string_view::npos && opened <= 3) {
    auto code = rest.substr(opened);
    if (code.starts_with('{')) return {"JSON", k + opened};
    if (code.starts_with("<?xml") || code.starts_with("<PhoronixTestSuite")) return {"XML", k + opened};
  }
  return {};
}

// A line as seen inside a block whose lines start with `prefix`.
struct content {
  enum class kind { text, empty, annotation, outside } what;
  std::size_t begin = 0;  // of the content, in the whole text
  std::string_view text;
  bool annotated = false;  // an annotation (`  << ...`) after the text was cut off
};

std::string_view rtrim(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Placeholders that stand for an empty line where a docstring or a tool could not keep one.
bool is_placeholder(std::string_view trimmed) {
  return trimmed == "<empty line>" || trimmed == "<blank line>" || trimmed == "<empty>" ||
         trimmed == "<blank>";
}

content content_of(std::string_view text, const line& l, std::string_view prefix) {
  auto whole = text.substr(l.begin, l.end - l.begin);
  if (trim(whole).empty() || rtrim(whole) == rtrim(prefix))
    return {content::kind::empty, l.end, {}};
  if (!whole.starts_with(prefix)) return {content::kind::outside, l.begin, {}};
  auto c = whole.substr(prefix.size());
  auto t = trim(c);
  if (is_placeholder(t)) return {content::kind::empty, l.begin + prefix.size(), {}};
  if (t.starts_with("<<")) return {content::kind::annotation, l.begin + prefix.size(), c};
  // An annotation after the line's text (`benchmarkresult  << this is the marker`): no PTS
  // export writes ` <<`.
  if (auto mark = c.find(" <<"); mark != std::string_view::npos) {
    return {content::kind::text, l.begin + prefix.size(), rtrim(c.substr(0, mark)), true};
  }
  return {content::kind::text, l.begin + prefix.size(), c};
}

// A Markdown fence, or the quotes that open or close a Python docstring.
bool is_fence(std::string_view c) {
  auto t = trim(c);
  return t.starts_with("```") || t.starts_with("~~~") || t.starts_with("\"\"\"") ||
         t.starts_with("'''") ||
         (!t.empty() && t.find_first_not_of('`') == std::string_view::npos);
}

// A shell prompt and its command (`user@host:~$ cat result.csv`, `$ cat r.csv`, `# cat r.csv`):
// a word without blanks, then `$`, `#` or `%` and a blank.
bool is_prompt(std::string_view c) {
  c = trim(c);
  for (std::size_t i = 0; i < c.size(); ++i) {
    char ch = c[i];
    if (ch == ' ' || ch == '\t') return false;
    if ((ch == '$' || ch == '#' || ch == '%') && (i + 1 == c.size() || c[i + 1] == ' ')) {
      return true;
    }
  }
  return false;
}

bool is_csv_header(std::string_view c) { return c.starts_with(" ,") || c.starts_with("\" \","); }

// Builds one block's text line by line.
class block_builder {
 public:
  block_builder(std::string_view text, std::string_view shape, std::string_view prefix)
      : text_(text) {
    block_.shape = shape;
    block_.prefix = std::string(prefix);
  }

  void add(const line& l, const content& c) {
    if (c.what == content::kind::annotation) {
      ++block_.annotations;
      return;
    }
    if (c.what == content::kind::empty && !trim(text_.substr(l.begin, l.end - l.begin)).empty() &&
        rtrim(text_.substr(l.begin, l.end - l.begin)) != rtrim(block_.prefix)) {
      ++block_.placeholders;
    }
    if (c.annotated) ++block_.annotations;
    if (c.what == content::kind::text) out_.copy(c.text, c.begin);
    // The line end as written, or one at the text's end, which placed nothing.
    if (l.next > l.end) {
      out_.copy(text_.substr(l.next - 1, 1), l.next - 1);
    } else {
      out_.put('\n', l.end, 0);
    }
  }

  found_block finish(std::size_t begin, std::size_t end) {
    block_.begin = begin;
    block_.end = end;
    block_.text = out_.take_text();
    block_.map = out_.take_map();
    return std::move(block_);
  }

  std::size_t size() const { return out_.size(); }

 private:
  std::string_view text_;
  mapped_text out_;
  found_block block_;
};

// The blocks' scans: each gets the lines, the line `s` that starts a block and its prefix, and
// `floor`, the first line no earlier block holds; returns the block and the line after it.
struct scanned {
  std::optional<found_block> block;
  std::size_t next_line;
};

// Whether the first row after the header row `s` is one PTS writes there: a system row
// (`Processor,,...`: a key of letters, digits and blanks, then a comma), the header again, or a
// quoted result row. ASCII art and other text with a comma after a blank is not.
template <class At>
bool starts_export_rows(const At& at, std::size_t s, std::size_t last) {
  for (auto j = s + 1; j <= last; ++j) {
    auto c = at(j);
    if (c.what != content::kind::text || only_commas(c.text)) continue;
    auto row = c.text;
    if (is_csv_header(row) || row.starts_with('"')) return true;
    auto comma = row.find(',');
    if (comma == 0 || comma == std::string_view::npos || !is_ascii_letter(row.front())) {
      return false;
    }
    for (char ch : row.substr(0, comma)) {
      if (!(is_ascii_letter(ch) || is_digit(ch) || ch == ' ' || ch == '-' || ch == '.' ||
            ch == '/' || ch == '(' || ch == ')')) {
        return false;
      }
    }
    return true;
  }
  return false;
}

// PTS's CSV export: the title and description before its header row (up to a blank line, a
// prompt, a fence or another block), the header, the system rows, a blank line, the header
// again and the result rows (docs/pts-csv.md).
scanned scan_csv(std::string_view text, const std::vector<line>& lines, std::size_t s,
                 std::string_view prefix, std::size_t floor) {
  auto at = [&](std::size_t i) { return content_of(text, lines[i], prefix); };
  std::size_t first = s;
  // Backwards: a blank line (or a spreadsheet's `,,,`), then the title and description lines.
  std::size_t i = s;
  auto skip_annotations = [&] {
    while (i > floor && at(i - 1).what == content::kind::annotation) --i;
  };
  skip_annotations();
  auto is_blank = [&](std::size_t k) {
    auto c = at(k);
    return c.what == content::kind::empty || (c.what == content::kind::text && only_commas(c.text));
  };
  if (i > floor && is_blank(i - 1)) {
    // The blank line, or lines (PTS 10.8.5's `,TITLE,` row may stand further up).
    while (i > floor && (is_blank(i - 1) || at(i - 1).what == content::kind::annotation)) --i;
    std::size_t top = i;
    while (top > floor) {
      auto c = at(top - 1);
      if (c.what == content::kind::annotation) {
        --top;
        continue;
      }
      if (c.what != content::kind::text || is_fence(c.text) || is_prompt(c.text) ||
          is_csv_header(c.text) || only_commas(c.text)) {
        break;
      }
      --top;
      // PTS 10.8.5's title row `,TITLE,` is the export's first line.
      if (c.text.starts_with(',')) break;
    }
    while (top < i && at(top).what == content::kind::annotation) ++top;
    first = top < i ? top : s;
  }
  // Forwards: the systems' rows up to a blank line and the header again, then the results.
  bool results = false;
  std::size_t last = s;
  for (std::size_t j = s + 1; j < lines.size(); ++j) {
    auto c = at(j);
    if (c.what == content::kind::annotation) continue;
    if (c.what == content::kind::outside) break;
    if (c.what == content::kind::empty || only_commas(c.text)) {
      if (results) break;
      // A blank line inside the export only before the header's repetition.
      std::size_t k = j + 1;
      while (k < lines.size() &&
             (at(k).what == content::kind::empty || at(k).what == content::kind::annotation ||
              (at(k).what == content::kind::text && only_commas(at(k).text)))) {
        ++k;
      }
      if (k < lines.size() && at(k).what == content::kind::text && is_csv_header(at(k).text)) {
        results = true;
        last = j = k;
        continue;
      }
      break;
    }
    if (is_fence(c.text) || is_prompt(c.text)) break;
    if (is_csv_header(c.text)) {
      results = true;
      last = j;
      continue;
    }
    // A row has cells; a result row never starts with an empty one (the next export's
    // `,TITLE,` does).
    if (c.text.find(',') == std::string_view::npos) break;
    if (results && c.text.starts_with(',')) break;
    last = j;
  }
  // A header row alone is no export: prose can hold an indented comma.
  if (last == s || !starts_export_rows(at, s, last)) return {std::nullopt, s + 1};
  block_builder b(text, "CSV", prefix);
  for (std::size_t j = first; j <= last; ++j) b.add(lines[j], at(j));
  return {b.finish(lines[first].begin, lines[last].next), last + 1};
}

// A JSON document: the lines up to the brace that closes the first, each character checked to
// be JSON's (outside strings: structure, numbers, literals, blanks), so that the block ends
// where the JSON does even when every line of the text carries the same prefix. Cut off
// (another text, a fence, the end, before it closes): closed after its last whole value two
// levels down.
scanned scan_json(std::string_view text, const std::vector<line>& lines, std::size_t s,
                  std::string_view prefix, std::size_t start) {
  // A cut document keeps its whole members of members: a whole system or result of PTS's
  // export (`"results": {HASH: {...}}`), never a result missing the systems after the cut.
  constexpr std::size_t whole_level = 2;
  block_builder b(text, "JSON", prefix);
  std::string open;  // the brackets open, innermost last
  bool in_string = false, escaped = false, closed = false;
  std::size_t last_whole = std::string::npos, whole_depth = 0, whole_at = 0;
  std::size_t cut = std::string::npos, j = s;
  for (; j < lines.size() && !closed && cut == std::string::npos; ++j) {
    auto c = content_of(text, lines[j], prefix);
    // The start line from its `{` on: a backtick before it is the quote's, not the block's.
    if (j == s) c = {content::kind::text, lines[s].begin + start, text.substr(lines[s].begin + start, lines[s].end - lines[s].begin - start)};
    if (c.what == content::kind::outside || (c.what == content::kind::text && is_fence(c.text))) {
      cut = lines[j].begin;
      break;
    }
    if (c.what != content::kind::text) {
      b.add(lines[j], c);
      continue;
    }
    auto line_text = c.text;
    for (std::size_t k = 0; k < line_text.size(); ++k) {
      char ch = line_text[k];
      auto out_at = b.size() + k;  // this character's offset in the block's text
      if (in_string) {
        if (escaped) {
          escaped = false;
        } else if (ch == '\\') {
          escaped = true;
        } else if (ch == '"') {
          in_string = false;
        }
        continue;
      }
      if (ch == '"') {
        in_string = true;
      } else if (ch == '{' || ch == '[') {
        open.push_back(ch);
      } else if (ch == '}' || ch == ']') {
        if (open.empty() || (ch == '}') != (open.back() == '{')) {
          cut = c.begin + k;
          line_text = line_text.substr(0, k);
          break;
        }
        open.pop_back();
        if (open.size() <= whole_level) {
          last_whole = out_at + 1;
          whole_depth = open.size();
          whole_at = c.begin + k + 1;
        }
        if (open.empty()) {
          closed = true;
          line_text = line_text.substr(0, k + 1);
          break;
        }
      } else if (ch == ',' && open.size() <= whole_level) {
        last_whole = out_at;
        whole_depth = open.size();
        whole_at = c.begin + k;
      } else if (ch == ',') {
      } else if (!(ch == ' ' || ch == '\t' || ch == ':' || ch == '-' || ch == '+' || ch == '.' ||
                   is_digit(ch) || (ch >= 'a' && ch <= 'z') || ch == 'E')) {
        cut = c.begin + k;
        line_text = line_text.substr(0, k);
        break;
      }
    }
    // A JSON string never holds a line break: one open at the line's end was cut.
    if (in_string && !closed && cut == std::string::npos) cut = c.begin + line_text.size();
    b.add(lines[j], {content::kind::text, c.begin, line_text, c.annotated});
  }
  if (!closed && cut == std::string::npos) cut = text.size();
  auto end = j < lines.size() ? lines[j].begin : text.size();
  if (closed) end = lines[j - 1].next;
  auto next_line = j;
  auto block = b.finish(lines[s].begin, end);
  if (!closed) {
    block.cut = cut;
    if (last_whole == std::string::npos || whole_depth == 0) {
      block.nothing_whole = true;
    } else {
      block.last_whole = whole_at;
      block.text.resize(last_whole);
      // The brackets still open where the last whole value ended are the outer ones of those
      // open at the cut: every one closed since then made a later whole value.
      for (auto k = whole_depth; k > 0; --k) block.text += open[k - 1] == '{' ? '}' : ']';
      block.text += '\n';
    }
  }
  return {std::move(block), next_line};
}

// A composite.xml: its lines up to `</PhoronixTestSuite>`, each an element (PTS writes one a
// line). Cut off: closed after its last `</Result>`.
scanned scan_xml(std::string_view text, const std::vector<line>& lines, std::size_t s,
                 std::string_view prefix, std::size_t start) {
  constexpr std::string_view root_end = "</PhoronixTestSuite>", result_end = "</Result>";
  block_builder b(text, "XML", prefix);
  std::size_t last_result = std::string::npos, result_at = 0, cut = std::string::npos, j = s;
  bool closed = false;
  for (; j < lines.size(); ++j) {
    auto c = content_of(text, lines[j], prefix);
    if (j == s) c = {content::kind::text, lines[s].begin + start, text.substr(lines[s].begin + start, lines[s].end - lines[s].begin - start)};
    if (c.what == content::kind::outside ||
        (c.what == content::kind::text && (is_fence(c.text) || !trim(c.text).starts_with('<')))) {
      cut = lines[j].begin;
      break;
    }
    auto before = b.size();
    if (c.what == content::kind::text) {
      if (auto r = c.text.rfind(result_end); r != std::string_view::npos) {
        last_result = before + r + result_end.size();
        result_at = c.begin + r + result_end.size();
      }
    }
    b.add(lines[j], c);
    if (c.what == content::kind::text && c.text.find(root_end) != std::string_view::npos) {
      closed = true;
      ++j;
      break;
    }
  }
  if (!closed && cut == std::string::npos) cut = text.size();
  auto end = j < lines.size() ? lines[j].begin : text.size();
  auto block = b.finish(lines[s].begin, end);
  if (!closed) {
    block.cut = cut;
    if (last_result == std::string::npos) {
      block.nothing_whole = true;
    } else {
      block.last_whole = result_at;
      block.text.resize(last_result);
      block.text += "\n</PhoronixTestSuite>\n";
    }
  }
  return {std::move(block), j};
}

// Whether line `i`, which looks like a CSV header row, is an indented title row `,TITLE,` (PTS
// 10.8.5): the next line that is not blank or an annotation looks like a header row too.
bool is_title_row(std::string_view text, const std::vector<line>& lines, std::size_t i) {
  // A header row's second cell is empty (` ,,"base"`) or names a system (PTS 5.x: ` ,base`); a
  // title row has a title there, and a quoted header (`" ",`) is never one.
  auto row = text.substr(lines[i].begin, lines[i].end - lines[i].begin);
  auto comma = row.find(',');
  if (row.substr(comma + 1).starts_with(',') || row.substr(comma + 1).starts_with('"') ||
      trim(row).starts_with('"')) {
    return false;
  }
  for (auto j = i + 1; j < lines.size(); ++j) {
    auto l = text.substr(lines[j].begin, lines[j].end - lines[j].begin);
    auto t = trim(l);
    if (t.empty() || is_placeholder(t)) continue;
    std::size_t k = 0;
    while (k < l.size() && is_prefix_char(l[k])) ++k;
    if (l.substr(k).starts_with("<<")) continue;
    return block_start(l).shape == "CSV";
  }
  return false;
}

}  // namespace

bool has_paste_marks(std::string_view text) {
  for (std::size_t begin = 0; begin < text.size();) {
    auto nl = text.find('\n', begin);
    auto end = nl == std::string_view::npos ? text.size() : nl;
    auto line = text.substr(begin, end - begin);
    if (is_fence(line) || is_prompt(line)) return true;
    begin = end + 1;
  }
  return false;
}

std::vector<found_block> find_blocks(std::string_view text) {
  // Most texts hold no line that could start a block: one pass over the line starts says so
  // before any line is indexed.
  bool any = false;
  for (std::size_t begin = 0; begin < text.size() && !any;) {
    auto nl = text.find('\n', begin);
    auto end = nl == std::string_view::npos ? text.size() : nl;
    any = block_start(text.substr(begin, end - begin)).content != std::string_view::npos;
    begin = nl == std::string_view::npos ? text.size() : nl + 1;
  }
  std::vector<found_block> blocks;
  if (!any) return blocks;
  const auto lines = lines_of(text);
  std::size_t floor = 0;
  for (std::size_t i = 0; i < lines.size();) {
    const auto& l = lines[i];
    auto found = block_start(text.substr(l.begin, l.end - l.begin));
    if (found.content == std::string_view::npos) {
      ++i;
      continue;
    }
    // An indented `,TITLE,` looks like a header row: it is the title of the header after it.
    if (found.shape == "CSV" && is_title_row(text, lines, i)) {
      ++i;
      continue;
    }
    auto prefix = text.substr(l.begin, found.content);
    // The lines after the start carry the prefix without an opening backtick.
    auto rest_prefix = prefix;
    while (rest_prefix.ends_with('`')) rest_prefix.remove_suffix(1);
    scanned s = found.shape == "CSV"    ? scan_csv(text, lines, i, prefix, floor)
                : found.shape == "JSON" ? scan_json(text, lines, i, rest_prefix, found.content)
                                        : scan_xml(text, lines, i, rest_prefix, found.content);
    // Every line scanned belongs to this block, found or not: a later scan starts after it,
    // so that no line is scanned twice.
    i = std::max(s.next_line, i + 1);
    floor = i;
    if (s.block) blocks.push_back(std::move(*s.block));
  }
  return blocks;
}

}  // namespace iosr::detail
