// SPDX-License-Identifier: MIT
#include "input/pts_json/json_tree.hpp"

#include <iterator>
#include <nlohmann/json.hpp>

namespace iosr::detail {

const json_value* json_value::find(std::string_view key) const {
  const json_value* found = nullptr;
  for (const auto& [name, value] : members) {
    if (name == key) found = &value;
  }
  return found;
}

std::string to_json_text(const json_value& value) {
  switch (value.kind) {
    case json_value::type::null: return "null";
    case json_value::type::boolean:
    case json_value::type::number: return value.text;
    case json_value::type::string: return nlohmann::json(value.text).dump();
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

constexpr std::size_t max_depth = 200;

// A character iterator that tells how far nlohmann's lexer has read: the SAX events carry no
// positions, but each one comes right after the lexer read the token's last character.
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

// Builds the tree from nlohmann's SAX events (the interface nlohmann::json::sax_parse wants).
class tree_builder {
 public:
  tree_builder(std::string_view text, const std::size_t& consumed, json_parse& out)
      : text_(text), consumed_(consumed), out_(out) {}

  bool null() { return add(json_value{}); }
  bool boolean(bool b) { return add(scalar(json_value::type::boolean, b ? "true" : "false")); }
  bool number_integer(std::int64_t v) {
    return add(scalar(json_value::type::number, std::to_string(v)));
  }
  bool number_unsigned(std::uint64_t v) {
    return add(scalar(json_value::type::number, std::to_string(v)));
  }
  bool number_float(double, const std::string& written) {
    return add(scalar(json_value::type::number, written));
  }
  bool string(std::string& s) { return add(scalar(json_value::type::string, std::move(s))); }
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
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::json::exception& e) {
    out_.error_offset = position > 0 ? position - 1 : 0;
    out_.error = e.what();
    return false;
  }

 private:
  json_value scalar(json_value::type kind, std::string text) {
    json_value v;
    v.kind = kind;
    v.text = std::move(text);
    return v;
  }

  // The `"` that opens the key whose closing quote is at `close`.
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
      v.offset = consumed_ > 0 ? consumed_ - 1 : 0;
      out_.root = std::move(v);
      return true;
    }
    auto& parent = *stack_.back();
    if (parent.is_object()) {
      v.offset = key_offset_;
      parent.members.push_back({std::move(key_), std::move(v)});
    } else {
      v.offset = consumed_ > 0 ? consumed_ - 1 : 0;
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
    if (stack_.size() == max_depth) {
      out_.error_offset = consumed_ - 1;
      out_.error = "nested deeper than " + std::to_string(max_depth) + " levels";
      return false;
    }
    json_value v;
    v.kind = kind;
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
  json_parse& out_;
  std::vector<json_value*> stack_;
  std::string key_;
  std::size_t key_offset_ = 0;
};

}  // namespace

json_parse parse_json_tree(std::string_view text) {
  json_parse result;
  std::size_t consumed = 0;
  tree_builder builder(text, consumed, result);
  counting_iterator first{text.data(), text.data(), &consumed};
  counting_iterator last{text.data() + text.size(), text.data(), &consumed};
  result.ok = nlohmann::json::sax_parse(first, last, &builder);
  return result;
}

}  // namespace iosr::detail
