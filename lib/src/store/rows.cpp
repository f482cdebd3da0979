// SPDX-License-Identifier: MIT
// What every backend stores the same way (rows.hpp).
#include "store/rows.hpp"

#include <algorithm>
#include <ctime>
#include <nlohmann/json.hpp>

#include "iosr/trend.hpp"
#include "strings.hpp"

namespace iosr::db {

namespace {
using json = nlohmann::ordered_json;
}  // namespace

std::string fields_json(const std::vector<field>& fields) {
  json o = json::object();
  for (const auto& f : fields) {
    auto it = o.find(f.key);
    if (it == o.end()) {
      o[f.key] = f.value;
    } else if (it->is_array()) {
      it->push_back(f.value);
    } else {
      *it = json::array({*it, f.value});
    }
  }
  // Bytes that are not UTF-8 cannot be JSON text: they become U+FFFD here (docs/db.md).
  return o.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::vector<field> fields_from_json(std::string_view text) {
  std::vector<field> out;
  auto o = json::parse(text, nullptr, false);
  if (!o.is_object()) return out;
  for (const auto& [key, value] : o.items()) {
    if (value.is_array()) {
      for (const auto& v : value) out.push_back({key, v.is_string() ? v.get<std::string>() : ""});
    } else if (value.is_string()) {
      out.push_back({key, value.get<std::string>()});
    }
  }
  return out;
}

std::string kernel_of(const system& s) {
  for (const auto& f : s.software) {
    if (f.key == "Kernel") return f.value;
  }
  return {};
}

std::string pts_version_of(const result_file& file) {
  constexpr std::string_view prefix = "Phoronix Test Suite v";
  if (file.test_client.starts_with(prefix)) return file.test_client.substr(prefix.size());
  for (const auto& s : file.systems) {
    if (!s.client_version.empty()) return s.client_version;
  }
  return {};
}

direction direction_from(std::string_view s) {
  return from_string<direction>(s).value_or(direction::none);
}

entry_kind kind_from(std::string_view s) {
  return from_string<entry_kind>(s).value_or(entry_kind::number);
}

std::string joined_samples(const entry& e) {
  std::string samples;
  for (const auto& sample : e.samples) {
    if (!samples.empty()) samples += ':';
    samples += sample;
  }
  return samples;
}

std::vector<std::string> split_samples(std::string_view samples) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= samples.size()) {
    auto end = samples.find(':', start);
    if (end == std::string_view::npos) end = samples.size();
    out.emplace_back(samples.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm t{};
  gmtime_r(&now, &t);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M:%S", &t);
  return buffer;
}

}  // namespace iosr::db
