// SPDX-License-Identifier: MIT
// The reader of PTS's run output: what `phoronix-test-suite run|benchmark|batch-run` prints while
// it runs (pts_concise_display_mode), one chart per test and options, the trial values as the
// runs of one entry per configuration (docs/pts-run-output.md).
#include "input/pts_run/pts_run_reader.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "input/pts_run/export_merge.hpp"
#include "input/pts_run/run_lines.hpp"
#include "input/stored_result.hpp"
#include "iosr/counted.hpp"
#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

using namespace run_log;

constexpr std::string_view identifier_prompt = "Enter a unique name to describe this test run";
constexpr std::string_view unnamed_label = "unnamed run";

// The test that is running: its header lines (`TITLE VERSION:`, `owner/name-1.2.3 [OPTIONS]`).
struct running_test {
  std::string title, version, test_id, options;
  std::size_t where = 0;  // the title line
  bool any_result = false;
};

class run_reader {
 public:
  run_reader(reader_context& ctx, const read_options& options)
      : ctx_(ctx), options_(options), lines_(split_log_lines(ctx.text)) {}

  void read() {
    for (std::size_t i = 0; i < lines_.size();) i = read_line(i);
    finish_test();
    if (entries_ == 0) refuse();
  }

 private:
  reader_context& ctx_;
  const read_options& options_;
  std::vector<log_line> lines_;
  std::optional<running_test> test_;
  std::string label_;            // the configuration's identifier, once named
  std::size_t label_where_ = 0;  // the prompt that named it
  bool warned_unnamed_ = false;
  bool label_named_ = false;         // label_ is an identifier the output names
  std::size_t session_entries_ = 0;  // entries read under label_
  std::string result_name_;          // the session's result file name, when asked
  pending_system system_;            // the last System Information block
  bool system_used_ = true;          // system_ already given to a configuration
  std::size_t entries_ = 0;
  std::size_t first_trial_ = std::string_view::npos;
  std::size_t first_test_ = std::string_view::npos;
  std::size_t last_chart_ = std::string_view::npos;  // the chart an inline chart repeats
  std::unordered_map<std::string, std::size_t> chart_keys_;  // what tells a chart apart -> index
  std::unordered_set<std::string> labels_;                   // of ctx_.out.systems

  const log_line& at(std::size_t i) const { return lines_[i]; }

  // Index of the next line after i that is not blank, or lines_.size().
  std::size_t next_filled(std::size_t i) const {
    for (++i; i < lines_.size(); ++i) {
      if (!at(i).text.empty()) return i;
    }
    return lines_.size();
  }

  std::size_t read_line(std::size_t i) {
    auto text = at(i).text;
    if (text.empty()) return i + 1;
    if (text == "System Information") {
      // A new session: what names its configuration comes after this block.
      label_.clear();
      result_name_.clear();
      return read_system_information(i);
    }
    if (text.starts_with("Phoronix Test Suite v")) {
      system_.client_version = std::string(text.substr(21));
      return i + 1;
    }
    if (text.find("view the text results") != std::string_view::npos && answered_yes(text)) {
      return read_shown_export(i);
    }
    if (auto p = text.find(identifier_prompt); p != std::string_view::npos) {
      name_configuration(i, text.substr(p));
      return i + 1;
    }
    read_result_name(text);
    if (text.starts_with("Test 1 of ") && session_entries_ > 0 && label_named_ == false) {
      label_.clear();  // a session pasted after another without its prompts
    }
    if (text.starts_with("Started Run ")) {
      if (first_trial_ == std::string_view::npos) first_trial_ = at(i).begin;
      return i + 1;
    }
    if (text.ends_with(':') && is_test_header(i)) return start_test(i);
    if (!test_) return i + 1;
    if (text.starts_with("Final: ")) return read_final(i);
    if (text.ends_with(':') && starts_result_block(i)) return read_result_block(i);
    if (auto mark = direction_mark_of(text)) return read_inline_chart(i, *mark);
    return i + 1;
  }

  // ---- the text export PTS prints when asked to ---------------------------------------------

  static bool answered_yes(std::string_view prompt) {
    auto p = prompt.find("(Y/n): ");
    if (p == std::string_view::npos) return false;
    auto answer = trim(prompt.substr(p + 7));
    return answer == "y" || answer == "Y" || answer == "yes" || answer == "Yes";
  }

  // Where line `i` starts, its indentation included.
  std::size_t line_start(std::size_t i) const {
    if (i == 0) return 0;
    if (i >= lines_.size()) return ctx_.text.size();
    return ctx_.text.find('\n', at(i - 1).begin) + 1;
  }

  // The export runs to PTS's next prompt, the end of a Markdown fence, script(1)'s closing
  // line, or the next session.
  bool ends_export(std::size_t j) const {
    auto t = at(j).text;
    return t.find("(Y/n)") != std::string_view::npos || t.find("(y/N)") != std::string_view::npos ||
           t.starts_with("```") || t.starts_with("Script done on ") || t == "System Information" ||
           (t.ends_with(':') && is_test_header(j));
  }

  std::size_t read_shown_export(std::size_t i) {
    finish_test();
    auto j = i + 1;
    while (j < lines_.size() && !ends_export(j)) ++j;
    result_file shown;
    std::string why;
    if (!run_log::read_shown_export(ctx_, line_start(i + 1), line_start(j), options_, shown, why)) {
      ctx_.warn(at(i).begin, message_code::run_export_merged,
                "the text export after this prompt is not read: " + why);
      return j;
    }
    merge_shown_export(ctx_, std::move(shown), at(i).begin, label_named_ ? std::string() : label_,
                       chart_keys_);
    labels_.clear();
    for (const auto& s : ctx_.out.systems) labels_.insert(s.label);
    if (!label_named_ && !label_.empty() && ctx_.out.find_system(label_) == nullptr) {
      label_.clear();  // the export named this run
    }
    return j;
  }

  // ---- configurations and systems ---------------------------------------------------------

  std::size_t read_system_information(std::size_t i) {
    auto end = parse_system_block(lines_, i + 1, system_);
    system_.where = at(i).begin;
    system_used_ = false;
    return end;
  }

  // `Enter a unique name to describe this test run / configuration: ANSWER`. Piped answers are
  // not echoed, so the next prompt may follow on the same line: it is not the answer.
  void name_configuration(std::size_t i, std::string_view prompt) {
    auto colon = prompt.find(": ");
    if (colon == std::string_view::npos) return;
    auto answer = prompt.substr(colon + 2);
    for (std::string_view next : {"Enter ", "If desired", "Would you like"}) {
      answer = answer.substr(0, answer.find(next));
    }
    answer = trim(answer);
    if (answer.empty()) return;
    label_ = std::string(answer);
    label_named_ = true;
    session_entries_ = 0;
    label_where_ = at(i).begin + (answer.data() - at(i).text.data());
    system_for(label_, label_where_);
  }

  // `Enter a name for the result file: NAME` (PTS 9 and later), `Enter a name to save these
  // results under: NAME` (earlier): the title of the result file.
  void read_result_name(std::string_view text) {
    for (std::string_view prompt :
         {"Enter a name for the result file: ", "Enter a name to save these results under: "}) {
      if (auto p = text.find(prompt); p != std::string_view::npos) {
        auto name = trim(text.substr(p + prompt.size()));
        name = trim(name.substr(0, name.find("Enter ")));
        if (name.empty()) continue;
        result_name_ = std::string(name);
        if (ctx_.out.title.empty()) ctx_.out.title = result_name_;
      }
    }
  }

  // The system of `label`, made (with the last System Information block not yet given to a
  // configuration) when it is new.
  void system_for(const std::string& label, std::size_t where) {
    auto& systems = ctx_.out.systems;
    if (!labels_.insert(label).second) return;
    auto s = make_system(label);
    s.where = ctx_.at(where);
    if (!system_used_) {
      s.hardware = system_.hardware;
      s.software = system_.software;
      s.client_version = system_.client_version;
      if (s.scheduler.empty()) s.scheduler = scheduler_key(system_.scheduler);
      system_used_ = true;
    }
    systems.push_back(std::move(s));
  }

  // The label of the entries read now: the named identifier, else the result file's name, else
  // a label of iosr's own (PTS makes one up in batch mode and does not print it).
  const std::string& current_label(std::size_t where) {
    if (label_.empty()) {
      label_named_ = false;
      session_entries_ = 0;
      label_ = unused_label(result_name_.empty() ? std::string(unnamed_label) : result_name_);
      label_where_ = where;
      if (!warned_unnamed_) {
        warned_unnamed_ = true;
        ctx_.warn(where, message_code::run_identifier_not_named,
                  "the run output names no identifier (PTS asks for one only when run "
                  "interactively); its entries are labelled '" +
                      label_ + "'" + (result_name_.empty() ? "" : ", the result file's name"));
      }
    }
    system_for(label_, label_where_);
    ++session_entries_;
    return label_;
  }

  // `base`, or `base 2`, `base 3`, ... when a system has that label: sessions without an
  // identifier are kept apart.
  std::string unused_label(const std::string& base) const {
    auto used = [&](const std::string& l) { return labels_.contains(l); };
    if (!used(base)) return base;
    for (std::size_t k = 2;; ++k) {
      auto l = base + " " + std::to_string(k);
      if (!used(l)) return l;
    }
  }

  // ---- tests ------------------------------------------------------------------------------

  // `TITLE VERSION:` followed by the test profile (`pts/fio-1.15.0 [OPTIONS]`) or, before PTS
  // 5, by `Test 1 of 3`.
  // The same title and profile lines ahead of a test's option menu (`Disk Test
  // Configuration`) start no test: only `Test N of M` does.
  bool is_test_header(std::size_t i) const {
    auto n = next_filled(i);
    if (n == lines_.size()) return false;
    if (parse_profile_line(at(n).text)) n = next_filled(n);
    return n < lines_.size() && is_test_position(at(n).text);
  }

  std::size_t start_test(std::size_t i) {
    finish_test();
    running_test t;
    auto header = at(i).text.substr(0, at(i).text.size() - 1);
    split_title_version(trim(header), t.title, t.version);
    t.where = at(i).begin;
    if (first_test_ == std::string_view::npos) first_test_ = t.where;
    auto n = next_filled(i);
    if (auto profile = parse_profile_line(at(n).text)) {
      t.test_id = std::string(profile->test_id);
      t.options = std::string(profile->options);
      ++n;
    }
    test_ = std::move(t);
    return n;
  }

  // A test that printed no result (every run failed, or the output ends while it runs) is kept
  // as a chart without entries, which the checks after reading report.
  void finish_test() {
    if (test_ && !test_->any_result) chart_for(test_->options, "");
    test_.reset();
  }

  // The chart of the running test with these options and unit, made when new.
  // A test's second result (`Latency:` after `Type: Random Read:`) is told apart by the options
  // of the test that printed it, which its own heading does not repeat.
  result& chart_for(std::string_view heading, std::string_view unit) {
    auto& charts = ctx_.out.results;
    std::string key = test_->title + '\n' + test_->version + '\n' + test_->test_id + '\n' +
                      test_->options + '\n' + std::string(heading) + '\n' + std::string(unit);
    // Looked up, not searched: a log of many tests stays linear.
    if (auto found = chart_keys_.find(key); found != chart_keys_.end()) {
      last_chart_ = found->second;
      return charts[found->second];
    }
    chart_keys_.emplace(std::move(key), charts.size());
    auto& r = charts.emplace_back();
    r.title = test_->title;
    r.version = test_->version;
    r.test_id = test_->test_id;
    r.description = std::string(heading);
    r.unit = std::string(unit);
    r.display_format = display_format::bar_graph;
    r.where = ctx_.at(test_->where);
    last_chart_ = charts.size() - 1;
    return r;
  }

  // ---- results ----------------------------------------------------------------------------

  // A block heading (the options, or `Test Results`) followed by trial values, or by the
  // `Average:` of a line graph.
  bool starts_result_block(std::size_t i) const {
    auto n = i + 1;
    if (n >= lines_.size()) return false;
    if (parse_number(at(n).text)) return true;
    // A test whose runs all failed: `Test Results:`, a blank line, `Average: 0 Seconds`.
    n = at(n).text.empty() ? next_filled(n) : n;
    return n < lines_.size() && quantifier_of(at(n).text).has_value();
  }

  std::size_t read_result_block(std::size_t i) {
    auto heading = at(i).text.substr(0, at(i).text.size() - 1);
    std::string_view options = heading == "Test Results" ? std::string_view{} : heading;
    std::vector<std::size_t> values;
    auto n = i + 1;
    for (; n < lines_.size() && parse_number(at(n).text); ++n) values.push_back(n);
    while (n < lines_.size() && at(n).text.empty()) ++n;
    std::optional<quantifier_line> q;
    if (n < lines_.size()) q = quantifier_of(at(n).text);
    if (!q) {
      auto where = n < lines_.size() ? at(n).begin : ctx_.text.size();
      ctx_.warn(where, message_code::input_cut,
                "the results of '" + test_->title + "' (" + std::string(heading) + ") have " +
                    counted(values.size(), "trial value") +
                    " but no 'Average:' line after them (the output was cut?); not read");
      return n;
    }
    auto value_offset = at(n).begin + (q->value.data() - at(n).text.data());
    auto& chart = chart_for(options, q->unit);
    test_->any_result = true;
    entry e;
    e.label = current_label(at(i).begin);
    e.where = ctx_.at(at(i).begin);
    e.value_text = std::string(q->value);
    e.value = parse_number(q->value);
    if (!e.value) {
      ctx_.fail(value_offset, "value '" + e.value_text + "' of '" + test_->title +
                                  "' is not a number; expected digits with an optional decimal "
                                  "point after '" +
                                  std::string(q->word) + ": ', such as 20.13");
    }
    for (auto v : values) e.samples.emplace_back(at(v).text);
    ++n;
    bool line_graph = values.empty();
    // What PTS prints after the value: Minimum and Maximum (a line graph's range, or the
    // test's own minimum and maximum result), Deviation, Samples, and a failure.
    for (; n < lines_.size(); ++n) {
      auto t = at(n).text;
      if (t.starts_with("Minimum: ")) {
        if (line_graph) e.min = parse_number(first_word(t.substr(9)));
      } else if (t.starts_with("Maximum: ")) {
        if (line_graph) e.max = parse_number(first_word(t.substr(9)));
      } else if (t == "This test failed to run properly.") {
        e.kind = entry_kind::failed;
        e.error = std::string(t);
      } else if (!t.starts_with("Deviation: ") && !t.starts_with("Samples: ")) {
        break;
      }
    }
    if (e.kind != entry_kind::failed) {
      if (line_graph && e.min && e.max) {
        e.kind = entry_kind::series;
        chart.display_format = display_format::line_graph;
      }
      if (!e.samples.empty()) {
        fill_standard_error(e);
        if (q->word == "Average") check_average(e, value_offset);
      }
    } else {
      e.value.reset();
      e.value_text.clear();
    }
    ctx_.add_entry(chart, std::move(e));
    ++entries_;
    return n;
  }

  // `Final: PASS` or `Final: 1 (SCALE)`: PTS prints these for a pass/fail test alone (its
  // display modes), the test profile's scale in parentheses when it has one. Read as the
  // composite.xml reader reads a pass/fail value (stored_result.hpp).
  std::size_t read_final(std::size_t i) {
    auto rest = trim(at(i).text.substr(7));
    auto value = first_word(rest);
    auto unit = trim(rest.substr(value.size()));
    if (unit.size() >= 2 && unit.front() == '(' && unit.back() == ')') {
      unit = unit.substr(1, unit.size() - 2);
    }
    auto& chart = chart_for(test_->options, unit);
    chart.display_format = display_format::pass_fail;
    test_->any_result = true;
    entry e;
    e.label = current_label(at(i).begin);
    e.where = ctx_.at(at(i).begin);
    e.value_text = std::string(value);
    if (auto odd = read_stored_value(e, chart.display_format); !odd.empty()) {
      ctx_.warn(at(i).begin + std::size_t(value.data() - at(i).text.data()), odd.code,
                "'" + e.label + "' in '" + test_->title + "': " + odd.text);
    }
    ctx_.add_entry(chart, std::move(e));
    ++entries_;
    return i + 1;
  }

  // PTS prints the mean of the trial values it lists; a printed average that is not their mean,
  // within the digits printed, means a line was mis-read or dropped.
  void check_average(const entry& e, std::size_t value_offset) const {
    double sum = 0;
    for (const auto& s : e.samples) {
      auto v = parse_number(s);
      if (!v) return;
      sum += *v;
    }
    double mean = sum / double(e.samples.size());
    auto dot = e.value_text.find('.');
    auto decimals = dot == std::string::npos ? 0 : e.value_text.size() - dot - 1;
    double tolerance = 0.5 * std::pow(10.0, -double(decimals)) + 1e-9 * std::abs(mean);
    if (std::abs(mean - *e.value) <= tolerance) return;
    ctx_.warn(value_offset, message_code::run_average_disagrees,
              "'" + e.label + "' in '" + test_->title + "': the average " + e.value_text +
                  " is not the mean of its " + counted(e.samples.size(), "trial value") + " (" +
                  std::to_string(mean) + "); the value as printed is kept");
  }

  // The chart PTS draws after each result once the result file holds other runs (`TITLE`,
  // `OPTIONS`, `UNIT > Higher Is Better`, then `LABEL .... VALUE` lines): it says the direction,
  // and holds the saved values of the file's other configurations.
  std::size_t read_inline_chart(std::size_t i, const unit_mark& mark) {
    auto n = i + 1;
    if (last_chart_ == std::string_view::npos) return n;
    // After all of a test's results, PTS 10 draws each chart again under its title and options.
    auto chart_index = last_chart_;
    if (i >= 2 && !at(i - 1).text.empty() && !at(i - 2).text.empty()) {
      auto options = at(i - 1).text, header = at(i - 2).text;
      const auto& charts = ctx_.out.results;
      auto found = std::find_if(charts.begin(), charts.end(), [&](const result& r) {
        auto h = r.version.empty() ? r.title : r.title + " " + r.version;
        return h == header && r.description == options && r.unit == mark.unit;
      });
      if (found != charts.end()) chart_index = std::size_t(found - charts.begin());
    }
    auto& chart = ctx_.out.results[chart_index];
    if (chart.unit != mark.unit) return n;
    chart.direction = mark.value;
    // Without the run's own identifier, its entry there cannot be told from a saved run's.
    if (!label_named_) return n;
    for (; n < lines_.size(); ++n) {
      auto line = parse_chart_line(at(n).text);
      if (!line) break;
      if (line->label == label_) continue;  // this run's value, read unrounded above
      auto has = std::any_of(chart.entries.begin(), chart.entries.end(),
                             [&](const entry& e) { return e.label == line->label; });
      if (has) continue;
      entry e;
      e.label = std::string(line->label);
      e.where = ctx_.at(at(n).begin);
      e.value_text = std::string(line->value);
      e.value = parse_number(line->value);
      if (!e.value) {
        ctx_.fail(at(n).begin + (line->value.data() - at(n).text.data()),
                  "value '" + e.value_text + "' of '" + e.label +
                      "' is not a number; expected digits with an optional decimal point");
      }
      ctx_.add_entry(chart, std::move(e));
    }
    return n;
  }

  [[noreturn]] void refuse() const {
    if (first_test_ != std::string_view::npos) {
      ctx_.fail(first_test_,
                "PTS run output whose tests printed no result (every run failed, or the output "
                "was cut); expected 'Average: VALUE UNIT' after each test's trial values");
    }
    ctx_.fail(first_trial_ == std::string_view::npos ? 0 : first_trial_,
              "PTS run output without a test result; expected a test's title and profile "
              "('pts/fio-1.15.0 [OPTIONS]'), its trial values and 'Average: VALUE UNIT'");
  }
};

}  // namespace

bool sniff_pts_run(std::string_view text) {
  // Every PTS since 2.x prints `Started Run N @ HH:MM:SS` for each trial, after the test's
  // `Estimated Trial Run Count:` (or `Test N of M`).
  auto run = text.find("Started Run ");
  if (run == std::string_view::npos) return false;
  // At the start of a line (after its indentation), not inside a JSON string or prose.
  auto before = run;
  while (before > 0 && (text[before - 1] == ' ' || text[before - 1] == '\t')) --before;
  if (before > 0 && text[before - 1] != '\n') return false;
  auto rest = text.substr(run + 12, 16);
  std::size_t d = 0;
  while (d < rest.size() && is_digit(rest[d])) ++d;
  if (d == 0 || !rest.substr(d).starts_with(" @ ")) return false;
  auto head = text.substr(0, run);
  return head.find("Estimated Trial Run Count:") != std::string_view::npos ||
         head.find("Test 1 of ") != std::string_view::npos;
}

void read_pts_run(reader_context& ctx, const read_options& options) {
  run_reader reader(ctx, options);
  reader.read();
}

}  // namespace iosr::detail
