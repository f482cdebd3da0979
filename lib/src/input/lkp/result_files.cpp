// SPDX-License-Identifier: MIT
// LKP's result files (lkp-tests lib/matrix.rb): stats.json, a run's metrics as one number each;
// matrix.json, each metric as the array of its runs' numbers; and `METRIC: VALUE` lines. One
// file is one system: the commit its result root names, else the file.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "input/json_tree.hpp"
#include "input/lkp/charts.hpp"
#include "input/lkp/lkp_reader.hpp"
#include "input/lkp/metric.hpp"
#include "input/lkp/profile_units.hpp"
#include "input/stored_result.hpp"
#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

constexpr std::size_t sniff_window = 64 * 1024;

std::string_view after_blanks(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  auto start = text.find_first_not_of(" \t\r\n");
  return start == std::string_view::npos ? std::string_view() : text.substr(start);
}

bool starts_with_pts_prefix(std::string_view s) {
  return s.starts_with("phoronix-test-suite.") || s.starts_with("pts.");
}

// `METRIC: NUMBER`: the metric, or empty.
std::string_view key_of_line(std::string_view line) {
  line = trim(line);
  auto colon = line.find(": ");
  if (colon == std::string_view::npos || colon == 0) return {};
  auto key = line.substr(0, colon);
  if (key.find_first_of(" \t\"'{}[]") != std::string_view::npos) return {};
  if (!parse_number(trim(line.substr(colon + 2)))) return {};
  return key;
}

// Whether `test` is a PTS test profile (one of profile_units' tests), as LKP names it (`fio`).
bool is_pts_test(std::string_view test) {
  auto units = units_by_test();
  auto at = std::lower_bound(units.begin(), units.end(), test,
                             [](const profile_unit& u, std::string_view t) { return u.test < t; });
  return at != units.end() && at->test == test;
}

// A line of LKP's PTS parser (programs/pts/parse), which names no testcase: `TEST.REST`, TEST
// a PTS test profile. LKP's parsers of its own tests print keys without their test's name
// (dump-stat puts the testcase before every key), so a PTS test's name first is PTS's.
// Or LKP's time of a PTS test's run, `NAME-VERSION.seconds` (`idle-1.2.0.seconds`), which the
// same parser prints.
bool is_pts_parser_key(std::string_view key) {
  auto dot = key.find('.');
  if (dot != std::string_view::npos && dot + 1 < key.size() && is_pts_test(key.substr(0, dot))) {
    return true;
  }
  std::string named = "pts.";
  named += key;
  pts_metric parts;
  return classify_metric(named, parts) == metric_family::test_time;
}

// LKP's result root: /result/TESTCASE/PARAMS/MACHINE/ROOTFS/KCONFIG/COMPILER/COMMIT/RUN/: the
// commit is the path's 40-digit hexadecimal part.
std::string label_of(std::string_view name) {
  std::string_view commit;
  for_each_piece(name, '/', [&](std::string_view piece) {
    if (piece.size() == 40 && std::all_of(piece.begin(), piece.end(), [](char c) {
          return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
        })) {
      commit = piece;
    }
  });
  if (!commit.empty()) return std::string(commit);
  auto slash = name.rfind('/');
  auto base = slash == std::string_view::npos ? name : name.substr(slash + 1);
  return base.empty() ? std::string("run") : std::string(base);
}

// The mean as lkp compare prints it (lib/compare.rb): `%.2f` below 1000, `%d` (the fraction
// dropped) up to 1e8, `%.4g` above; so that a matrix.json reads as its report prints it.
std::string as_compare_prints(double mean) {
  char buffer[64];
  if (std::abs(mean) < 1000) {
    std::snprintf(buffer, sizeof buffer, "%.2f", mean);
  } else if (std::abs(mean) > 100000000) {
    std::snprintf(buffer, sizeof buffer, "%.4g", mean);
  } else {
    std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(std::trunc(mean)));
  }
  return buffer;
}

class result_file_reader {
 public:
  result_file_reader(reader_context& ctx, const read_options& options)
      : ctx_(ctx), options_(options), charts_(ctx) {}

  void read() {
    label_ = label_of(ctx_.name);
    auto sys = make_system(label_);
    sys.software.push_back({"Result File", ctx_.name});
    ctx_.out.systems.push_back(std::move(sys));
    if (after_blanks(ctx_.text).starts_with("{")) {
      read_json();
    } else {
      read_lines();
    }
    charts_.finish();
    if (charts_.size() == 0) {
      ctx_.fail(0, "an LKP result file without phoronix-test-suite metrics: " +
                       counted(charts_.others() + charts_.not_read(), "metric") +
                       " of other tests, LKP's monitors or LKP's own measurements of PTS; "
                       "expected metrics named phoronix-test-suite.TEST.OPTIONS.UNIT");
    }
  }

 private:
  void read_json() {
    auto tree = read_json_tree(ctx_, options_, {"an LKP result file (stats.json, matrix.json)", 2});
    const auto& root = tree.root;
    if (!root.is_object()) {
      ctx_.fail(root.offset, "expected a JSON object of LKP's metrics, as stats.json and "
                             "matrix.json hold them");
    }
    for (const auto& m : root.members) {
      auto* chart = charts_.chart_for(m.key, m.value.member_offset);
      if (chart == nullptr) continue;
      entry e;
      e.label = label_;
      e.where = ctx_.at(m.value.offset);
      if (m.value.is_number()) {
        e.value_text = m.value.text;
        e.value = parse_number(e.value_text);
      } else if (m.value.is_array() && !m.value.items.empty() &&
                 std::all_of(m.value.items.begin(), m.value.items.end(),
                             [](const json_value& v) { return v.is_number(); })) {
        read_runs(e, m.value);
      } else {
        ctx_.warn(m.value.offset, message_code::lkp_metric_not_read,
                  "'" + m.key + "' is neither a number nor an array of numbers; not read");
        continue;
      }
      ctx_.add_entry(*chart, std::move(e));
    }
  }

  // matrix.json: a metric's runs. Its mean is the value, as lkp compare would print it; the
  // deviation is LKP's (the runs' standard deviation over N, in percent of the mean), the
  // standard error PTS's (over N - 1, divided by the root of N).
  void read_runs(entry& e, const json_value& runs) {
    double sum = 0;
    for (const auto& r : runs.items) {
      e.samples.push_back(r.text);
      sum += parse_number(r.text).value_or(0);
    }
    const double n = double(runs.items.size()), mean = sum / n;
    double squares = 0;
    for (const auto& r : runs.items) {
      const auto d = parse_number(r.text).value_or(0) - mean;
      squares += d * d;
    }
    e.value_text = as_compare_prints(mean);
    e.value = parse_number(e.value_text);
    if (mean != 0 && runs.items.size() > 1) {
      e.relative_deviation = std::sqrt(squares / n) / std::abs(mean) * 100;
    }
    fill_standard_error(e);
  }

  void read_lines() {
    // The output of LKP's PTS parser (its spec fixtures' N.yaml) names no testcase: each key
    // is read as the PTS testcase's, `pts.KEY`, and that is said once.
    const bool parser_output = is_lkp_parser_output(ctx_.text);
    std::size_t assumed = 0;
    std::string named;  // `pts.KEY`, reused
    for (std::size_t at = 0; at < ctx_.text.size();) {
      auto l = line_starting_at(ctx_.text, at);
      at = l.next;
      auto text = ctx_.text.substr(l.begin, l.end - l.begin);
      if (trim(text).empty()) continue;
      auto key = key_of_line(text);
      if (key.empty()) {
        ctx_.warn(l.begin, message_code::lkp_metric_not_read,
                  "a line that is no 'METRIC: VALUE'; not read");
        continue;
      }
      const auto key_at = std::size_t(key.data() - ctx_.text.data());
      if (parser_output && pts_prefix(key).empty()) {
        named = "pts.";
        named += key;
        key = named;
        ++assumed;
      }
      auto* chart = charts_.chart_for(key, key_at);
      if (chart == nullptr) continue;
      auto value = trim(text.substr(text.find(": ") + 2));
      entry e;
      e.label = label_;
      e.value_text = std::string(value);
      e.value = parse_number(value);
      e.where = ctx_.at(std::size_t(value.data() - ctx_.text.data()));
      ctx_.add_entry(*chart, std::move(e));
    }
    if (assumed > 0) {
      ctx_.warn(0, message_code::lkp_parameters_not_read,
                counted(assumed, "line names", "lines name") +
                    " no LKP testcase (the output of LKP's PTS parser, programs/pts/parse): read "
                    "as phoronix-test-suite's, as their tests and units are PTS's");
    }
  }

  reader_context& ctx_;
  const read_options& options_;
  lkp_charts charts_;
  std::string label_;
};

// What a sniffer makes of one line's key (key_of_line: empty when the line is not
// `METRIC: NUMBER`).
enum class key_says { not_this, other, pts };

// Whether the first 64 lines that are not blank all pass `judge` and one of them is a PTS
// metric: both LKP forms of `METRIC: NUMBER` lines are told this way.
template <class Judge>
bool all_key_lines(std::string_view text, Judge judge) {
  bool pts = false;
  std::size_t lines = 0;
  for (std::size_t at = 0; at < text.size() && lines < 64;) {
    auto l = line_starting_at(text, at);
    at = l.next;
    auto line = text.substr(l.begin, l.end - l.begin);
    if (trim(line).empty()) continue;
    ++lines;
    const auto says = judge(key_of_line(line));
    if (says == key_says::not_this) return false;
    pts = pts || says == key_says::pts;
  }
  return pts;
}

}  // namespace

bool is_lkp_result_file(std::string_view text) {
  text = after_blanks(text.substr(0, sniff_window));
  if (text.starts_with("{")) {
    for (std::string_view key : {"\"phoronix-test-suite.", "\"pts."}) {
      auto at = text.find(key);
      if (at == std::string_view::npos) continue;
      auto close = text.find('"', at + 1);
      if (close != std::string_view::npos && text.substr(close + 1).starts_with(":")) return true;
      if (close != std::string_view::npos && trim(text.substr(close + 1, 4)).starts_with(":")) {
        return true;
      }
    }
    return false;
  }
  // `METRIC: NUMBER` lines, one of them a PTS metric.
  return all_key_lines(text, [](std::string_view key) {
    return key.empty() ? key_says::not_this : starts_with_pts_prefix(key) ? key_says::pts
                                                                         : key_says::other;
  });
}

bool is_lkp_parser_output(std::string_view text) {
  text = after_blanks(text.substr(0, sniff_window));
  if (text.starts_with("{")) return false;
  return all_key_lines(text, [](std::string_view key) {
    if (key.empty() || !pts_prefix(key).empty()) return key_says::not_this;
    return is_pts_parser_key(key) ? key_says::pts : key_says::other;
  });
}

bool is_lkp_job_file(std::string_view text) {
  text = text.substr(0, sniff_window);
  for (std::size_t at = 0; at < text.size();) {
    auto l = line_starting_at(text, at);
    at = l.next;
    auto line = text.substr(l.begin, l.end - l.begin);
    if (line.starts_with("testcase: ")) {
      auto testcase = trim(line.substr(10));
      return testcase == "phoronix-test-suite" || testcase == "pts";
    }
  }
  return false;
}

void read_lkp_result_file(reader_context& ctx, const read_options& options) {
  result_file_reader(ctx, options).read();
}

}  // namespace iosr::detail
