// SPDX-License-Identifier: MIT
// The fields of the tidy dataset's rows: what each column holds is documented in docs/csv.md.
#include "output/tidy_rows.hpp"

#include <fmt/format.h>

#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace iosr::detail {

namespace {

void join_samples(const std::vector<std::string>& samples, std::string& joined) {
  joined.clear();
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (i != 0) joined.push_back(':');
    joined += samples[i];
  }
}

// Shortest text that reads back as the same double; empty when there is no number.
void number(const std::optional<double>& v, std::string& out) {
  out.clear();
  if (v) fmt::format_to(std::back_inserter(out), "{}", *v);
}

using system_index = std::unordered_map<std::string_view, const system*>;

void fill_row(tidy_row& row, const result_file& file, const system_index& systems,
              const result& res, const entry& e) {
  // A label absent from the file's systems still gets group / name / scheduler from its text.
  auto found = systems.find(e.label);
  const system* sys = found == systems.end() ? nullptr : found->second;
  system absent;
  if (sys == nullptr) {
    absent = make_system(e.label);
    sys = &absent;
  }
  std::size_t i = 0;
  row[i++] = file.source_name;
  row[i++] = res.title;
  row[i++] = res.version;
  row[i++] = res.description;
  row[i++] = res.unit;
  row[i++] = to_string(res.direction);
  row[i++] = e.label;
  row[i++] = sys->group;
  row[i++] = sys->name;
  row[i++] = sys->scheduler;
  row[i++] = e.value_text;  // exactly as written: `24.00` stays `24.00`
  row[i++] = to_string(e.kind);
  join_samples(e.samples, row[i++]);
  number(e.standard_error, row[i++]);
  row[i++] = e.sample_count ? fmt::format("{}", *e.sample_count) : std::string();
  row[i++] = res.test_id;
  row[i++] = res.display_format;
  row[i++] = e.error;
  row[i++] = res.arguments;
  number(e.value, row[i++]);
  number(e.min, row[i++]);
  number(e.max, row[i++]);
}

}  // namespace

void for_each_tidy_row(const result_file& file, const std::function<void(const tidy_row&)>& emit) {
  // Looked up once per entry: a linear search is quadratic on charts with many systems.
  system_index systems;
  for (const auto& s : file.systems) systems.emplace(s.label, &s);  // first one wins
  tidy_row row;
  for (const auto& res : file.results) {
    for (const auto& e : res.entries) {
      fill_row(row, file, systems, res, e);
      emit(row);
    }
  }
}

}  // namespace iosr::detail
