// SPDX-License-Identifier: MIT
#include "result_identity.hpp"

#include <string_view>

#include "strings.hpp"

namespace iosr::detail {

std::string result_identity(const result& r) {
  std::string_view test = r.test_id;
  if (test.empty()) {
    test = r.title;
  } else if (auto dot = test.rfind('.'); dot != std::string_view::npos) {
    test = test.substr(0, dot);
  }
  const std::string_view fields[] = {php_trim(r.arguments), php_trim(r.description),
                                     php_trim(r.version), php_trim(r.unit)};
  std::size_t size = test.size();
  for (auto field : fields) size += 1 + field.size();
  std::string key;
  key.reserve(size);  // one allocation: this runs once per chart of every file read
  key += test;
  for (auto field : fields) {
    key += ',';
    key += field;
  }
  return key;
}

}  // namespace iosr::detail
