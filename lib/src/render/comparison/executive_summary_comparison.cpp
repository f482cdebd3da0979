// SPDX-License-Identifier: MIT
// The executive summary: a few paragraphs of prose that say what the tables show, as PTS's
// `executive-summary` does for a result file (docs/compare.md, "The executive summary"). Each
// figure is one the tables print, in the same text (summary_rows(), delta_text(),
// geomean_interval_text(), carried_lines()), so that a reader can find it there.
#include <algorithm>
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/counted.hpp"
#include "render/comparison/comparison_cells.hpp"
#include "render/comparison/comparison_formats.hpp"
#include "render/comparison/summary_blocks.hpp"
#include "render/comparison/uncertainty_cells.hpp"
#include "render/text_layout.hpp"
#include "strings.hpp"

namespace iosr {

namespace {

using detail::summary_row;

// How many configurations or entries a sentence names before it stops: a paragraph, not a table.
constexpr std::size_t named_at_most = 3;

// `a`, `a and b`, `a, b and c`.
std::string listed(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " and " : ", ";
    out += items[i];
  }
  return out;
}

// Who came first (or last) most often: the configurations with the most places, ties named
// together, then up to two runners-up with their counts.
std::string places_sentence(const comparison& c, const std::vector<const summary_row*>& rows,
                            bool first) {
  std::vector<const summary_row*> ranked;
  for (const auto* row : rows) {
    const auto& conf = c.configurations[row->configuration];
    if ((first ? conf.first_places : conf.last_places) > 0) ranked.push_back(row);
  }
  if (ranked.empty()) return {};
  const auto places = [&](const summary_row* row) {
    const auto& conf = c.configurations[row->configuration];
    return first ? conf.first_places : conf.last_places;
  };
  std::stable_sort(ranked.begin(), ranked.end(),
                   [&](auto* a, auto* b) { return places(a) > places(b); });
  const std::size_t most = places(ranked.front());
  std::vector<std::string> leaders;
  std::size_t k = 0;
  for (; k < ranked.size() && places(ranked[k]) == most; ++k) {
    leaders.emplace_back(detail::shown_label(c, ranked[k]->configuration));
  }
  std::string s = listed(leaders) + (first ? " came first" : " came last") + " most often, in " +
                  counted(most, "test") + (leaders.size() > 1 ? " each" : "");
  std::vector<std::string> others;
  for (; k < ranked.size() && others.size() + 1 < named_at_most; ++k) {
    others.push_back(std::string(detail::shown_label(c, ranked[k]->configuration)) + " (" +
                     std::to_string(places(ranked[k])) + ")");
  }
  if (!others.empty()) s += ", then " + listed(others);
  return s + ".";
}

// The geometric means of the group against its baseline, best first, each with its interval.
std::string geomean_sentence(const comparison& c, const std::vector<const summary_row*>& rows,
                             std::size_t baseline) {
  std::vector<std::string> means;
  for (const auto* row : rows) {
    if (row->is_baseline || row->cells[detail::ratio_cell].empty()) continue;
    const auto& conf = c.configurations[row->configuration];
    std::string mean = std::string(detail::shown_label(c, row->configuration)) + " " +
                       row->cells[detail::ratio_cell];
    if (const auto in = detail::geomean_interval_text(conf); !in.empty()) mean += " " + in;
    if (conf.tests_compared != conf.tests_total) {
      mean += " (over " + row->cells[detail::tests_cell] + " tests)";
    }
    means.push_back(std::move(mean));
  }
  if (means.empty()) return {};
  // Many configurations (a compiler's 20 flags) would make the sentence a table: the best few
  // and the lowest are named, and the summary table has the others.
  std::string rest;
  if (means.size() > named_at_most + 2) {
    rest = "; the lowest is " + means.back() + ", and the summary table gives the others";
    means.resize(named_at_most);
  }
  std::string s = "Against the baseline " + std::string(detail::shown_label(c, baseline)) +
                  ", the geometric mean of the performance ratios (above 1 is better";
  const bool intervals = std::any_of(rows.begin(), rows.end(), [&](const summary_row* row) {
    return !detail::geomean_interval_text(c.configurations[row->configuration]).empty();
  });
  if (intervals) s += "; " + detail::level_text(c) + " interval";
  return s + ") is " + listed(means) + rest + ".";
}

// Whether a unit measures time (`Seconds`, `ms`, `usec, 99.9th Latency Percentile`, `us Per
// Event`): its first word is a unit of time.
bool measures_time(std::string_view unit) {
  static constexpr std::string_view times[] = {
      "s",   "sec",     "secs",         "second",      "seconds",      "ms",
      "msec", "millisecond", "milliseconds", "us",     "usec",         "\u00b5s",
      "microsecond", "microseconds", "ns", "nsec", "nanosecond", "nanoseconds",
      "min", "mins",    "minute",       "minutes",     "hour",         "hours"};
  const auto end = unit.find_first_of(" ,/(");
  const auto word = detail::ascii_lower(unit.substr(0, end));
  return std::find(std::begin(times), std::end(times), word) != std::end(times);
}

// What an entry's change reads as in prose, in the reader's terms rather than as a signed delta
// (a gain in seconds is a negative delta, which read as a loss): `was 12.3% higher`, `was 4.0%
// lower`, or `took 99.0% less time` where the unit is one of time, the delta's own digits without
// their sign; then whether it stands out from the noise.
std::string change_text(const compared_test& test, const compared_entry& e) {
  std::string s = detail::delta_text(e.delta_pct);
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    const bool up = s[0] == '+';
    s.erase(0, 1);
    s = measures_time(test.unit) ? "took " + s + (up ? " more time" : " less time")
                                 : "was " + s + (up ? " higher" : " lower");
  }
  if (e.noise == noise::not_significant) s += " (within the noise)";
  if (e.noise == noise::few_runs) s += " (fewer than 3 runs)";
  return s;
}

// The largest gains or losses of the group: entries by performance ratio, furthest from 1 first.
std::string changes_sentence(const comparison& c, std::size_t group, bool gains) {
  struct found {
    const compared_test* test;
    const compared_entry* entry;
  };
  std::vector<found> all;
  for (const auto& test : c.tests) {
    for (const auto& e : test.entries) {
      if (c.configurations[e.configuration].compare_group != group || !e.ratio || !e.delta_pct) {
        continue;
      }
      if (gains ? *e.ratio > 1.0 : *e.ratio < 1.0) all.push_back({&test, &e});
    }
  }
  if (all.empty()) return {};
  std::stable_sort(all.begin(), all.end(), [&](const found& a, const found& b) {
    return gains ? *a.entry->ratio > *b.entry->ratio : *a.entry->ratio < *b.entry->ratio;
  });
  if (all.size() > named_at_most) all.resize(named_at_most);
  std::vector<std::string> items;
  for (const auto& f : all) {
    // The unit and direction tell apart the charts of one heading (fio's MB/s and IOPS), and
    // say why a value 32% higher is a loss where lower is better.
    std::string item = std::string(detail::shown_label(c, f.entry->configuration)) + " " +
                       change_text(*f.test, *f.entry) + " in " + detail::test_heading(*f.test);
    if (const auto about = detail::unit_about(f.test->unit, f.test->direction); !about.empty()) {
      item += " (" + about + ")";
    }
    items.push_back(std::move(item));
  }
  return std::string(gains ? "The largest gains: " : "The largest losses: ") + listed(items) + ".";
}

}  // namespace

std::vector<executive_summary_section> executive_summary(const comparison& c) {
  std::vector<executive_summary_section> sections;
  const auto rows = detail::summary_rows(c);
  // carried_lines() has a sentence per configuration with carried_by, in summary_order.
  std::map<std::size_t, std::string> carried;
  {
    const auto lines = detail::carried_lines(c);
    std::size_t n = 0;
    for (const auto i : c.summary_order) {
      if (!c.configurations[i].carried_by.empty()) carried[i] = lines[n++];
    }
  }
  for (std::size_t g = 0; g < c.compare_groups.size(); ++g) {
    const auto& group = c.compare_groups[g];
    std::vector<const summary_row*> members;
    for (const auto& row : rows) {
      if (c.configurations[row.configuration].compare_group == g) members.push_back(&row);
    }
    if (members.empty()) continue;
    auto& section = sections.emplace_back();
    if (c.compare_groups.size() > 1) section.compare_group = group.name;
    std::vector<std::string> sentences;
    sentences.push_back(places_sentence(c, members, true));
    if (members.size() > 2) sentences.push_back(places_sentence(c, members, false));
    if (group.baseline) {
      sentences.push_back(geomean_sentence(c, members, *group.baseline));
      sentences.push_back(changes_sentence(c, g, true));
      sentences.push_back(changes_sentence(c, g, false));
    } else {
      sentences.push_back(
          "There is no baseline in this group, so no performance ratios: name one with "
          "--baseline.");
    }
    std::string paragraph;
    for (const auto& s : sentences) {
      if (s.empty()) continue;
      if (!paragraph.empty()) paragraph += ' ';
      paragraph += s;
    }
    section.paragraphs.push_back(std::move(paragraph));
    for (const auto* row : members) {
      if (const auto found = carried.find(row->configuration); found != carried.end()) {
        section.paragraphs.push_back(found->second);
      }
    }
  }
  return sections;
}

namespace detail {

void render_executive_summary_comparison(const comparison& c,
                                         const comparison_render_options& options,
                                         std::string& out) {
  const auto width = usable_width(options.width);
  bool first = true;
  for (const auto& section : executive_summary(c)) {
    // A group's heading as the ascii format writes it.
    if (!section.compare_group.empty()) {
      if (!first) out += '\n';
      for (const auto& line : wrapped("[" + section.compare_group + "]", width)) out += line + '\n';
      first = true;
    }
    for (const auto& paragraph : section.paragraphs) {
      if (!first) out += '\n';
      first = false;
      for (const auto& line : wrapped(paragraph, width, "")) out += line + '\n';
    }
  }
}

}  // namespace detail

}  // namespace iosr
