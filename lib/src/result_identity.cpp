// SPDX-License-Identifier: MIT
#include "result_identity.hpp"

#include <string_view>

#include "strings.hpp"

namespace iosr::detail {

std::string result_identity(const result& r) {
  std::string test = r.test_id;
  if (test.empty()) {
    test = r.title;
  } else if (auto dot = test.rfind('.'); dot != std::string::npos) {
    test.erase(dot);
  }
  std::string key = test;
  for (std::string_view field : {r.arguments, r.description, r.version, r.unit}) {
    key += ',';
    key += php_trim(field);
  }
  return key;
}

}  // namespace iosr::detail
