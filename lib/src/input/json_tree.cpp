// SPDX-License-Identifier: MIT
// The JSON tree of json_tree.hpp, built from nlohmann-json's SAX events with the offsets
// counted alongside.
#include "input/json_tree.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <nlohmann/json.hpp>

#include "number.hpp"

namespace iosr::detail {

json_value::json_value(json_value&&) noexcept = default;
json_value& json_value::operator=(json_value&&) noexcept = default;

json_value::~json_value() {
  if (members.empty() && items.empty()) return;
  // The children move to a worklist, so that each value is destroyed with no children left.
  std::vector<json_value> pending;
  auto adopt = [&pending](json_value& v) {
    for (auto& m : v.members) pending.push_back(std::move(m.value));
    for (auto& i : v.items) pending.push_back(std::move(i));
    v.members.clear();
    v.items.clear();
  };
  adopt(*this);
  while (!pending.empty()) {
    json_value v = std::move(pending.back());
    pending.pop_back();
    adopt(v);
  }
}

const json_value* json_value::find(std::string_view key) const {
  const json_value* found = nullptr;
  for (const auto& [name, value] : members) {
    if (name == key) found = &value;
  }
  return found;
}

std::string to_json_text(const json_value& value) {
  switch (value.kind) {
    case json_value::type::null:
      return "null";
    case json_value::type::boolean:
    case json_value::type::number:
      return value.text;
    case json_value::type::string:
      return nlohmann::json(value.text).dump();
    case json_value::type::array: {
      std::string out = "[";
      for (const auto& item : value.items) {
        if (out.size() > 1) out += ',';
        out += to_json_text(item);
      }
      return out + ']';
    }
    case json_value::type::object: {
      std::string out = "{";
      for (const auto& [name, member] : value.members) {
        if (out.size() > 1) out += ',';
        out += nlohmann::json(name).dump() + ':' + to_json_text(member);
      }
      return out + '}';
    }
  }
  return {};
}

namespace {

// A character iterator that tells how far nlohmann's lexer has read: the SAX events carry no
// positions, but each one comes right after the lexer read the token's last character (and,
// after a number, the character that ends it).
struct counting_iterator {
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  const char* at = nullptr;
  const char* begin = nullptr;
  std::size_t* consumed = nullptr;

  reference operator*() const { return *at; }
  counting_iterator& operator++() {
    ++at;
    *consumed = static_cast<std::size_t>(at - begin);
    return *this;
  }
  counting_iterator operator++(int) {
    auto before = *this;
    ++*this;
    return before;
  }
  bool operator==(const counting_iterator& other) const { return at == other.at; }
};

bool is_number_char(char c) {
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// Builds the tree from nlohmann's SAX events (the interface nlohmann::json::sax_parse wants).
class tree_builder {
 public:
  tree_builder(std::string_view text, const std::size_t& consumed, std::size_t max_depth,
               json_parse& out)
      : text_(text), consumed_(consumed), max_depth_(max_depth), out_(out) {}

  bool null() { return add(literal(json_value::type::null, "", 4)); }
  bool boolean(bool b) {
    return add(b ? literal(json_value::type::boolean, "true", 4)
                 : literal(json_value::type::boolean, "false", 5));
  }
  bool number_integer(std::int64_t) { return add(number(false)); }
  bool number_unsigned(std::uint64_t) { return add(number(true)); }
  bool number_float(double, const std::string&) { return add(number(false)); }
  bool string(std::string& s) {
    json_value v;
    v.kind = json_value::type::string;
    v.text = std::move(s);
    v.offset = opening_quote(consumed_ - 1);
    return add(std::move(v));
  }
  bool binary(nlohmann::json::binary_t&) { return false; }  // JSON text has none
  bool start_object(std::size_t) { return open(json_value::type::object); }
  bool start_array(std::size_t) { return open(json_value::type::array); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(std::string& k) {
    key_ = std::move(k);
    key_offset_ = opening_quote(consumed_ - 1);
    return true;
  }
  bool parse_error(std::size_t position, const std::string& token,
                   const nlohmann::json::exception& e) {
    auto& error = out_.error;
    error.what = e.what();
    if (e.id == 406) {  // number overflow: `position` ends at the number
      error.kind = json_error::type::too_large;
      error.offset = position - token.size();
      error.token = token;
    } else {  // `position` counts the byte that failed (or the end of the input)
      error.kind = json_error::type::syntax;
      error.offset = position > 0 ? position - 1 : 0;
    }
    return false;
  }

 private:
  json_value literal(json_value::type kind, std::string_view text, std::size_t length) const {
    json_value v;
    v.kind = kind;
    v.text = text;
    v.offset = consumed_ - length;
    return v;
  }

  // The lexer has read the character after the number too, unless the number ends the text.
  json_value number(bool is_unsigned) const {
    auto end = consumed_ == text_.size() && is_number_char(text_[consumed_ - 1]) ? consumed_
                                                                                 : consumed_ - 1;
    auto begin = end;
    while (begin > 0 && is_number_char(text_[begin - 1])) --begin;
    json_value v;
    v.kind = json_value::type::number;
    v.is_unsigned = is_unsigned;
    v.text = text_.substr(begin, end - begin);
    v.offset = begin;
    return v;
  }

  // The `"` that opens the string whose closing quote is at `close`: the nearest one before it
  // that an even number of backslashes precedes.
  std::size_t opening_quote(std::size_t close) const {
    for (auto i = close; i-- > 0;) {
      if (text_[i] != '"') continue;
      std::size_t backslashes = 0;
      while (backslashes < i && text_[i - 1 - backslashes] == '\\') ++backslashes;
      if (backslashes % 2 == 0) return i;
    }
    return 0;
  }

  bool add(json_value v) {
    if (stack_.empty()) {
      v.member_offset = v.offset;
      out_.root = std::move(v);
      return true;
    }
    auto& parent = *stack_.back();
    if (parent.is_object()) {
      v.member_offset = key_offset_;
      parent.members.push_back({std::move(key_), std::move(v)});
    } else {
      v.member_offset = v.offset;
      parent.items.push_back(std::move(v));
    }
    return true;
  }

  json_value& last_added() {
    if (stack_.empty()) return out_.root;
    auto& parent = *stack_.back();
    return parent.is_object() ? parent.members.back().value : parent.items.back();
  }

  bool open(json_value::type kind) {
    if (stack_.size() == max_depth_) {
      out_.error.kind = json_error::type::too_deep;
      out_.error.offset = consumed_ - 1;
      return false;
    }
    json_value v;
    v.kind = kind;
    v.offset = consumed_ - 1;
    add(std::move(v));
    // Only the innermost open container grows, so pointers to the open ones stay valid.
    stack_.push_back(&last_added());
    return true;
  }

  bool close() {
    stack_.pop_back();
    return true;
  }

  std::string_view text_;
  const std::size_t& consumed_;
  std::size_t max_depth_;
  json_parse& out_;
  std::vector<json_value*> stack_;
  std::string key_;
  std::size_t key_offset_ = 0;
};

}  // namespace

json_parse parse_json_tree(std::string_view text, std::size_t max_depth) {
  json_parse result;
  std::size_t consumed = 0;
  tree_builder builder(text, consumed, max_depth, result);
  counting_iterator first{text.data(), text.data(), &consumed};
  counting_iterator last{text.data() + text.size(), text.data(), &consumed};
  if (!nlohmann::json::sax_parse(first, last, &builder) && result.ok()) {
    result.error.kind = json_error::type::syntax;  // a SAX event refused the input (binary)
  }
  return result;
}

}  // namespace iosr::detail

namespace iosr::detail {

namespace {

// nlohmann's message without its `[json.exception.parse_error.101] parse error at line 1,
// column 2: `: the position is the error's own.
std::string_view core_message(std::string_view what) {
  if (auto id_end = what.find("] "); id_end != std::string_view::npos) {
    what.remove_prefix(id_end + 2);
  }
  if (auto colon = what.find(": "); what.starts_with("parse error") && colon != what.npos) {
    what.remove_prefix(colon + 2);
  }
  return what;
}

}  // namespace

json_parse read_json_tree(const reader_context& ctx, const read_options& options,
                          const json_document& expected) {
  auto parsed = parse_json_tree(ctx.text, options.max_json_depth);
  const auto& error = parsed.error;
  const auto where = std::min(error.offset, ctx.text.size());
  switch (error.kind) {
    case json_error::type::none:
      break;
    case json_error::type::syntax:
      ctx.fail(where, "malformed JSON: " + std::string(core_message(error.what)) + "; expected " +
                          std::string(expected.name));
    case json_error::type::too_large:
      ctx.fail(where, "number " + quoted_value(error.token) +
                          " is too large; expected a number that fits a double");
    case json_error::type::too_deep:
      ctx.fail(where,
               "objects and arrays nested more than " + std::to_string(options.max_json_depth) +
                   " deep; expected " + std::string(expected.name) + " (" +
                   std::to_string(expected.levels) + " levels; raise the 'json-depth' limit)",
               error_kind::limit);
  }
  return parsed;
}

}  // namespace iosr::detail
