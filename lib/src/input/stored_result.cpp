// SPDX-License-Identifier: MIT
// Stored values as entries, their standard error, a chart's direction, and a system's scheduler
// from its JSON or notes, for the readers of PTS's stored results (see stored_result.hpp).
#include "input/stored_result.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <span>
#include <string_view>
#include <vector>

#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

// A LINE_GRAPH value is the whole series, comma-separated: its mean stands for it.
value_oddity read_series(entry& e) {
  e.kind = entry_kind::series;
  double sum = 0;
  std::size_t count = 0;
  for (auto piece : split(e.value_text, ',')) {
    auto v = parse_number(trim(piece));
    if (!v) {
      e.kind = entry_kind::text;
      e.min = e.max = e.value = std::nullopt;
      return {message_code::series_not_numbers,
              "line graph value '" + std::string(trim(piece)) +
                  "' is not a number; the series is kept as text"};
    }
    e.min = e.min ? std::min(*e.min, *v) : *v;
    e.max = e.max ? std::max(*e.max, *v) : *v;
    sum += *v;
    ++count;
  }
  e.value = sum / double(count);
  return {};
}

}  // namespace

std::optional<bool> pass_fail_outcome(std::string_view text) {
  // PTS's words: its parser makes PASS of TRUE and PASSED, and when it sums up a test's trials
  // FALSE, 0, FAIL and FAILED are failures (pts_test_result_parser.php,
  // pts_test_execution.php); a single trial's `1` is kept as PTS printed it (`Final: 1`).
  for (std::string_view pass : {"PASS", "PASSED", "TRUE", "1"}) {
    if (text == pass) return true;
  }
  for (std::string_view fail : {"FAIL", "FAILED", "FALSE", "0"}) {
    if (text == fail) return false;
  }
  return std::nullopt;
}

value_oddity read_stored_value(entry& e, const display_format& format) {
  if (format == display_format::pass_fail || e.value_text == "PASS" || e.value_text == "FAIL") {
    const auto outcome = pass_fail_outcome(e.value_text);
    if (!outcome) {
      e.kind = entry_kind::text;
      return {message_code::pass_fail_unknown,
              "pass/fail value '" + e.value_text + "' is neither PASS nor FAIL; kept as text"};
    }
    e.kind = entry_kind::pass_fail;
    e.value = *outcome ? 1.0 : 0.0;
    return {};
  }
  if (format == display_format::image_comparison || format == display_format::multi_pass_fail) {
    e.kind = entry_kind::text;
    return {};
  }
  if (format == display_format::line_graph || format == display_format::filled_line_graph) {
    return read_series(e);
  }
  if (e.value_text.find(',') != std::string::npos) {
    // PTS writes no thousands separators, so commas mean a series; but a bar chart holding
    // one (`1,234.5` is 1 and 234.5, mean 117.75) is odd enough to say so.
    auto problem = read_series(e);
    if (!problem.empty() || format.empty()) return problem;
    return {message_code::value_with_commas,
            "value '" + e.value_text + "' of a " + std::string(format.name()) +
                " chart has commas; read as a series of " +
                std::to_string(std::count(e.value_text.begin(), e.value_text.end(), ',') + 1) +
                " values (PTS writes no thousands separators)"};
  }
  e.kind = entry_kind::number;
  e.value = parse_number(e.value_text);
  if (!e.value) {
    e.kind = entry_kind::text;
    if (out_of_range(e.value_text)) {
      return {message_code::value_out_of_range,
              "value '" + quoted_value(e.value_text) +
                  "' is out of range for a double; kept as text, as written"};
    }
    return {message_code::value_not_a_number,
            "value '" + quoted_value(e.value_text) + "' is not a number; kept as text"};
  }
  return {};
}

stored_direction direction_of_proportion(std::string_view proportion, std::string_view member) {
  if (proportion == "HIB") return {direction::higher, {}};
  if (proportion == "LIB") return {direction::lower, {}};
  if (proportion.empty() || proportion == "ABSTRACT") return {};
  return {direction::none, std::string(member) + " '" + std::string(proportion) +
                               "' is not HIB, LIB or empty; read as no direction"};
}

bool fill_standard_error(entry& e) {
  e.sample_count = e.samples.size();
  // Reused by every entry of the thread: an allocation per entry showed in batch profiles.
  thread_local std::vector<double> numbers;
  numbers.clear();
  for (const auto& s : e.samples) {
    if (auto v = parse_number(s)) numbers.push_back(*v);
  }
  if (numbers.size() >= 2) {
    double mean = 0;
    for (double v : numbers) mean += v;
    mean /= double(numbers.size());
    double squares = 0;
    for (double v : numbers) squares += (v - mean) * (v - mean);
    double deviation = std::sqrt(squares / double(numbers.size() - 1));
    e.standard_error = deviation / std::sqrt(double(*e.sample_count));
  }
  return numbers.size() == e.samples.size();
}

namespace {

// Records the top-level string members named `keys`; with `stop_at_first`, stops reading at the
// first of their values (the scheduler: the key comes first in what PTS writes, so the rest of
// the document is never lexed).
class member_finder : public nlohmann::json_sax<nlohmann::json> {
 public:
  member_finder(std::span<const char* const> keys, std::span<std::string> found,
                bool stop_at_first)
      : keys_(keys), found_(found), stop_at_first_(stop_at_first) {}
  bool is_object = false;  // the document is an object (else nothing is found)

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t& text) override {
    if (at_key_ != npos) found_[at_key_] = std::move(text);
    return value(true);
  }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override {
    if (depth_ == 0) is_object = true;
    return open();
  }
  bool start_array(std::size_t) override { return open(); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(string_t& name) override {
    at_key_ = npos;
    if (depth_ != 1) return true;
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      if (name == keys_[i]) at_key_ = i;
    }
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  // A value was read; one of a wanted key that is not a string counts as none.
  bool value(bool is_string = false) {
    if (at_key_ == npos) return true;
    if (!is_string) found_[at_key_].clear();
    at_key_ = npos;
    return !stop_at_first_;
  }
  bool open() {
    if (at_key_ != npos && !value()) return false;  // an object or array: not a string
    ++depth_;
    return true;
  }
  bool close() {
    --depth_;
    return true;
  }

  std::span<const char* const> keys_;
  std::span<std::string> found_;
  bool stop_at_first_;
  int depth_ = 0;
  std::size_t at_key_ = npos;
};

}  // namespace

bool json_string_members(std::string_view text, std::span<const char* const> keys,
                         std::span<std::string> found) {
  member_finder finder(keys, found, /*stop_at_first=*/false);
  if (nlohmann::json::sax_parse(text, &finder) && finder.is_object) return true;
  for (auto& f : found) f.clear();
  return false;
}

void fill_scheduler(system& s) {
  if (!s.scheduler.empty()) return;
  if (s.json.find("disk-scheduler") != std::string::npos) {
    // Text that is not JSON up to that member names no scheduler.
    static constexpr const char* key[] = {"disk-scheduler"};
    std::string found;
    member_finder finder(key, {&found, 1}, /*stop_at_first=*/true);
    nlohmann::json::sax_parse(s.json, &finder);
    s.scheduler = scheduler_key(found);
    if (!s.scheduler.empty()) return;
  }
  constexpr std::string_view marker = "Disk Scheduler: ";
  auto at = s.notes.find(marker);
  if (at == std::string::npos) return;
  auto name = std::string_view(s.notes).substr(at + marker.size());
  name = name.substr(0, name.find_first_of(".\n"));
  s.scheduler = scheduler_key(trim(name));
}

}  // namespace iosr::detail
