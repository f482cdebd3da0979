// SPDX-License-Identifier: MIT
// Reader of iosr's own JSON format: nlohmann-json parses the text, this file checks each member
// of the schema (docs/json.md) and fills the model. Errors name the member, as in
// `"results[3].entries[1].kind"`, at its line and column in the JSON text.
#include "input/iosr_json/iosr_json_reader.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "input/reader_context.hpp"
#include "iosr/error.hpp"

namespace iosr::detail {

namespace {

using json = nlohmann::json;

constexpr std::uint64_t supported_version = 1;
// iosr documents nest 6 levels deep; anything far deeper is hostile input.
constexpr std::size_t max_depth = 64;

bool is_json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// ---- The path of a member: a chain of frames on the stack, spelled out only for errors ------

struct json_path {
  enum class step { root, member, element };
  const json_path* parent = nullptr;
  step kind = step::root;
  std::string_view key;   // step::member
  std::size_t index = 0;  // step::element

  json_path member(std::string_view name) const { return {this, step::member, name, 0}; }
  json_path element(std::size_t i) const { return {this, step::element, {}, i}; }

  /// The steps below the root, outermost first.
  std::vector<const json_path*> steps() const {
    std::vector<const json_path*> out;
    for (const json_path* p = this; p->kind != step::root; p = p->parent) out.push_back(p);
    return {out.rbegin(), out.rend()};
  }

  /// `results[3].entries[1].kind`
  std::string spelled() const {
    std::string out;
    for (const json_path* p : steps()) {
      if (p->kind == step::element) {
        out += '[' + std::to_string(p->index) + ']';
      } else {
        if (!out.empty()) out += '.';
        out += p->key;
      }
    }
    return out;
  }
};

// ---- Scans of the raw text: nesting depth before parsing, member offsets for errors ---------

std::size_t skip_space(std::string_view text, std::size_t i) {
  while (i < text.size() && is_json_space(text[i])) ++i;
  return i;
}

// From the opening quote to just past the closing one.
std::size_t skip_string(std::string_view text, std::size_t i) {
  for (++i; i < text.size() && text[i] != '"'; ++i) {
    if (text[i] == '\\') ++i;
  }
  return i + 1;
}

// The offset of the first `{` or `[` that opens level max_depth + 1, if any.
std::optional<std::size_t> find_too_deep(std::string_view text) {
  std::size_t depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      i = skip_string(text, i) - 1;
    } else if (c == '{' || c == '[') {
      if (++depth > max_depth) return i;
    } else if ((c == '}' || c == ']') && depth > 0) {
      --depth;
    }
  }
  return std::nullopt;
}

// The following scans run only on text nlohmann accepted, so they need no error handling.

std::size_t skip_value(std::string_view text, std::size_t i) {
  if (text[i] == '"') return skip_string(text, i);
  if (text[i] != '{' && text[i] != '[') {
    while (i < text.size() && !is_json_space(text[i]) && text[i] != ',' && text[i] != '}' &&
           text[i] != ']') {
      ++i;
    }
    return i;
  }
  std::size_t depth = 0;
  for (; i < text.size(); ++i) {
    if (text[i] == '"') {
      i = skip_string(text, i) - 1;
    } else if (text[i] == '{' || text[i] == '[') {
      ++depth;
    } else if ((text[i] == '}' || text[i] == ']') && --depth == 0) {
      return i + 1;
    }
  }
  return i;
}

// The offset of one step's value inside the object or array at `at`.
std::optional<std::size_t> find_step(std::string_view text, std::size_t at, const json_path& s) {
  const bool member = s.kind == json_path::step::member;
  if (at >= text.size() || text[at] != (member ? '{' : '[')) return std::nullopt;
  std::optional<std::size_t> found;
  std::size_t i = skip_space(text, at + 1);
  for (std::size_t n = 0; i < text.size() && text[i] != '}' && text[i] != ']'; ++n) {
    if (member) {
      const auto key_end = skip_string(text, i);
      const bool match = text.substr(i + 1, key_end - i - 2) == s.key;
      i = skip_space(text, skip_space(text, key_end) + 1);  // past the `:`
      if (match) found = i;  // keep looking: the last of duplicate members is the one read
    } else if (n == s.index) {
      return i;
    }
    i = skip_space(text, skip_value(text, i));
    if (i < text.size() && text[i] == ',') i = skip_space(text, i + 1);
  }
  return found;
}

// The offset of the value at `path`; for a missing member, the object that lacks it.
std::size_t locate(std::string_view text, const json_path& path) {
  std::size_t at = skip_space(text, 0);
  for (const json_path* s : path.steps()) {
    auto next = find_step(text, at, *s);
    if (!next) break;
    at = *next;
  }
  return at;
}

// ---- Parsing ---------------------------------------------------------------------------------

// Takes the first error nlohmann reports, with its byte offset (a parse that throws gives no
// offset for a number too large for a double).
struct first_error : nlohmann::json_sax<json> {
  std::size_t offset = 0;
  std::string message = "invalid JSON";

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }

  bool parse_error(std::size_t chars_read, const std::string& token,
                   const json::exception& error) override {
    if (error.id == 406) {  // number overflow: chars_read ends at the number
      offset = chars_read - token.size();
      message = "number " + token + " is too large; expected a number that fits a double";
    } else {  // chars_read counts the byte that failed (or the end of the input)
      offset = chars_read == 0 ? 0 : chars_read - 1;
      // Drop nlohmann's `[json.exception.parse_error.101] parse error at line 1, column 2: `.
      std::string_view what = error.what();
      if (auto id_end = what.find("] "); id_end != std::string_view::npos) {
        what.remove_prefix(id_end + 2);
      }
      if (auto colon = what.find(": "); what.starts_with("parse error") && colon != what.npos) {
        what.remove_prefix(colon + 2);
      }
      message = "invalid JSON: " + std::string(what);
    }
    return false;
  }
};

json parse_json(std::string_view text, const std::string& name, const position_map& lines) {
  if (auto deep = find_too_deep(text)) {
    throw parse_error(name, lines.position(*deep),
                      "objects and arrays nested more than " + std::to_string(max_depth) +
                          " deep; expected an iosr-json document (6 levels)");
  }
  auto doc = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (!doc.is_discarded()) return doc;
  first_error error;
  json::sax_parse(text.begin(), text.end(), &error);
  throw parse_error(name, lines.position(std::min(error.offset, text.size())),
                    error.message);
}

// ---- From the parsed document to the model ---------------------------------------------------

std::string_view type_of(const json& value) {
  switch (value.type()) {
    case json::value_t::object:
      return "an object";
    case json::value_t::array:
      return "an array";
    case json::value_t::string:
      return "a string";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::null:
      return "null";
    default:
      return "a number";
  }
}

// A string for an error message: quoted and cut at 40 bytes (on a UTF-8 boundary).
std::string excerpt(std::string_view s) {
  if (s.size() <= 40) return '"' + std::string(s) + '"';
  std::size_t cut = 40;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return '"' + std::string(s.substr(0, cut)) + "...\"";
}

std::string got(const json& value) {
  if (value.is_string()) return "got " + excerpt(value.get_ref<const std::string&>());
  if (value.is_number()) return "got " + value.dump();
  return std::string("got ") + std::string(type_of(value));
}

class document_reader {
 public:
  explicit document_reader(const reader_context& ctx)
      : text_(ctx.text), name_(ctx.name), lines_(ctx.lines), max_entries_(ctx.max_entries) {}

  source_position position_of(const json_path& at) const {
    return lines_.position(locate(text_, at));
  }

  [[noreturn]] void fail(const json_path& at, const std::string& message) const {
    if (at.kind == json_path::step::root) throw parse_error(name_, position_of(at), message);
    throw parse_error(name_, position_of(at), '"' + at.spelled() + "\": " + message);
  }

  // Members: a missing one reads as the model's default, unless it is required.

  const json* find(const json& object, const json_path& path, std::string_view key, bool required,
                   std::string_view expected) const {
    auto it = object.find(key);
    if (it != object.end()) return &*it;
    if (required) fail(path.member(key), "missing; expected " + std::string(expected));
    return nullptr;
  }

  std::string text(const json& object, const json_path& path, std::string_view key,
                   bool required = false) const {
    const json* value = find(object, path, key, required, "a string");
    if (value == nullptr) return {};
    if (!value->is_string()) fail(path.member(key), "expected a string, " + got(*value));
    return value->get<std::string>();
  }

  // JSON has no NaN or infinity; the writer spells them as these strings.
  std::optional<double> number(const json& object, const json_path& path,
                               std::string_view key) const {
    const json* value = find(object, path, key, false, "");
    if (value == nullptr) return std::nullopt;
    if (value->is_number()) return value->get<double>();
    if (*value == "NaN") return std::numeric_limits<double>::quiet_NaN();
    if (*value == "Infinity") return std::numeric_limits<double>::infinity();
    if (*value == "-Infinity") return -std::numeric_limits<double>::infinity();
    fail(path.member(key),
         "expected a number (or \"NaN\", \"Infinity\", \"-Infinity\"), " + got(*value));
  }

  std::optional<std::size_t> count(const json& object, const json_path& path,
                                   std::string_view key) const {
    const json* value = find(object, path, key, false, "");
    if (value == nullptr) return std::nullopt;
    if (!value->is_number_unsigned()) {
      fail(path.member(key), "expected a whole number 0 or greater, " + got(*value));
    }
    return value->get<std::size_t>();
  }

  // Calls read(element, element_path) for each element of the array member `key`.
  template <typename Read>
  void each(const json& object, const json_path& path, std::string_view key, Read read) const {
    const json* array = find(object, path, key, false, "");
    if (array == nullptr) return;
    const auto at = path.member(key);
    if (!array->is_array()) fail(at, "expected an array, " + got(*array));
    for (std::size_t i = 0; i < array->size(); ++i) read((*array)[i], at.element(i));
  }

  // Checks that `value` is an object before its members are read.
  const json& as_object(const json& value, const json_path& path) const {
    if (!value.is_object()) fail(path, "expected an object, " + got(value));
    return value;
  }

  source_position position(const json& object, const json_path& path) const {
    const json* value = find(object, path, "where", false, "");
    if (value == nullptr) return {};
    const auto at = path.member("where");
    const json& where = as_object(*value, at);
    return {count(where, at, "line").value_or(0), count(where, at, "column").value_or(0)};
  }

  std::vector<field> fields(const json& object, const json_path& path, std::string_view key) const {
    std::vector<field> out;
    each(object, path, key, [&](const json& value, const json_path& at) {
      const json& f = as_object(value, at);
      out.push_back({text(f, at, "key"), text(f, at, "value")});
    });
    return out;
  }

  system read_system(const json& value, const json_path& at) const {
    const json& s = as_object(value, at);
    system out;
    out.label = text(s, at, "label", true);
    out.group = text(s, at, "group");
    out.name = text(s, at, "name");
    out.scheduler = text(s, at, "scheduler");
    out.hardware = fields(s, at, "hardware");
    out.software = fields(s, at, "software");
    out.user = text(s, at, "user");
    out.timestamp = text(s, at, "timestamp");
    out.client_version = text(s, at, "client_version");
    out.notes = text(s, at, "notes");
    out.json = text(s, at, "json");
    out.cost = text(s, at, "cost");
    out.where = position(s, at);
    return out;
  }

  entry_kind read_kind(const json& object, const json_path& path) const {
    const auto name = text(object, path, "kind", true);
    for (auto k : {entry_kind::number, entry_kind::pass_fail, entry_kind::series, entry_kind::text,
                   entry_kind::failed}) {
      if (to_string(k) == name) return k;
    }
    fail(path.member("kind"),
         "expected one of number, pass_fail, series, text, failed; got " + excerpt(name));
  }

  iosr::direction read_direction(const json& object, const json_path& path) const {
    const auto name = text(object, path, "direction");
    for (auto d : {direction::none, direction::higher, direction::lower}) {
      if (to_string(d) == name) return d;
    }
    fail(path.member("direction"),
         "expected \"higher\", \"lower\" or \"\" (not known); got " + excerpt(name));
  }

  entry read_entry(const json& value, const json_path& at) const {
    const json& e = as_object(value, at);
    entry out;
    out.label = text(e, at, "label", true);
    out.kind = read_kind(e, at);
    out.value_text = text(e, at, "value_text");
    out.value = number(e, at, "value");
    out.min = number(e, at, "min");
    out.max = number(e, at, "max");
    each(e, at, "samples", [&](const json& sample, const json_path& sample_at) {
      if (!sample.is_string()) fail(sample_at, "expected a string, " + got(sample));
      out.samples.push_back(sample.get<std::string>());
    });
    out.standard_error = number(e, at, "standard_error");
    out.sample_count = count(e, at, "sample_count");
    out.error = text(e, at, "error");
    out.json = text(e, at, "json");
    out.where = position(e, at);
    return out;
  }

  result read_result(const json& value, const json_path& at) const {
    const json& r = as_object(value, at);
    result out;
    out.title = text(r, at, "title");
    out.version = text(r, at, "version");
    out.description = text(r, at, "description");
    out.unit = text(r, at, "unit");
    out.direction = read_direction(r, at);
    out.display_format = text(r, at, "display_format");
    out.test_id = text(r, at, "test_id");
    out.arguments = text(r, at, "arguments");
    out.annotation = text(r, at, "annotation");
    out.parent = text(r, at, "parent");
    each(r, at, "entries", [&](const json& e, const json_path& e_at) {
      // Worded as every reader words it, at the entry that passes the limit.
      if (out.entries.size() >= max_entries_) {
        throw parse_error(name_, position_of(e_at), too_many_entries(out.title, max_entries_));
      }
      out.entries.push_back(read_entry(e, e_at));
    });
    out.where = position(r, at);
    return out;
  }

  void check_header(const json& doc, const json_path& root) const {
    if (const auto format = text(doc, root, "format", true); format != "iosr-result") {
      fail(root.member("format"), "expected \"iosr-result\"; got " + excerpt(format));
    }
    const json* version = find(doc, root, "version", true, "the format version 1");
    if (!version->is_number_unsigned() || version->get<std::uint64_t>() == 0) {
      fail(root.member("version"), "expected the format version 1, " + got(*version));
    }
    if (version->get<std::uint64_t>() > supported_version) {
      fail(root.member("version"), "version " + version->dump() +
                                       " is newer than this iosr reads; expected version " +
                                       std::to_string(supported_version));
    }
  }

  result_file read_file(const json& doc) const {
    const json_path root;
    if (!doc.is_object()) fail(root, "expected an iosr-json object, " + got(doc));
    check_header(doc, root);
    // `source` tells where the model came from; the model read back names this file instead.
    if (const json* source = find(doc, root, "source", false, "")) {
      const auto at = root.member("source");
      text(as_object(*source, at), at, "name");
      text(*source, at, "format");
    }
    result_file out;
    out.title = text(doc, root, "title");
    out.description = text(doc, root, "description");
    out.last_modified = text(doc, root, "last_modified");
    out.test_client = text(doc, root, "test_client");
    out.notes = text(doc, root, "notes");
    out.internal_tags = text(doc, root, "internal_tags");
    out.reference_id = text(doc, root, "reference_id");
    out.preset_environment = text(doc, root, "preset_environment");
    each(doc, root, "systems",
         [&](const json& s, const json_path& at) { out.systems.push_back(read_system(s, at)); });
    each(doc, root, "results",
         [&](const json& r, const json_path& at) { out.results.push_back(read_result(r, at)); });
    each(doc, root, "warnings", [&](const json& value, const json_path& at) {
      const json& w = as_object(value, at);
      out.warnings.push_back({position(w, at), text(w, at, "message", true)});
    });
    return out;
  }

 private:
  std::string_view text_;
  const std::string& name_;
  const position_map& lines_;
  std::size_t max_entries_;
};

}  // namespace

bool sniff_iosr_json(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  while (!text.empty() && is_json_space(text.front())) text.remove_prefix(1);
  if (!text.starts_with('{')) return false;
  const auto head = text.substr(0, 256);
  return head.find("\"format\": \"iosr-result\"") != std::string_view::npos ||
         head.find("\"format\":\"iosr-result\"") != std::string_view::npos;
}

void read_iosr_json(reader_context& ctx, const read_options&) {
  auto out = document_reader(ctx).read_file(parse_json(ctx.text, ctx.name, ctx.lines));
  out.source_name = ctx.name;
  out.format = "iosr-json";
  ctx.out = std::move(out);
}

}  // namespace iosr::detail
