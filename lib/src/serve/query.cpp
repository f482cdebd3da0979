// SPDX-License-Identifier: MIT
// A request target's query, decoded; values encoded into links (query.hpp).
#include "serve/query.hpp"

#include "utf8.hpp"

namespace iosr::detail {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string decoded(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%') {
      const int high = i + 2 < text.size() ? hex_value(text[i + 1]) : -1;
      const int low = i + 2 < text.size() ? hex_value(text[i + 2]) : -1;
      if (high < 0 || low < 0) {
        throw bad_request{400,
                          "the query has a '%' not followed by two hexadecimal digits; "
                          "expected %XX escapes"};
      }
      out += static_cast<char>(high * 16 + low);
      i += 2;
    } else {
      out += c;
    }
  }
  if (!is_utf8(out)) {
    throw bad_request{400, "the query is not UTF-8 once decoded; expected UTF-8 text"};
  }
  return out;
}

}  // namespace

query_params query_params::parse(std::string_view query, std::size_t max_parameters) {
  query_params q;
  while (!query.empty()) {
    const auto amp = query.find('&');
    const auto part = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    if (part.empty()) continue;
    if (q.pairs_.size() == max_parameters) {
      throw bad_request{400, "the query has more than " + std::to_string(max_parameters) +
                                 " parameters; expected fewer"};
    }
    const auto eq = part.find('=');
    q.pairs_.emplace_back(decoded(part.substr(0, eq)), eq == std::string_view::npos
                                                           ? std::string{}
                                                           : decoded(part.substr(eq + 1)));
  }
  return q;
}

std::string query_params::get(std::string_view name) const {
  for (auto it = pairs_.rbegin(); it != pairs_.rend(); ++it) {
    if (it->first == name) return it->second;
  }
  return {};
}

std::vector<std::string> query_params::all(std::string_view name) const {
  std::vector<std::string> out;
  for (const auto& [key, value] : pairs_) {
    if (key == name) out.push_back(value);
  }
  return out;
}

std::string url_encoded(std::string_view text) {
  static constexpr char digits[] = "0123456789ABCDEF";
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if ((u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '-' ||
        u == '.' || u == '_' || u == '~') {
      out += c;
    } else {
      out += '%';
      out += digits[u >> 4];
      out += digits[u & 15];
    }
  }
  return out;
}

std::string query_string(const std::vector<std::pair<std::string, std::string>>& pairs) {
  std::string out;
  for (const auto& [name, value] : pairs) {
    if (value.empty()) continue;
    if (!out.empty()) out += '&';
    out += url_encoded(name);
    out += '=';
    out += url_encoded(value);
  }
  return out;
}

}  // namespace iosr::detail
