// SPDX-License-Identifier: MIT
// Reader of iosr's own JSON format: the JSON tree (input/json_tree.hpp) holds the text with the
// offset of every value, and this file checks each member of the schema table
// (iosr_json_schema.hpp, which the writer walks too; docs/json.md) and fills the model. Errors name
// the member, as in `"results[3].entries[1].kind"`, at its line and column in the JSON text.
#include "input/iosr_json/iosr_json_reader.hpp"

#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "input/json_tree.hpp"
#include "input/reader_context.hpp"
#include "iosr/error.hpp"
#include "iosr_json_schema.hpp"

namespace iosr::detail {

namespace {

constexpr std::uint64_t supported_version = 1;

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

// ---- From the parsed document to the model ---------------------------------------------------

std::string_view type_of(const json_value& value) {
  // By json_value::type: null, boolean, number, string, array, object.
  constexpr std::string_view names[] = {"null",     "a boolean", "a number",
                                        "a string", "an array",  "an object"};
  return names[static_cast<std::size_t>(value.kind)];
}

// A string for an error message: quoted and cut at 40 bytes (on a UTF-8 boundary).
std::string excerpt(std::string_view s) {
  if (s.size() <= 40) return '"' + std::string(s) + '"';
  std::size_t cut = 40;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return '"' + std::string(s.substr(0, cut)) + "...\"";
}

std::string got(const json_value& value) {
  if (value.is_string()) return "got " + excerpt(value.text);
  if (value.is_number()) return "got " + value.text;
  return std::string("got ") + std::string(type_of(value));
}

bool is_string(const json_value& value, std::string_view text) {
  return value.is_string() && value.text == text;
}

class document_reader {
 public:
  explicit document_reader(const reader_context& ctx) : ctx_(ctx) {}

  // Errors are placed at the value at `at`; a missing member at the object that lacks it.
  [[noreturn]] void fail(std::size_t offset, const json_path& at,
                         const std::string& message) const {
    if (at.kind == json_path::step::root) ctx_.fail(offset, message);
    ctx_.fail(offset, '"' + at.spelled() + "\": " + message);
  }
  [[noreturn]] void fail(const json_value& value, const json_path& at,
                         const std::string& message) const {
    fail(value.offset, at, message);
  }

  // Members: a missing one reads as the model's default, unless it is required.

  const json_value* find(const json_value& object, const json_path& path, std::string_view key,
                         bool required, std::string_view expected) const {
    if (const auto* value = object.find(key)) return value;
    if (required) fail(object, path.member(key), "missing; expected " + std::string(expected));
    return nullptr;
  }

  std::string text(const json_value& object, const json_path& path, std::string_view key,
                   bool required = false) const {
    const json_value* value = find(object, path, key, required, "a string");
    if (value == nullptr) return {};
    if (!value->is_string()) fail(*value, path.member(key), "expected a string, " + got(*value));
    return value->text;
  }

  // JSON has no NaN or infinity; the writer spells them as these strings.
  std::optional<double> number(const json_value& object, const json_path& path,
                               std::string_view key) const {
    const json_value* value = find(object, path, key, false, "");
    if (value == nullptr) return std::nullopt;
    if (value->is_number()) {
      // The lexer accepted the number and found it to fit a double.
      double number = 0;
      const auto& t = value->text;
      std::from_chars(t.data(), t.data() + t.size(), number);
      return number;
    }
    if (is_string(*value, "NaN")) return std::numeric_limits<double>::quiet_NaN();
    if (is_string(*value, "Infinity")) return std::numeric_limits<double>::infinity();
    if (is_string(*value, "-Infinity")) return -std::numeric_limits<double>::infinity();
    fail(*value, path.member(key),
         "expected a number (or \"NaN\", \"Infinity\", \"-Infinity\"), " + got(*value));
  }

  std::optional<std::uint64_t> whole_number(const json_value& value) const {
    std::uint64_t number = 0;
    const auto& t = value.text;
    if (!value.is_number() || !value.is_unsigned) return std::nullopt;
    std::from_chars(t.data(), t.data() + t.size(), number);
    return number;
  }

  std::optional<std::size_t> count(const json_value& object, const json_path& path,
                                   std::string_view key) const {
    const json_value* value = find(object, path, key, false, "");
    if (value == nullptr) return std::nullopt;
    auto number = whole_number(*value);
    if (!number || *number > std::numeric_limits<std::size_t>::max()) {
      fail(*value, path.member(key), "expected a whole number 0 or greater, " + got(*value));
    }
    return static_cast<std::size_t>(*number);
  }

  // Calls read(element, element_path) for each element of the array member `key`.
  template <typename Read>
  void each(const json_value& object, const json_path& path, std::string_view key,
            Read read) const {
    const json_value* array = find(object, path, key, false, "");
    if (array == nullptr) return;
    const auto at = path.member(key);
    if (!array->is_array()) fail(*array, at, "expected an array, " + got(*array));
    for (std::size_t i = 0; i < array->items.size(); ++i) read(array->items[i], at.element(i));
  }

  // Checks that `value` is an object before its members are read.
  const json_value& as_object(const json_value& value, const json_path& path) const {
    if (!value.is_object()) fail(value, path, "expected an object, " + got(value));
    return value;
  }

  // One member's value, by the type of the field it holds (the schema's table says which).

  void get(const json_value& object, const json_path& path, std::string_view key, bool required,
           std::string& out) const {
    out = text(object, path, key, required);
  }
  void get(const json_value& object, const json_path& path, std::string_view key, bool,
           std::optional<double>& out) const {
    out = number(object, path, key);
  }
  void get(const json_value& object, const json_path& path, std::string_view key, bool,
           std::optional<std::size_t>& out) const {
    out = count(object, path, key);
  }
  void get(const json_value& object, const json_path& path, std::string_view key, bool,
           std::size_t& out) const {
    out = count(object, path, key).value_or(0);
  }
  // A flag: `true` or `false`; a missing one is false (the writer leaves false out).
  void get(const json_value& object, const json_path& path, std::string_view key, bool,
           bool& out) const {
    const json_value* value = find(object, path, key, false, "");
    if (value == nullptr) return;
    if (value->kind != json_value::type::boolean) {
      fail(*value, path.member(key), "expected true or false, " + got(*value));
    }
    out = value->text == "true";
  }
  // A member that names one of `values` as to_string() spells it.
  template <class Named, std::size_t N>
  void get_named(const json_value& object, const json_path& path, std::string_view key,
                 bool required, Named& out, const std::array<Named, N>& values,
                 std::string_view expected) const {
    const auto name = text(object, path, key, required);
    for (auto value : values) {
      if (to_string(value) == name) {
        out = value;
        return;
      }
    }
    fail(*object.find(key), path.member(key), std::string(expected) + "; got " + excerpt(name));
  }
  void get(const json_value& object, const json_path& path, std::string_view key, bool required,
           entry_kind& out) const {
    get_named(object, path, key, required, out,
              std::array{entry_kind::number, entry_kind::pass_fail, entry_kind::series,
                         entry_kind::text, entry_kind::failed},
              "expected one of number, pass_fail, series, text, failed");
  }
  void get(const json_value& object, const json_path& path, std::string_view key, bool required,
           iosr::direction& out) const {
    get_named(object, path, key, required, out,
              std::array{direction::none, direction::higher, direction::lower},
              "expected \"higher\", \"lower\" or \"\" (not known)");
  }
  // A warning's code: one this iosr does not know (a later iosr's) or none (an earlier iosr's
  // document) reads as unspecified, so that such documents still read.
  void get(const json_value& object, const json_path& path, std::string_view key, bool required,
           message_code& out) const {
    out = from_string<message_code>(text(object, path, key, required))
              .value_or(message_code::unspecified);
  }
  void get(const json_value& object, const json_path& path, std::string_view key, bool required,
           display_format& out) const {
    out = display_format::from_name(text(object, path, key, required));
  }
  void get(const json_value& object, const json_path& path, std::string_view key, bool,
           std::vector<std::string>& out) const {
    each(object, path, key, [&](const json_value& item, const json_path& at) {
      if (!item.is_string()) fail(item, at, "expected a string, " + got(item));
      out.push_back(item.text);
    });
  }
  template <iosr_json::object_type T>
  void get(const json_value& object, const json_path& path, std::string_view key, bool required,
           T& out) const {
    if (const json_value* value = find(object, path, key, required, "an object")) {
      out = read_object<T>(*value, path.member(key));
    }
  }
  template <iosr_json::object_type T>
  void get(const json_value& object, const json_path& path, std::string_view key, bool,
           std::vector<T>& out) const {
    each(object, path, key, [&](const json_value& item, const json_path& at) {
      out.push_back(read_object<T>(item, at));
    });
  }

  // A chart's entries are refused at the one that passes the `entries` limit, worded as every
  // reader words it.
  void get_entries(const json_value& object, const json_path& path, std::string_view key,
                   result& chart) const {
    each(object, path, key, [&](const json_value& item, const json_path& at) {
      if (chart.entries.size() >= ctx_.max_entries) {
        ctx_.fail(item.offset, too_many_entries(chart.title, ctx_.max_entries), error_kind::limit);
      }
      chart.entries.push_back(read_object<entry>(item, at));
    });
  }

  // Every member of T's object, in the schema's order: a missing one reads as the model's
  // default, unless it is required.
  template <iosr_json::object_type T>
  T read_object(const json_value& value, const json_path& at) const {
    const json_value& object = as_object(value, at);
    T out;
    read_members(object, at, out);
    return out;
  }

  template <iosr_json::object_type T>
  void read_members(const json_value& object, const json_path& at, T& out) const {
    iosr_json::for_each_member<T>([&](const auto& m) {
      using field_type = typename std::decay_t<decltype(m)>::field_type;
      if constexpr (std::is_same_v<field_type, std::vector<entry>>) {
        get_entries(object, at, m.key, out);
      } else {
        get(object, at, m.key, m.required, out.*m.field);
      }
    });
  }

  void check_header(const json_value& doc, const json_path& root) const {
    if (const auto format = text(doc, root, "format", true); format != "iosr-result") {
      fail(*doc.find("format"), root.member("format"),
           "expected \"iosr-result\"; got " + excerpt(format));
    }
    const json_value* version = find(doc, root, "version", true, "the format version 1");
    const auto number = whole_number(*version);
    if (!number || *number == 0) {
      fail(*version, root.member("version"), "expected the format version 1, " + got(*version));
    }
    if (*number > supported_version) {
      fail(*version, root.member("version"),
           "version " + version->text + " is newer than this iosr reads; expected version " +
               std::to_string(supported_version));
    }
  }

  // Into `out`, whose source_name and format (this file's, not the written model's) are kept.
  void read_file(const json_value& doc, result_file& out) const {
    const json_path root;
    if (!doc.is_object()) fail(doc, root, "expected an iosr-json object, " + got(doc));
    check_header(doc, root);
    // `source` tells where the model came from; the model read back names this file instead.
    if (const json_value* source = find(doc, root, "source", false, "")) {
      const auto at = root.member("source");
      text(as_object(*source, at), at, "name");
      text(*source, at, "format");
    }
    read_members(doc, root, out);
  }

 private:
  const reader_context& ctx_;
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

void read_iosr_json(reader_context& ctx, const read_options& options) {
  const auto parsed = read_json_tree(ctx, options, {"an iosr-json document", 6});
  document_reader(ctx).read_file(parsed.root, ctx.out);
}

}  // namespace iosr::detail
