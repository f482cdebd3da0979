// SPDX-License-Identifier: MIT
// The fields of the tidy dataset's rows: what each column holds is documented in docs/csv.md.
#include "render/result/tidy_rows.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace iosr::detail {

namespace {

// The columns iosr computes rather than copies from the model; reused from row to row.
struct computed_fields {
  std::string samples, standard_error, sample_count, numeric_value, min, max;
};

void join_samples(const std::vector<std::string>& samples, std::string& joined) {
  joined.clear();
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (i != 0) joined.push_back(':');
    joined += samples[i];
  }
}

// Shortest text that reads back as the same double; empty when there is no number. The format
// is compiled and the text goes to a buffer on the stack: formatting through a std::string
// appender cost several times as much, twice per row.
template <class Number>
std::string_view number(const std::optional<Number>& v, std::string& out) {
  out.clear();
  if (!v) return out;
  char text[64];  // the longest double, `-2.2250738585072014e-308`, takes 24
  auto end = fmt::format_to(text, FMT_COMPILE("{}"), *v);
  out.assign(text, end);
  return out;
}

using system_index = std::unordered_map<std::string_view, std::size_t>;

void fill_row(tidy_row& row, computed_fields& computed, const result_file& file, const system& sys,
              const result& res, const entry& e) {
  auto& f = row.fields;
  std::size_t i = 0;
  f[i++] = file.source_name;
  f[i++] = res.title;
  f[i++] = res.version;
  f[i++] = res.description;
  f[i++] = res.unit;
  f[i++] = to_string(res.direction);
  f[i++] = e.label;
  f[i++] = sys.group;
  f[i++] = sys.name;
  f[i++] = sys.scheduler;
  f[i++] = e.value_text;  // exactly as written: `24.00` stays `24.00`
  f[i++] = to_string(e.kind);
  join_samples(e.samples, computed.samples);
  f[i++] = computed.samples;
  f[i++] = number(e.standard_error, computed.standard_error);
  f[i++] = number(e.sample_count, computed.sample_count);
  f[i++] = res.test_id;
  f[i++] = res.display_format.name();
  f[i++] = e.error;
  f[i++] = res.arguments;
  f[i++] = number(e.value, computed.numeric_value);
  f[i++] = number(e.min, computed.min);
  f[i++] = number(e.max, computed.max);
}

}  // namespace

void for_each_tidy_row(const result_file& file, const std::function<void(const tidy_row&)>& emit) {
  // Looked up once per entry: a linear search is quadratic on charts with many systems.
  system_index systems;
  for (std::size_t i = 0; i < file.systems.size(); ++i) {
    systems.emplace(file.systems[i].label, i);  // first one wins
  }
  tidy_row row;
  computed_fields computed;
  for (const auto& res : file.results) {
    row.new_chart = true;
    for (const auto& e : res.entries) {
      auto found = systems.find(e.label);
      // A label absent from the file's systems still gets group / name / scheduler from its
      // text (kept alive until the row is emitted: the row points into it).
      std::optional<system> absent;
      row.system = found != systems.end() ? found->second : tidy_row::npos;
      const system& sys = found != systems.end() ? file.systems[found->second]
                                                 : absent.emplace(make_system(e.label));
      fill_row(row, computed, file, sys, res, e);
      emit(row);
      row.new_chart = false;
    }
  }
}

}  // namespace iosr::detail
