// SPDX-License-Identifier: MIT
// A request target's parts for the site (docs/serve.md): the path and the query's parameters,
// percent-decoded, and the encoding of values into the links the pages write. The HTTP parsing
// itself is cpp-httplib's; this only splits the target that it hands over.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace iosr::detail {

/// A request the site refuses with 4xx: `message` says what was wrong and what was expected.
struct bad_request {
  int status = 400;
  std::string message;
};

class query_params {
 public:
  /// Splits `query` (after the `?`) into name=value pairs. Throws bad_request for a malformed
  /// percent escape, bytes that are not UTF-8, or more than `max_parameters` parameters.
  static query_params parse(std::string_view query, std::size_t max_parameters);
  /// The last value of `name`, or empty.
  std::string get(std::string_view name) const;
  std::vector<std::string> all(std::string_view name) const;
  const std::vector<std::pair<std::string, std::string>>& pairs() const { return pairs_; }

 private:
  std::vector<std::pair<std::string, std::string>> pairs_;
};

/// `text` percent-encoded for a query value (everything but unreserved characters).
std::string url_encoded(std::string_view text);

/// The query string of these pairs, empty values left out: `a=1&b=x%20y`.
std::string query_string(const std::vector<std::pair<std::string, std::string>>& pairs);

}  // namespace iosr::detail
