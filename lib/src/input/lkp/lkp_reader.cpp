// SPDX-License-Identifier: MIT
// The kernel test robot's comparison read into the model: a system per commit (the first, the
// parent, named the baseline), a chart per phoronix-test-suite metric, an entry per commit with
// the value as LKP printed it and its `± N%` kept as the relative deviation (docs/lkp.md).
#include "input/lkp/lkp_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <unordered_set>

#include "input/lkp/charts.hpp"
#include "input/lkp/report.hpp"
#include "iosr/counted.hpp"
#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

struct interval {
  double low, high;
};

// The exponent of `1.648e+08`: parse_number() takes no `+`.
double exponent_of(std::string_view text, std::size_t e) {
  auto digits = text.substr(e + 1);
  if (digits.starts_with('+')) digits.remove_prefix(1);
  return parse_number(digits).value_or(0);
}

std::string short_number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", v);
  return buffer;
}

// Where the mean LKP printed as `text` lies: it prints `%.2f` below 1000, `%d` (the fraction
// dropped) up to 1e8 and `%.4g` above (lkp-tests lib/compare.rb); hand-made tables may round
// otherwise, so an integer is taken to within 1.
interval printed_mean(std::string_view text, double v) {
  if (auto e = text.find_first_of("eE"); e != std::string_view::npos) {
    const auto half = 0.5 * std::pow(10.0, exponent_of(text, e) - decimals(text.substr(0, e)));
    return {v - half, v + half};
  }
  const auto d = decimals(text);
  const auto half = d == 0 ? 1.0 : 0.5 * std::pow(10.0, -d);
  return {v - half, v + half};
}

// `-45.0%` (`%+.1f%%`), `+6.9e+12%` (`%.2g` past 100000), `+0.1` (an absolute change).
interval printed_change(std::string_view text, double v) {
  if (auto e = text.find_first_of("eE"); e != std::string_view::npos) {
    const auto half = 0.5 * std::pow(10.0, exponent_of(text, e) - decimals(text.substr(0, e)));
    return {v - half, v + half};
  }
  const auto half = 0.5 * std::pow(10.0, -decimals(text));
  return {v - half, v + half};
}

// The change LKP printed against the one its printed means allow. Empty when they agree (or
// the first mean is 0 or below, which LKP's own formula does not take).
std::string change_disagreement(const lkp_cell& first, const lkp_cell& cell) {
  auto change = cell.change;
  const bool relative = change.ends_with('%');
  if (relative) change.remove_suffix(1);
  const auto printed = parse_number(change.front() == '+' ? change.substr(1) : change);
  const auto v0 = parse_number(first.value), v1 = parse_number(cell.value);
  if (!printed || !v0 || !v1) return {};
  const auto x0 = printed_mean(first.value, *v0), x1 = printed_mean(cell.value, *v1);
  double low, high;
  if (relative) {
    if (x0.low <= 0) return {};
    double corners[] = {(x1.low / x0.low - 1) * 100, (x1.low / x0.high - 1) * 100,
                        (x1.high / x0.low - 1) * 100, (x1.high / x0.high - 1) * 100};
    low = *std::min_element(std::begin(corners), std::end(corners));
    high = *std::max_element(std::begin(corners), std::end(corners));
  } else {
    low = x1.low - x0.high;
    high = x1.high - x0.low;
  }
  const auto p = printed_change(change, *printed);
  const auto slack = 1e-9 * std::max(1.0, std::abs(*printed));
  if (p.high + slack >= low && p.low - slack <= high) return {};
  return "the change " + std::string(cell.change) + " printed beside " + std::string(cell.value) +
         " is not the change from " + std::string(first.value) + " (the values give " +
         short_number(low) + (relative ? "%" : "") + " to " + short_number(high) +
         (relative ? "%" : "") + "); the values are kept as printed";
}

bool is_test_parameter(std::string_view key) {
  return key == "testcase" || key == "test" || key.starts_with("option_");
}

std::string_view parameter(const lkp_section& s, std::string_view key) {
  for (const auto& [k, v] : s.parameters) {
    if (k == key) return v;
  }
  return {};
}

class report_reader {
 public:
  explicit report_reader(reader_context& ctx) : ctx_(ctx), charts_(ctx) {}

  void read() {
    report_ = parse_report(ctx_.text);
    if (report_.sections.empty()) {
      ctx_.fail(0,
                "no LKP comparison table: expected the rule '---------------- "
                "---------------------------' under the commits' names, and rows 'VALUE ± N%  "
                "CHANGE  VALUE ± N%  METRIC' under it, as lkp compare prints them");
    }
    ctx_.out.title = std::string(report_.title);
    find_groups();
    for (const auto& s : report_.sections) read_section(s);
    charts_.finish();
    if (charts_.size() == 0) {
      ctx_.fail(report_.sections.front().offset,
                "an LKP comparison without phoronix-test-suite rows: " +
                    counted(charts_.others() + charts_.not_read(), "row") +
                    " of other tests, LKP's monitors or LKP's own measurements of PTS, none a PTS "
                    "result; expected rows named phoronix-test-suite.TEST.OPTIONS.UNIT");
    }
    say_once();
  }

 private:
  // Tables whose commits ran with other parameters (another machine, compiler, kernel config)
  // are other systems: their labels are grouped by the parameters that differ (`lkp-csl-2sp7:
  // c439d5e8a0`).
  void find_groups() {
    std::vector<std::string_view> keys;
    for (const auto& s : report_.sections) {
      for (const auto& [k, v] : s.parameters) {
        if (is_test_parameter(k) || std::find(keys.begin(), keys.end(), k) != keys.end()) continue;
        for (const auto& other : report_.sections) {
          if (!other.parameters.empty() && parameter(other, k) != v) {
            keys.push_back(k);
            break;
          }
        }
      }
    }
    group_keys_ = std::move(keys);
  }

  std::string group_of(const lkp_section& s) const {
    std::string group;
    for (auto k : group_keys_) {
      auto v = parameter(s, k);
      if (v.empty()) continue;
      if (!group.empty()) group += '/';
      group += v;
    }
    return group;
  }

  std::string add_system(const lkp_section& s, std::size_t column, const std::string& group) {
    std::string name = column < s.labels.size() ? std::string(s.labels[column])
                                                : "column " + std::to_string(column + 1);
    auto label = group.empty() ? name : group + ": " + name;
    // A set, not find_system(): a hostile table may have a column for every few bytes.
    if (!labels_.insert(label).second) return label;
    auto sys = make_system(label);
    if (column < s.label_offsets.size()) sys.where = ctx_.at(s.label_offsets[column]);
    if (column < s.commits.size()) sys.software.push_back({"Commit", std::string(s.commits[column])});
    for (const auto& [k, v] : s.parameters) {
      if (!is_test_parameter(k)) sys.software.push_back({std::string(k), std::string(v)});
    }
    auto machine = !s.machine.empty() ? s.machine
                   : &s == &report_.sections.front() ? report_.machine
                                                      : std::string_view();
    if (!machine.empty()) sys.hardware.push_back({"Test Machine", std::string(machine)});
    sys.baseline = column == 0;
    ctx_.out.systems.push_back(std::move(sys));
    return label;
  }

  void read_section(const lkp_section& s) {
    if (s.labels.empty()) {
      ctx_.warn(s.offset, message_code::lkp_columns_unnamed,
                "the table names none of its " + counted(s.columns, "column") +
                    " (no commit list and no column header of as many names); they are called "
                    "'column 1', 'column 2', ...");
    }
    if (s.parameters_unpaired) {
      ctx_.warn(s.parameters_offset, message_code::lkp_parameters_not_read,
                "the table's parameters are not as many values as names (a value holding '/'?); "
                "not read");
    }
    if (s.runs_disagree) {
      ctx_.warn(s.offset, message_code::lkp_parameters_not_read,
                "the table's fail:runs rows give different runs for one commit; how many runs "
                "each commit had is not read");
    }
    const auto group = group_of(s);
    std::vector<std::string> labels;
    for (std::size_t c = 0; c < s.columns; ++c) labels.push_back(add_system(s, c, group));
    // The profile the table names (`osbench-1.0.2`), for the charts of its test.
    const auto profile = parameter(s, "test");
    for (const auto& row : s.rows) {
      pts_metric parts;
      const bool pts = classify_metric(row.metric, parts) == metric_family::pts_result;
      auto test_id = pts && profile.starts_with(parts.test) && profile.size() > parts.test.size() &&
                             profile[parts.test.size()] == '-'
                         ? profile
                         : std::string_view();
      auto* chart = charts_.chart_for(row.metric, row.metric_offset, test_id);
      if (chart == nullptr) continue;
      if (row.lines > 1 && joined_++ == 0) joined_offset_ = row.offset;
      for (std::size_t c = 0; c < s.columns; ++c) read_cell(*chart, s, row, c, labels[c]);
    }
    for (const auto& [offset, text] : s.unread) {
      if (!pts_prefix_in(text)) continue;
      ctx_.warn(offset, message_code::lkp_metric_not_read,
                "a line of the table that is no row of " + counted(s.columns, "column") +
                    " and a metric; not read: '" + std::string(trim(text)) + "'");
    }
  }

  static bool pts_prefix_in(std::string_view text) {
    return text.find("phoronix-test-suite.") != std::string_view::npos ||
           text.find(" pts.") != std::string_view::npos;
  }

  void read_cell(result& chart, const lkp_section& s, const lkp_row& row, std::size_t c,
                 const std::string& label) {
    const auto& cell = row.cells[c];
    entry e;
    e.label = label;
    e.value_text = std::string(cell.value);
    e.value = parse_number(cell.value);
    e.where = ctx_.at(cell.value_offset);
    if (!cell.deviation.empty()) {
      e.relative_deviation = parse_number(cell.deviation);
      if (cell.plus_minus != "\xC2\xB1" && misdecoded_++ == 0) {
        misdecoded_form_ = cell.plus_minus;
        misdecoded_offset_ = cell.deviation_offset;
      }
    }
    if (c < s.runs.size()) e.sample_count = s.runs[c];
    if (c > 0) {
      if (auto why = change_disagreement(row.cells.front(), cell); !why.empty()) {
        ctx_.warn(cell.change_offset, message_code::lkp_change_disagrees,
                  "'" + label + "' in '" + std::string(row.metric) + "': " + why);
      }
    }
    ctx_.add_entry(chart, std::move(e));
  }

  void say_once() {
    if (misdecoded_ > 0) {
      // Appended, not `"'" + std::string(...) + "'"`: GCC 12 at -O2 warns (-Wrestrict, a false
      // positive) on that operator+ inlined here, in the build the README's first command runs.
      std::string form = "the byte 0xB1";
      if (misdecoded_form_ != "\xB1") {
        form.assign(1, '\'');
        form.append(misdecoded_form_);
        form += '\'';
      }
      ctx_.warn(misdecoded_offset_, message_code::lkp_plus_minus_misdecoded,
                counted(misdecoded_, "deviation") + " written with " + form +
                    " where LKP writes '±' (ISO-8859-1 0xB1, decoded in another charset on the "
                    "way): read as '±'");
    }
    if (joined_ > 0) {
      ctx_.warn(joined_offset_, message_code::lkp_row_joined,
                counted(joined_, "row") +
                    " that a mail client wrapped onto the next lines read as one");
    }
  }

  reader_context& ctx_;
  lkp_charts charts_;
  lkp_report report_;
  std::vector<std::string_view> group_keys_;
  std::unordered_set<std::string> labels_;
  std::size_t misdecoded_ = 0, misdecoded_offset_ = 0;
  std::string_view misdecoded_form_;
  std::size_t joined_ = 0, joined_offset_ = 0;
};

}  // namespace

bool sniff_lkp(std::string_view text) {
  return has_comparison_table(text) || is_lkp_result_file(text) ||
         is_lkp_parser_output(text) || is_lkp_job_file(text);
}

void read_lkp(reader_context& ctx, const read_options& options) {
  if (!has_comparison_table(ctx.text)) {
    if (is_lkp_result_file(ctx.text) || is_lkp_parser_output(ctx.text)) {
      read_lkp_result_file(ctx, options);
      return;
    }
    if (is_lkp_job_file(ctx.text)) {
      ctx.fail(0, "an LKP job file (job.yaml: what to run, 'testcase: phoronix-test-suite'), "
                  "not a result; expected its results: the robot's report, or the result "
                  "root's stats.json, matrix.json or pts.json");
    }
  }
  report_reader(ctx).read();
}

}  // namespace iosr::detail
