// SPDX-License-Identifier: MIT
#include "input/blocks/block_reading.hpp"

#include <optional>
#include <unordered_map>
#include <utility>

#include "input/input_formats.hpp"
#include "input/transport/transport.hpp"
#include "iosr/counted.hpp"
#include "iosr/error.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

// The text export finds its charts anywhere in a text by itself; it is the last row.
bool reads_whole_texts(const input_format& f) { return f.name != "pts-text"; }

const input_format* claiming(std::string_view text) {
  for (const auto& f : input_formats()) {
    if (f.sniff(text)) return &f;
  }
  return nullptr;
}

const input_format* named(std::string_view name) {
  for (const auto& f : input_formats()) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

std::string lines_text(const position_map& positions, const found_block& b) {
  auto first = positions.position(b.begin).line;
  auto last = positions.position(b.end > b.begin ? b.end - 1 : b.begin).line;
  if (first == last) return "line " + std::to_string(first);
  return "lines " + std::to_string(first) + "-" + std::to_string(last);
}

std::string where_text(source_position p) {
  return "line " + std::to_string(p.line) + ", column " + std::to_string(p.column);
}

// What was undone to make the block's text, for its `block-found` warning.
std::string undone_text(const found_block& b) {
  std::string s;
  if (!b.prefix.empty()) s += "; the prefix '" + b.prefix + "' of its lines removed";
  if (b.placeholders > 0) {
    s += "; " + counted(b.placeholders, "placeholder line", "placeholder lines") +
         " ('<empty line>') read as empty";
  }
  if (b.annotations > 0) {
    s += "; " + counted(b.annotations, "annotation", "annotations") + " ('<< ...') left out";
  }
  return s;
}

// Where a result read from the text came from, to say once all are read.
struct origin {
  source_position where;
  std::string text;  // "a pts-csv block, lines 3-40; ..." or the text around the blocks
};

}  // namespace

std::vector<claimed_block> blocks_to_read(std::string_view text, const input_format* whole) {
  // A document in markup or JSON that a format claims travels bare (docs/transport.md): read
  // as it is, without looking inside it for blocks.
  auto first = text.find_first_not_of(" \t\r\n");
  if (whole != nullptr && first != std::string_view::npos &&
      (text[first] == '<' || text[first] == '{')) {
    return {};
  }
  std::vector<claimed_block> blocks;
  for (auto& found : find_blocks(text)) {
    const auto* format = claiming(found.text);
    // A PTS JSON export cut off before its results: no format claims what is left of it, but
    // what it is shows, and it is refused rather than passed over.
    // Or what is left after the cut holds neither member, while the lines before the cut do.
    const auto raw = text.substr(found.begin, found.end - found.begin);
    if (format == nullptr && found.cut != std::string::npos && found.shape == "JSON" &&
        (raw.find("\"results\"") != std::string_view::npos ||
         (raw.find("\"systems\"") != std::string_view::npos &&
          raw.find("\"identifier\"") != std::string_view::npos))) {
      format = named(raw.find("\"iosr-result\"") != std::string_view::npos ? "iosr-json" : "pts-json");
      found.nothing_whole = true;
    }
    if (format == nullptr || !reads_whole_texts(*format)) continue;  // no result block
    // A format may claim more than its results (another XML document): not a result block.
    if (format->is_result != nullptr && !format->is_result(found.text)) continue;
    blocks.push_back({std::move(found), format});
  }
  // One plain block of the format that claims the whole text, with nothing around it that shows
  // a paste (a prompt, a fence): the text is that export, its title and description lines
  // as its reader tells them (they may hold blank lines the block finder stops at). Read whole,
  // as before.
  if (blocks.size() == 1 && whole == blocks[0].format && blocks[0].found.is_plain() &&
      !has_paste_marks(text.substr(0, blocks[0].found.begin)) &&
      !has_paste_marks(text.substr(blocks[0].found.end))) {
    blocks.clear();
  }
  return blocks;
}

std::vector<result_file> read_blocks(const decoded_input& input, std::vector<claimed_block>& blocks,
                                     const input_format* whole, const std::string& name,
                                     const read_options& options) {
  const auto& positions = input.positions();
  std::vector<result_file> results;
  std::vector<origin> origins;
  std::vector<parse_error> failures;
  auto read = [&](auto&& reading, origin o) {
    try {
      results.push_back(reading());
      origins.push_back(std::move(o));
    } catch (const parse_error& e) {
      failures.push_back(e);
    }
  };
  // The text export's charts in the text around the blocks: the blocks blanked out, so that
  // every offset stays the text's.
  if (whole != nullptr && !reads_whole_texts(*whole)) {
    std::string around(input.text());
    for (const auto& b : blocks) {
      for (auto k = b.found.begin; k < b.found.end; ++k) {
        if (around[k] != '\n') around[k] = ' ';
      }
    }
    if (whole->sniff(around)) {
      // Text that only looks like the text export (prose naming a direction) and reads as
      // nothing is no result file: passed over, as the text reader's own detection would.
      const bool result = whole->is_result == nullptr || whole->is_result(around);
      try {
        results.push_back(read_as(*whole, around, positions, input.warnings(), name, options));
        origins.push_back(
            {positions.position(0), "the charts of PTS's text export around the blocks"});
      } catch (const parse_error& e) {
        if (result) failures.push_back(e);
      }
    }
  }
  // A block repeated byte for byte (a reply that quotes the mail before it) is one result file.
  std::unordered_map<std::string_view, std::size_t> seen;  // text -> index in results
  for (auto& [found, format] : blocks) {
    const auto at = positions.position(found.begin);
    auto lines = lines_text(positions, found);
    if (auto same = seen.find(found.text); same != seen.end()) {
      results[same->second].warnings.push_back({at, message_code::block_repeated,
                                                "the same " + std::string(format->name) +
                                                    " block again at " + lines +
                                                    "; read once, as one result file"});
      continue;
    }
    if (found.nothing_whole) {
      failures.emplace_back(name, positions.position(found.cut),
                            "the " + std::string(format->name) + " block at " + lines +
                                " is cut off here before anything in it is whole; not read");
      continue;
    }
    std::vector<warning> before(input.warnings().begin(), input.warnings().end());
    if (found.cut != std::string::npos) {
      before.push_back({positions.position(found.cut), message_code::block_cut,
                        "the " + std::string(format->name) +
                            " block is cut off here; read up to its last whole " +
                            (found.shape == "XML" ? "<Result>" : "system or result") +
                            ", which ends at " + where_text(positions.position(found.last_whole)) +
                            ", and closed after it: what came after is not read"});
    }
    auto text = std::string_view(found.text);
    auto block_positions = position_map(positions, std::move(found.map));
    auto size = results.size();
    const auto cut_at =
        found.cut != std::string::npos ? positions.position(found.cut) : source_position{};
    auto reading = [&] {
      auto file = read_as(*format, text, block_positions, before, name, options);
      if (found.cut != std::string::npos && file.results.empty()) {
        throw parse_error(name, cut_at,
                          "the " + std::string(format->name) + " block at " + lines +
                              " is cut off here before any whole result; not read");
      }
      return file;
    };
    read(reading, {at, "a " + std::string(format->name) + " block, " + lines + undone_text(found)});
    if (results.size() > size) seen.emplace(text, size);
  }
  if (results.empty()) {
    if (!failures.empty()) throw failures.front();
    throw parse_error(name, {}, "no result block could be read");
  }
  // Where each came from, first after the transport's warnings, now that the count is known.
  const auto transport = input.warnings().size();
  for (std::size_t i = 0; i < results.size(); ++i) {
    auto& w = results[i].warnings;
    w.insert(w.begin() + static_cast<std::ptrdiff_t>(std::min(transport, w.size())),
             {origins[i].where, message_code::block_found,
              "result file " + std::to_string(i + 1) + " of " + std::to_string(results.size()) +
                  " in this input: " + origins[i].text});
  }
  for (const auto& f : failures) {
    results.front().warnings.push_back(
        {f.where(), message_code::block_not_read, "a block was not read: " + f.message()});
  }
  return results;
}

}  // namespace iosr::detail
