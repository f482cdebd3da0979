// SPDX-License-Identifier: MIT
// THE input registry (one row per format, tried in order) and the public read functions.
#include "input/input_formats.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <optional>
#include <stdexcept>
#include <system_error>

#include "input/blocks/block_reading.hpp"
#include "input/blocks/mailbox.hpp"
#include "input/composite_xml/composite_xml_reader.hpp"
#include "input/html_view/html_view_reader.hpp"
#include "input/iosr_json/iosr_json_reader.hpp"
#include "input/iosr_table/iosr_table_reader.hpp"
#include "input/pts_csv/pts_csv_reader.hpp"
#include "input/pts_graphs/pts_graphs_reader.hpp"
#include "input/pts_html/pts_html_reader.hpp"
#include "input/pts_json/pts_json_reader.hpp"
#include "input/pts_run/pts_run_reader.hpp"
#include "input/pts_text/text_reader.hpp"
#include "input/table/table_reader.hpp"
#include "input/transport/transport.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "iosr/read_in_place.hpp"

namespace iosr::detail {

namespace {

std::string_view skip_bom_and_space(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\n' ||
                           text.front() == '\r')) {
    text.remove_prefix(1);
  }
  return text;
}

// PTS's run output, unless it holds a text export the pts-text reader reads (a capture that
// answered `y` to `view the text results`, a README with the run-time charts): those stay the
// text reader's, as before the run-output reader (docs/pts-run-output.md, "Detection").
bool sniff_run_output(std::string_view text) {
  return sniff_pts_run(text) && !sniff_pts_text(text);
}

constexpr input_format formats[] = {
    {"iosr-json", "iosr's own JSON (iosr convert --to json; docs/json.md)", sniff_iosr_json,
     nullptr, read_iosr_json, finishing::none},
    {"iosr-table", "iosr's own tables: compare/table --format md or csv, convert --to csv",
     sniff_iosr_table, nullptr, read_iosr_table, finishing::shown_charts},
    {"pts-html", "PTS HTML export (result-file-to-html): values from its inline SVG graphs",
     sniff_pts_html, nullptr, read_pts_html, finishing::shown_charts},
    {"pts-graphs", "PTS's standalone graphs: a result-graphs folder, or one of its SVGs",
     sniff_pts_graphs, is_graphs_folder_text, read_pts_graphs, finishing::shown_charts},
    {"html-view", "text of an OpenBenchmarking.org HTML result view, fields run together",
     sniff_html_view, nullptr, read_html_view, finishing::shown_charts},
    {"composite-xml", "PTS composite.xml, every layout since 2008", sniff_composite_xml,
     is_composite_xml, read_composite_xml, finishing::stored_results},
    {"pts-json", "PTS JSON export (result-file-to-json), every layout since PTS 5.8",
     sniff_pts_json, nullptr, read_pts_json, finishing::stored_results},
    // A CSV row names a result by what it shows (title, options, unit from PTS 9.6.1): two rows
    // of one name are two results (PTS wrote each of its file's results once), both kept.
    {"pts-csv", "PTS CSV export (result-file-to-csv), every layout since PTS 5", sniff_pts_csv,
     nullptr, read_pts_csv, finishing::shown_charts},
    {"pts-run",
     "PTS's run output (phoronix-test-suite run, benchmark, batch-run) as a log keeps it",
     sniff_run_output, nullptr, read_pts_run, finishing::shown_charts},
    {"pts-text", "PTS text export (result-file-to-text), multi-line or whitespace-collapsed",
     sniff_pts_text, is_pts_text_result, read_pts_text, finishing::shown_charts},
    {"table", "a table people made (Markdown, CSV, aligned text), read only when asked: --from "
     "table with --table KEY=COLUMN (docs/tables.md)",
     sniff_table, nullptr, read_table, finishing::shown_charts},
};

unsigned char is_binary_byte(char ch) {
  auto c = static_cast<unsigned char>(ch);
  // `&`, not `&&`, and a byte-sized result: no branches, so the block loop below is vectorised.
  return static_cast<unsigned char>((c < 0x20) & (c != '\n') & (c != '\r') & (c != '\t') &
                                    (c != '\f'));
}

// Position of the first byte that no text file holds (NUL or other control bytes). It runs
// over every byte of every input: blocks are first checked whole, without an early exit, which
// the compiler turns into vector code (a byte loop was 13 % of a batch conversion). Built twice,
// the AVX2 copy chosen at load time where the processor has it: 32 bytes a step instead of 16,
// half the instructions (5 % of a conversion's).
__attribute__((target_clones("avx2", "default")))
std::size_t find_binary_byte(std::string_view text) {
  constexpr std::size_t block = 512;
  for (std::size_t start = 0; start < text.size(); start += block) {
    auto piece = text.substr(start, block);
    unsigned char any = 0;
    for (char c : piece) any |= is_binary_byte(c);
    if (any == 0) continue;
    for (std::size_t i = 0; i < piece.size(); ++i) {
      if (is_binary_byte(piece[i])) return start + i;
    }
  }
  return std::string_view::npos;
}

std::string too_large(std::uint64_t size, std::uint64_t limit) {
  return "input is " + std::to_string(size) + " bytes; expected at most " + std::to_string(limit) +
         " (raise the 'input-bytes' limit)";
}

// Reads all of `in`, but refuses to hold more than the input limit: standard input and pipes
// have no size to check beforehand.
std::string read_stream(std::istream& in, const std::string& name, const read_options& options) {
  std::string text;
  char chunk[first_block_bytes];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
    // Binary at the start after the first block: the rest (of /dev/zero, a disk image) is
    // never read; a smaller input is refused the same way when it is read.
    if (text.size() == first_block_bytes && in) {
      if (auto [message, where] = iosr::binary_head_error(text); !message.empty()) {
        throw parse_error(name, where, message);
      }
    }
    if (text.size() > options.max_input_bytes) {
      throw parse_error(name, {},
                        "input is more than " + std::to_string(options.max_input_bytes) +
                            " bytes; expected at most that (raise the 'input-bytes' "
                            "limit)");
    }
  }
  if (in.bad()) {
    throw parse_error(name, {}, "cannot read: " + std::generic_category().message(errno));
  }
  return text;
}

// The format that claims `text` (BOM already removed), or null.
const input_format* claiming_format(std::string_view text) {
  for (const auto& f : formats) {
    if (f.sniff(text)) return &f;
  }
  return nullptr;
}

bool claimed(std::string_view text) { return claiming_format(text) != nullptr; }

// The format named `name` (`--from`); throws a usage error naming the formats when none is.
const input_format* format_named(std::string_view name) {
  std::string names;
  for (const auto& f : formats) {
    if (f.name == name) return &f;
    (names += names.empty() ? "" : ", ") += f.name;
  }
  throw error(error_kind::usage,
              "--from: '" + std::string(name) + "' is no input format; expected one of " + names);
}

// The name detect_input_format() gives a text that `format` (or nothing) claims.
std::string_view detected_name(const input_format* format, std::string_view text) {
  if (format == nullptr) return {};
  if (format->is_result != nullptr && !format->is_result(text)) return {};
  return format->name;
}

}  // namespace

std::span<const input_format> input_formats() { return formats; }

result_file read_as(const input_format& format, std::string_view text,
                    const position_map& positions, std::span<const warning> before,
                    const std::string& name, const read_options& options, char* overwritable) {
  result_file file;
  file.source_name = name;
  file.format = std::string(format.name);
  reader_context ctx{text, name, positions, file, options.max_entries_per_chart, overwritable};
  // Each reader honours the limits as it reads (reader_context::add_entry for entries).
  format.read(ctx, options);
  finish_reading(file, format.finish);
  // What was undone before the reader saw the input comes first, as it came first.
  file.warnings.insert(file.warnings.begin(), before.begin(), before.end());
  return file;
}

result_file read_as(const input_format& format, const decoded_input& input, const std::string& name,
                    const read_options& options, char* overwritable) {
  return read_as(format, input.text(), input.positions(), input.warnings(), name, options,
                 overwritable);
}

result_file read_with(std::string_view format_name, std::string_view text,
                      const std::string& name, const read_options& options) {
  for (const auto& f : formats) {
    if (f.name == format_name) return read_as(f, decoded_input(text), name, options);
  }
  throw error(error_kind::usage, "no input format '" + std::string(format_name) + "'");
}

// Binary within this many bytes of the start is an image or a program, not a result file
// (detect_input_format); further in, it is a damaged result file, which a format still claims
// so that reading it reports the damage.
constexpr std::size_t binary_head = 1024;

// `raw`: the input as given (a database's header is no transport layer's); `text`, `at`: the
// first binary byte after the layers were undone.
std::string binary_message(std::string_view raw, std::string_view text, std::size_t at) {
  // The likeliest binary where results are expected: a database, iosr's own among them, named
  // as an input when --db was meant.
  if (raw.starts_with("SQLite format 3")) {
    return "an SQLite database, not a result export; expected a text or XML result export (an "
           "iosr database is named with --db FILE)";
  }
  return "binary data (byte " + std::to_string(static_cast<unsigned char>(text[at])) +
         "); expected a text or XML result export";
}

struct prepared_state;
std::string_view message_of(const prepared_state& s, std::size_t i);

// The bytes of prepared_input and what preparing them found. Held on the heap: the decoded
// input views `bytes`, which a moved short string would carry along.
struct prepared_state {
  std::string bytes;  // prepare_input()'s own copy; empty when `text` is the caller's
  std::string_view text;
  char* buffer = nullptr;  // text's own bytes when the reader may overwrite them, else null
  std::string name;
  read_options options;
  std::optional<decoded_input> input;
  const input_format* format = nullptr;  // the format that claims it
  std::vector<claimed_block> blocks;     // the result blocks inside it, when it is no one export
  std::vector<std::size_t> messages;     // where each message starts, in a mailbox of several
  std::string_view detected;             // what detect_input_format() says of it
  std::optional<parse_error> error;      // what reading it is refused with
};

// Message `i` of a mailbox that prepare() split.
std::string_view message_of(const prepared_state& s, std::size_t i) {
  auto begin = s.messages[i];
  auto end = i + 1 < s.messages.size() ? s.messages[i + 1] : s.text.size();
  return s.text.substr(begin, end - begin);
}

namespace {

// Everything before a reader runs, in the order read_results() reports problems: the size, an
// empty text, UTF-16, binary bytes, no claiming format. Sniffing and the binary scan also give
// detect_input_format()'s answer, so that a batch sniffs each file once.
void prepare(prepared_state& s) {
  auto text = s.text;
  const auto& name = s.name;
  if (text.size() > s.options.max_input_bytes) {
    s.error.emplace(name, source_position{}, too_large(text.size(), s.options.max_input_bytes),
                    error_kind::limit);
    return;  // not looked at further: reading it is refused, whatever it holds
  }
  const bool empty = skip_bom_and_space(text).empty();
  const bool utf16 = text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF");
  // Positions on line 1 count from after a byte-order mark, in every reader.
  if (text.starts_with("\xEF\xBB\xBF")) {
    text.remove_prefix(3);
    if (s.buffer != nullptr) s.buffer += 3;
  }
  // A mailbox of several messages: each is read alone, with its own layers (read_mailbox()).
  // An input read as a format named (`--from`) is that format whole.
  if (!empty && !utf16 && s.options.from.empty()) {
    if (auto messages = mailbox_messages(text); !messages.empty()) {
      s.messages = std::move(messages);
      s.text = text;
      s.buffer = nullptr;
      for (std::size_t i = 0; i < s.messages.size() && s.detected.empty(); ++i) {
        s.detected = iosr::detect_input_format(message_of(s, i));
      }
      return;
    }
  }
  auto& input = s.input.emplace(text);
  input.undo_layers(claimed);
  const auto binary_at = find_binary_byte(input.text());
  const auto* named = s.options.from.empty() ? nullptr : format_named(s.options.from);
  s.format = named != nullptr ? named : claiming_format(input.text());
  const bool binary_head_seen = binary_at != std::string_view::npos && binary_at < binary_head;
  if (named != nullptr) {
    s.detected = named->name;  // what was asked for: a walk reads every file so
  } else if (!empty && !binary_head_seen) {
    s.detected = detected_name(s.format, input.text());
    s.blocks = blocks_to_read(input.text(), s.format);
    if (!s.blocks.empty()) s.detected = s.blocks.front().format->name;
  }
  if (empty) {
    s.error.emplace(name, source_position{}, "empty input; expected a PTS result export");
  } else if (utf16) {
    s.error.emplace(name, source_position{1, 1},
                    "UTF-16 text (byte order mark); expected UTF-8, as PTS writes");
  } else if (binary_at != std::string_view::npos) {
    s.error.emplace(name, input.positions().position(binary_at),
                    binary_message(s.text, input.text(), binary_at));
  } else if (s.format == nullptr && s.blocks.empty()) {
    s.error.emplace(name, source_position{},
                    "not a benchmark result; expected a PTS text export (charts with "
                    "'> Higher Is Better' and 'LABEL .... VALUE |===' lines), a "
                    "composite.xml, or PTS's CSV or JSON export");
  }
  if (s.error) return;
  if (!s.blocks.empty()) s.buffer = nullptr;  // blocks are copies: nothing is read in place
  // A decoded text is a copy the caller never had: only the original is the caller's to give.
  if (s.buffer != nullptr && input.is_original()) {
    input.note_line_ends();
  } else {
    s.buffer = nullptr;
  }
}

std::vector<result_file> read_mailbox(const prepared_state& s);

std::vector<result_file> read_all_prepared(prepared_state& s) {
  if (s.error) throw *s.error;
  if (!s.messages.empty()) return read_mailbox(s);
  if (s.blocks.empty()) return {read_as(*s.format, *s.input, s.name, s.options, s.buffer)};
  return read_blocks(*s.input, s.blocks, s.format, s.name, s.options);
}

result_file read_prepared(prepared_state& s) {
  if (s.error) throw *s.error;
  if (s.blocks.empty() && s.messages.empty()) {
    return read_as(*s.format, *s.input, s.name, s.options, s.buffer);
  }
  auto all = read_all_prepared(s);
  if (all.size() > 1) {
    const auto& second = all[1].warnings;
    auto found = std::find_if(second.begin(), second.end(),
                              [](const warning& w) { return w.code == message_code::block_found; });
    throw parse_error(s.name, found != second.end() ? found->where : source_position{},
                      "the input holds " + std::to_string(all.size()) +
                          " result files (the second starts here); expected one: "
                          "read_all_results() reads each, as iosr show, compare and convert do");
  }
  return std::move(all.front());
}

// read_results() and read_results_in_place(): `buffer` is text's own bytes when the reader may
// overwrite them, else null.
result_file read_text(std::string_view text, char* buffer, std::string name,
                      const read_options& options) {
  prepared_state s;
  s.text = text;
  s.buffer = buffer;
  s.name = std::move(name);
  s.options = options;
  prepare(s);
  return read_prepared(s);
}

std::vector<result_file> read_all_text(std::string_view text, std::string name,
                                       const read_options& options) {
  prepared_state s;
  s.text = text;
  s.name = std::move(name);
  s.options = options;
  prepare(s);
  return read_all_prepared(s);
}

// Every message of a mailbox read alone, its positions moved to its place in the mailbox. A
// message that holds no result (most of a thread's) is passed over; one whose result cannot be
// read is a `block-not-read` warning of the first result file, or, when none was read, the error.
std::vector<result_file> read_mailbox(const prepared_state& s) {
  std::vector<result_file> all;
  std::vector<warning> refused;
  std::optional<parse_error> first_error;
  const auto count = s.messages.size();
  std::size_t lines = 0, counted_to = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const auto begin = s.messages[i];
    lines += static_cast<std::size_t>(
        std::count(s.text.begin() + static_cast<std::ptrdiff_t>(counted_to),
                   s.text.begin() + static_cast<std::ptrdiff_t>(begin), '\n'));
    counted_to = begin;
    const auto message = message_of(s, i);
    const auto which = "message " + std::to_string(i + 1) + " of " + std::to_string(count);
    try {
      for (auto& file : read_all_text(message, s.name, s.options)) {
        shift_lines(file, lines);
        file.warnings.insert(file.warnings.begin(),
                             {source_position{lines + 1, 1}, message_code::block_found,
                              "read from " + which + " of the mailbox"});
        all.push_back(std::move(file));
      }
    } catch (const parse_error& e) {
      if (iosr::detect_input_format(message).empty()) continue;  // no result in it
      auto where = e.where();
      if (where.line != 0) where.line += lines;
      refused.push_back({where, message_code::block_not_read,
                         which + " of the mailbox was not read: " + e.message()});
      if (!first_error) first_error.emplace(s.name, where, e.message(), e.kind());
    }
  }
  if (all.empty()) {
    if (first_error) throw *first_error;
    throw parse_error(s.name, source_position{},
                      "not a benchmark result: a mailbox of " + std::to_string(count) +
                          " messages, none holding a result export");
  }
  auto& first = all.front().warnings;
  first.insert(first.end(), refused.begin(), refused.end());
  return all;
}

}  // namespace

}  // namespace iosr::detail

namespace iosr {

std::vector<input_format_info> list_input_formats() {
  std::vector<input_format_info> list;
  for (const auto& f : detail::input_formats()) list.push_back({f.name, f.help});
  return list;
}

std::pair<std::string, source_position> binary_head_error(std::string_view head) {
  // As prepare() looks: after a byte-order mark and the transport layers; UTF-16, which
  // prepare() reports first, is left to it.
  if (head.starts_with("\xFF\xFE") || head.starts_with("\xFE\xFF")) return {};
  if (head.starts_with("\xEF\xBB\xBF")) head.remove_prefix(3);
  detail::decoded_input input(head);
  input.undo_layers(detail::claimed);
  const auto at = detail::find_binary_byte(input.text().substr(0, detail::binary_head));
  if (at == std::string_view::npos) return {};
  return {detail::binary_message(head, input.text(), at), input.positions().position(at)};
}

std::string_view detect_input_format(std::string_view text) {
  if (detail::skip_bom_and_space(text).empty()) return {};
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  // A mailbox: the format of the first message that holds a result.
  if (auto messages = detail::mailbox_messages(text); !messages.empty()) {
    for (std::size_t i = 0; i < messages.size(); ++i) {
      auto end = i + 1 < messages.size() ? messages[i + 1] : text.size();
      auto found = detect_input_format(text.substr(messages[i], end - messages[i]));
      if (!found.empty()) return found;
    }
    return {};
  }
  detail::decoded_input input(text);
  input.undo_layers(detail::claimed);
  if (detail::find_binary_byte(input.text().substr(0, detail::binary_head)) !=
      std::string_view::npos) {
    return {};
  }
  const auto* format = detail::claiming_format(input.text());
  if (auto blocks = detail::blocks_to_read(input.text(), format); !blocks.empty()) {
    return blocks.front().format->name;
  }
  return detail::detected_name(format, input.text());
}

result_file read_results(std::string_view text, std::string name, const read_options& options) {
  return detail::read_text(text, nullptr, std::move(name), options);
}

std::vector<result_file> read_all_results(std::string_view text, std::string name,
                                          const read_options& options) {
  return detail::read_all_text(text, std::move(name), options);
}

result_file read_results_in_place(std::string& text, std::string name,
                                  const read_options& options) {
  return detail::read_text(text, text.data(), std::move(name), options);
}

prepared_input::prepared_input(std::unique_ptr<detail::prepared_state> state)
    : state_(std::move(state)) {}
prepared_input::prepared_input(prepared_input&&) noexcept = default;
prepared_input& prepared_input::operator=(prepared_input&&) noexcept = default;
prepared_input::~prepared_input() = default;

std::string_view prepared_input::detected_format() const {
  return state_ ? state_->detected : std::string_view();
}

std::string_view prepared_input::bytes() const {
  return state_ ? std::string_view(state_->bytes) : std::string_view();
}

prepared_input prepare_input(std::string bytes, std::string name, const read_options& options) {
  auto s = std::make_unique<detail::prepared_state>();
  s->bytes = std::move(bytes);
  s->text = s->bytes;
  s->buffer = s->bytes.data();
  s->name = std::move(name);
  s->options = options;
  detail::prepare(*s);
  return prepared_input(std::move(s));
}

result_file read_results(prepared_input input) {
  if (!input.state_) {
    throw error(error_kind::usage, "read_results: a prepared_input read already");
  }
  return detail::read_prepared(*input.state_);
}

std::vector<result_file> read_all_results(prepared_input input) {
  if (!input.state_) {
    throw error(error_kind::usage, "read_all_results: a prepared_input read already");
  }
  return detail::read_all_prepared(*input.state_);
}

result_file read_results_file(const std::string& path, const read_options& options) {
  // The text read is this function's own: the reader may overwrite it.
  if (path == "-") {
    auto text = detail::read_stream(std::cin, "-", options);
    return read_results_in_place(text, "-", options);
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    if (is_graphs_folder_name(path)) {
      auto text = read_graphs_folder(path, options);
      return read_results_in_place(text, path, options);
    }
    throw parse_error(path, {}, "is a directory; expected a result file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw parse_error(path, {}, "cannot open: " + std::generic_category().message(errno));
  }
  // A regular file too large is refused before any of it is read.
  if (auto size = std::filesystem::file_size(path, ec); !ec && size > options.max_input_bytes) {
    throw parse_error(path, {}, detail::too_large(size, options.max_input_bytes),
                      error_kind::limit);
  }
  auto text = detail::read_stream(in, path, options);
  return read_results_in_place(text, path, options);
}

}  // namespace iosr
