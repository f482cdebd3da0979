// SPDX-License-Identifier: MIT
// The rows a file adds (writing.hpp), once for every backend.
#include "store/writing.hpp"

#include <algorithm>
#include <cstddef>
#include <string>

namespace iosr::db {

std::size_t column_count(std::string_view columns) {
  return 1 + static_cast<std::size_t>(std::count(columns.begin(), columns.end(), ','));
}

std::string insert_into(std::string_view table, std::string_view columns, std::size_t rows) {
  std::string values;
  const auto count = column_count(columns);
  for (std::size_t r = 0; r < rows; ++r) {
    values += r == 0 ? "(" : "), (";
    for (std::size_t i = 1; i <= count; ++i) {
      values += (i == 1 ? "$" : ", $") + std::to_string(r * count + i);
    }
  }
  return "INSERT INTO " + std::string(table) + " (" + std::string(columns) + ") VALUES " + values +
         ")";
}

file_rows file_rows_of(const store_addition& a) {
  file_rows out;
  const auto& file = *a.file;
  for (std::size_t i = 0; i < file.systems.size(); ++i) {
    out.systems.emplace_back(a.ids->systems[i], &file.systems[i]);
    out.label_identity.try_emplace(file.systems[i].label, a.ids->systems[i]);
  }
  for (const auto& r : file.results) {
    for (std::size_t i = 0; i < r.entries.size(); ++i) {
      const auto& e = r.entries[i];
      // Mostly the label of the file's system at the entry's position, which is in already:
      // compared, not hashed (a million entries' import looked up every label).
      if (i < file.systems.size() && file.systems[i].label == e.label) continue;
      if (out.label_identity.contains(e.label)) continue;
      out.unnamed.push_back(make_system(e.label));
      const auto identity = store::system_identity(out.unnamed.back());
      out.systems.emplace_back(identity, &out.unnamed.back());
      out.label_identity.try_emplace(out.unnamed.back().label, identity);
    }
  }
  for (std::size_t c = 0; c < file.results.size(); ++c) {
    if (!file.results[c].entries.empty()) out.tests.emplace_back(a.ids->tests[c], &file.results[c]);
  }
  return out;
}

}  // namespace iosr::db
