// SPDX-License-Identifier: MIT
// The fields of the tidy dataset's rows: what each column holds is documented in docs/csv.md.
#include "render/result/tidy_rows.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

// The columns iosr computes rather than copies from the model; reused from row to row.
struct computed_fields {
  std::string samples, standard_error, sample_count, numeric_value, min, max, relative_deviation;
};

void join_samples(const std::vector<std::string>& samples, std::string& joined) {
  std::size_t size = samples.empty() ? 0 : samples.size() - 1;
  for (const auto& s : samples) size += s.size();
  joined.resize(size);  // sized once, then filled: appending grew and checked it twice a run
  char* to = joined.data();
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (i != 0) *to++ = ':';
    to = std::copy(samples[i].begin(), samples[i].end(), to);
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

// Whether `text` is already what number() writes for its value (`20.13`, `1134`; not `24.00`,
// `00.5`, `1e5` or `0.00001`): a plain decimal without needless zeros, of at most 15
// significant digits (they read back as the same digits, so no shorter text has that value),
// and not below 10^-4 (fmt writes those with an exponent).
bool is_shortest_text(std::string_view text) {
  std::size_t i = !text.empty() && text[0] == '-' ? 1 : 0;
  const std::size_t start = i;
  while (i < text.size() && is_digit(text[i])) ++i;
  const std::size_t int_digits = i - start;
  if (int_digits == 0 || (int_digits > 1 && text[start] == '0')) return false;
  std::size_t significant = text[start] == '0' ? 0 : int_digits;
  if (i == text.size()) return significant <= 15;
  if (text[i] != '.' || text.back() == '0') return false;
  ++i;
  if (i == text.size()) return false;
  for (std::size_t j = i; j < text.size(); ++j) {
    if (!is_digit(text[j])) return false;
  }
  if (significant == 0) {
    const std::size_t zeros = text.find_first_not_of('0', i) - i;
    if (zeros > 3) return false;
    i += zeros;
  }
  return significant + (text.size() - i) <= 15;
}

// The numeric_value column. Most values are written in their shortest form already and are
// taken as written, when they read back as the value: formatting each value again was a tenth
// of making the rows.
std::string_view numeric_value(const entry& e, std::string& out) {
  if (e.value && is_shortest_text(e.value_text) && parse_number(e.value_text) == e.value) {
    return e.value_text;
  }
  return number(e.value, out);
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
  f[i++] = numeric_value(e, computed.numeric_value);
  f[i++] = number(e.min, computed.min);
  f[i++] = number(e.max, computed.max);
  f[i++] = number(e.relative_deviation, computed.relative_deviation);
  f[i++] = sys.baseline ? "true" : "false";
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
