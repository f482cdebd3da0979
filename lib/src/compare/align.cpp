// SPDX-License-Identifier: MIT
// Merging inputs: configurations and their groups, and tests matched across inputs.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "compare/engine.hpp"
#include "iosr/error.hpp"
#include "iosr/match.hpp"
#include "number.hpp"

namespace iosr::detail {

namespace {

std::string file_name_of(const std::string& path) {
  if (path == "-") return "stdin";
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Short names label the inputs, so they must differ: fall back to the path, then a number.
std::vector<compared_input> name_inputs(std::span<const result_file> files) {
  std::vector<compared_input> inputs;
  std::map<std::string, int> seen;
  for (const auto& f : files)
    inputs.push_back({f.source_name, file_name_of(f.source_name), f.title});
  for (const auto& in : inputs) ++seen[in.short_name];
  for (auto& in : inputs) {
    if (seen[in.short_name] > 1) in.short_name = in.source_name;
  }
  std::map<std::string, int> again;
  for (auto& in : inputs) {
    const int n = ++again[in.short_name];
    if (n > 1) in.short_name += " (" + std::to_string(n) + ")";
  }
  return inputs;
}

std::string compare_group_name(const compare_options& options, const compared_input& input,
                               const std::string& system_group, bool several_inputs) {
  std::string name;
  switch (options.group_by) {
    case group_by::input_and_group:
      if (several_inputs) name = input.short_name;
      if (!system_group.empty()) name += (name.empty() ? "" : ": ") + system_group;
      break;
    case group_by::group:
      name = system_group;
      break;
    case group_by::input:
      name = several_inputs ? input.short_name : std::string();
      break;
    case group_by::none:
      break;
  }
  return name.empty() ? "all" : name;
}

// Whether a number's value is not the mean of its runs, beyond the rounding of the value and
// of the runs as written (half the place of the last digit of each) and a double's last digits:
// then the runs are not the measurements behind the value. PTS writes the mean of the runs.
// `run_place` is the largest last_place() of the runs.
bool runs_disagree(const entry& e, const std::vector<double>& runs, double run_place) {
  if (e.kind != entry_kind::number || !e.value || runs.size() < 2) return false;
  double sum = 0;
  for (const double r : runs) sum += r;
  const double mean = sum / static_cast<double>(runs.size());
  const double rounding = 0.5 * last_place(e.value_text) + 0.5 * run_place;
  return std::fabs(mean - *e.value) > rounding + 1e-9 * std::fabs(mean);
}

std::vector<std::string> renamed_labels(const compare_options& options) {
  std::vector<std::string> from;
  for (const auto& r : options.renames) from.push_back(r.first);
  return from;
}

// Builds the configurations of one input and maps its labels (as written) to them; labels
// of unwanted configurations map to nothing.
class configuration_builder {
 public:
  configuration_builder(comparison& c, const compare_options& options)
      : c_(c),
        options_(options),
        only_("--only", options.only),
        renames_("--rename", renamed_labels(options), "label") {}

  // A name given to --only or --rename that names nothing is a usage error: it would drop a
  // configuration, or leave one unrenamed, without a word.
  void check_names() const {
    only_.check();
    renames_.check();
  }

  // Labels are looked up once per entry: a linear search would be quadratic on big files.
  void start_input(std::size_t i, const result_file& file) {
    input_ = i;
    systems_.clear();
    for (const auto& s : file.systems) systems_.emplace(s.label, &s);  // the first one wins
  }

  // The configuration of a label of the current input, or -1 when --only leaves it out.
  long find_or_add(const std::string& label) {
    const std::size_t i = input_;
    auto written_key = std::make_pair(i, label);
    if (auto it = written_.find(written_key); it != written_.end()) return it->second;
    const long index = add(i, label);
    written_.emplace(std::move(written_key), index);
    return index;
  }

 private:
  bool several_inputs() const { return c_.inputs.size() > 1; }

  // The label as shown: with its input's short name when there are several.
  std::string shown(std::size_t i, const std::string& label) const {
    return several_inputs() ? c_.inputs[i].short_name + ": " + label : label;
  }

  // --rename OLD=NEW: OLD is a label, as written or as shown (names_configuration(), without
  // the scheduler: NEW replaces the whole label).
  std::string renamed(std::size_t i, const std::string& label) {
    if (options_.renames.empty()) return label;
    const auto as_shown = shown(i, label);
    renames_.look({label, as_shown}, {}, as_shown);
    for (const auto& [from, to] : options_.renames) {
      if (names_configuration(from, {label, as_shown}, {})) return to;
    }
    return label;
  }

  // The configuration of a label as written that is not seen yet in this input: labels renamed
  // to one share it.
  long add(std::size_t i, const std::string& label) {
    auto key = std::make_pair(i, renamed(i, label));
    if (auto it = index_.find(key); it != index_.end()) return it->second;

    const auto found = systems_.find(label);
    const system* written = found == systems_.end() ? nullptr : found->second;
    system sys = written && key.second == label ? *written : make_system(key.second);
    configuration conf;
    conf.source_label = key.second;
    conf.label = shown(i, key.second);
    conf.system_group = sys.group;
    conf.name = sys.name;
    conf.scheduler = sys.scheduler;
    conf.named_baseline = sys.baseline;
    conf.input = i;
    if (written) {
      conf.hardware = written->hardware;
      conf.software = written->software;
    }
    long index = -1;
    const bool wanted =
        options_.only.empty() ||
        only_.look({conf.label, conf.source_label, conf.name}, conf.scheduler, conf.label);
    if (wanted) {
      conf.compare_group = compare_group_of(
          compare_group_name(options_, c_.inputs[i], conf.system_group, several_inputs()));
      index = static_cast<long>(c_.configurations.size());
      c_.configurations.push_back(std::move(conf));
    }
    index_.emplace(std::move(key), index);
    return index;
  }

  std::size_t compare_group_of(const std::string& name) {
    auto [it, added] = groups_.try_emplace(name, c_.compare_groups.size());
    if (added) c_.compare_groups.push_back({name, std::nullopt});
    return it->second;
  }

  comparison& c_;
  const compare_options& options_;
  name_check only_;
  name_check renames_;
  std::map<std::pair<std::size_t, std::string>, long> index_;    // by label after --rename
  std::map<std::pair<std::size_t, std::string>, long> written_;  // by label as written
  std::map<std::string, std::size_t> groups_;
  std::size_t input_ = 0;
  std::unordered_map<std::string_view, const system*> systems_;
};

}  // namespace

comparison align(std::span<const result_file> files, const compare_options& options) {
  comparison c;
  c.inputs = name_inputs(files);
  configuration_builder configurations(c, options);

  test_index tests(test_match::compare(options.ignore_version));
  bool has_tests = false;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const auto& file = files[i];
    configurations.start_input(i, file);
    for (const auto& s : file.systems) configurations.find_or_add(s.label);

    tests.next_file();
    has_tests = has_tests || !file.results.empty();
    for (const auto& res : file.results) {
      if (!options.filter.matches(res.title, res.description)) continue;
      const auto [index, added] = tests.find_or_add(fields_of(res));
      if (added) c.tests.push_back({header_of(res), {}, {}});  // its header, no entries yet
      auto& test = c.tests[index];
      if (test.inputs.empty() || test.inputs.back() != i) test.inputs.push_back(i);
      if (!added) join_version(test.version, res.version);  // differs only with --ignore-version
      for (const auto& e : res.entries) {
        const long conf = configurations.find_or_add(e.label);
        if (conf < 0) continue;
        compared_entry ce;
        ce.configuration = static_cast<std::size_t>(conf);
        ce.kind = e.kind;
        ce.value_text = e.value_text;
        ce.value = e.value;
        ce.standard_error = e.standard_error;
        ce.sample_count = e.sample_count;
        ce.error = e.error;
        // Runs that are not numbers were reported by the reader; the statistics use the rest.
        double run_place = 0;
        for (const auto& run : e.samples) {
          if (auto v = parse_number(run)) {
            ce.runs.push_back(*v);
            run_place = std::max(run_place, last_place(run));
          }
        }
        ce.runs_disagree = runs_disagree(e, ce.runs, run_place);
        test.entries.push_back(std::move(ce));
      }
    }
  }
  configurations.check_names();
  // A filter that keeps no test leaves nothing to compare: most likely a typing error.
  if (!options.filter.empty() && c.tests.empty() && has_tests) {
    throw error(error_kind::usage,
                "--filter: '" + options.filter.pattern() +
                    "' matches no test's title or description; expected a regular expression "
                    "found in one of them");
  }
  if (files.size() > 1) {
    for (std::size_t t = 0; t < c.tests.size(); ++t) {
      if (c.tests[t].inputs.size() < files.size()) c.unmatched.push_back(t);
    }
  }
  return c;
}

}  // namespace iosr::detail
