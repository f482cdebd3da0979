// SPDX-License-Identifier: MIT
#include "input/xml/xml_support.hpp"

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail {

source_position xml_context::at(const pugi::xml_node& node) const {
  auto offset = node.offset_debug();
  if (offset < 0) return {};
  // pugixml points at an element's name; users look for its `<`.
  if (node.type() == pugi::node_element && offset > 0) --offset;
  return lines.position(static_cast<std::size_t>(offset));
}

void xml_context::warn(const pugi::xml_node& node, std::string message) const {
  out.warnings.push_back({at(node), std::move(message)});
}

std::string child_text(const pugi::xml_node& node, const char* name) {
  std::string_view text = node.child(name).child_value();
  auto begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return {};
  auto end = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(begin, end - begin + 1));
}

namespace {

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> pieces;
  std::size_t begin = 0;
  while (true) {
    auto end = text.find(separator, begin);
    pieces.emplace_back(text.substr(begin, end - begin));
    if (end == std::string_view::npos) return pieces;
    begin = end + 1;
  }
}

// The members of a PTS JSON object, or nothing when it is not one (hand-edited files).
std::optional<nlohmann::json> parse_object(std::string_view text) {
  if (text.empty()) return std::nullopt;
  auto json = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded() || !json.is_object()) return std::nullopt;
  return json;
}

std::string string_member(const nlohmann::json& object, const char* key) {
  auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// Samples and standard error from RawString (formats.md §8.1): N counts every piece,
// the statistics use the numeric ones; SE = sample standard deviation / sqrt(N).
void fill_samples(const xml_context& ctx, const xml_entry_source& source, const result& chart,
                  entry& e) {
  if (source.raw_string.empty() || source.raw_string == source.value) return;
  e.samples = split(source.raw_string, ':');
  e.sample_count = e.samples.size();
  std::vector<double> numbers;
  for (const auto& s : e.samples) {
    if (auto v = parse_number(s)) numbers.push_back(*v);
  }
  if (numbers.size() != e.samples.size()) {
    ctx.warn(source.node, "'" + e.label + "' in '" + chart.title + "': RawString '" +
                              source.raw_string + "' holds runs that are not numbers; the "
                              "standard error uses the numeric ones");
  }
  if (numbers.size() < 2) return;
  double mean = 0;
  for (double v : numbers) mean += v;
  mean /= double(numbers.size());
  double squares = 0;
  for (double v : numbers) squares += (v - mean) * (v - mean);
  double deviation = std::sqrt(squares / double(numbers.size() - 1));
  e.standard_error = deviation / std::sqrt(double(*e.sample_count));
}

// A LINE_GRAPH value is the whole series, comma-separated: its mean stands for it.
void fill_series(const xml_context& ctx, const xml_entry_source& source, const result& chart,
                 entry& e) {
  e.kind = entry_kind::series;
  double sum = 0;
  std::size_t count = 0;
  for (const auto& piece : split(e.value_text, ',')) {
    auto v = parse_number(trim(piece));
    if (!v) {
      e.kind = entry_kind::text;
      e.min = e.max = e.value = std::nullopt;
      ctx.warn(source.node, "'" + e.label + "' in '" + chart.title + "': line graph value '" +
                                std::string(trim(piece)) +
                                "' is not a number; the series is kept as text");
      return;
    }
    e.min = e.min ? std::min(*e.min, *v) : *v;
    e.max = e.max ? std::max(*e.max, *v) : *v;
    sum += *v;
    ++count;
  }
  e.value = sum / double(count);
}

}  // namespace

entry make_xml_entry(const xml_context& ctx, const xml_entry_source& source,
                     const result& chart) {
  entry e;
  e.label = source.label;
  e.value_text = source.value;
  e.json = source.json;
  e.where = ctx.at(source.node);
  auto details = parse_object(source.json);
  if (!source.json.empty() && !details) {
    ctx.warn(source.node, "'" + e.label + "' in '" + chart.title +
                              "': Entry JSON is not a JSON object; kept as written");
  }
  const auto& format = chart.display_format;
  if (e.value_text.empty()) {
    e.kind = entry_kind::failed;
    if (details) e.error = string_member(*details, "error");
    return e;
  }
  if (format == "PASS_FAIL" || e.value_text == "PASS" || e.value_text == "FAIL") {
    e.kind = entry_kind::pass_fail;
    e.value = e.value_text == "PASS" ? 1.0 : 0.0;
    if (e.value_text != "PASS" && e.value_text != "FAIL") {
      e.kind = entry_kind::text;
      e.value.reset();
      ctx.warn(source.node, "'" + e.label + "' in '" + chart.title + "': pass/fail value '" +
                                e.value_text + "' is neither PASS nor FAIL; kept as text");
    }
    return e;
  }
  if (format == "IMAGE_COMPARISON" || format == "MULTI_PASS_FAIL") {
    e.kind = entry_kind::text;
    return e;
  }
  if (format == "LINE_GRAPH" || format == "FILLED_LINE_GRAPH" ||
      e.value_text.find(',') != std::string::npos) {
    fill_series(ctx, source, chart, e);
    // One average with the range beside it: a line graph that came from a text export.
    if (e.kind == entry_kind::series && details && e.value_text.find(',') == std::string::npos) {
      if (auto low = parse_number(string_member(*details, "min-result"))) e.min = low;
      if (auto high = parse_number(string_member(*details, "max-result"))) e.max = high;
    }
    return e;
  }
  e.value = parse_number(e.value_text);
  if (!e.value) {
    e.kind = entry_kind::text;
    ctx.warn(source.node, "'" + e.label + "' in '" + chart.title + "': value '" + e.value_text +
                              "' is not a number; kept as text");
    return e;
  }
  fill_samples(ctx, source, chart, e);
  return e;
}

void fill_scheduler(system& s) {
  if (!s.scheduler.empty()) return;
  if (auto json = parse_object(s.json)) {
    s.scheduler = scheduler_key(string_member(*json, "disk-scheduler"));
    if (!s.scheduler.empty()) return;
  }
  constexpr std::string_view marker = "Disk Scheduler: ";
  auto at = s.notes.find(marker);
  if (at == std::string::npos) return;
  auto name = std::string_view(s.notes).substr(at + marker.size());
  name = name.substr(0, name.find_first_of(".\n"));
  s.scheduler = scheduler_key(trim(name));
}

namespace {

// PTS's identity of a chart (formats.md §9), before hashing: results with equal identity
// are one chart to PTS.
std::string identity(const result& r) {
  std::string test = r.test_id;
  if (auto dot = test.rfind('.'); !test.empty() && dot != std::string::npos &&
                                  test.find('-') != std::string::npos && dot > test.rfind('-')) {
    test.erase(dot);
  }
  if (test.empty()) test = r.title;
  return test + ',' + std::string(trim(r.arguments)) + ',' + std::string(trim(r.description)) +
         ',' + std::string(trim(r.version)) + ',' + std::string(trim(r.unit));
}

std::string line_of(source_position p) { return "line " + std::to_string(p.line); }

void collapse_duplicate_results(const xml_context& ctx) {
  auto& results = ctx.out.results;
  std::map<std::string, std::size_t> first_place;
  std::vector<result> kept;
  for (auto& r : results) {
    auto [it, fresh] = first_place.emplace(identity(r), kept.size());
    if (fresh) {
      kept.push_back(std::move(r));
      continue;
    }
    auto& earlier = kept[it->second];
    ctx.out.warnings.push_back(
        {r.where, "result '" + r.title + "' (" + r.description + ") repeats the one at " +
                      line_of(earlier.where) + "; as in PTS, this later one is kept, at the "
                      "earlier one's place"});
    earlier = std::move(r);
  }
  results = std::move(kept);
}

void report_duplicate_entries(const xml_context& ctx) {
  for (const auto& r : ctx.out.results) {
    std::map<std::string, source_position> seen;
    for (const auto& e : r.entries) {
      auto [it, fresh] = seen.emplace(e.label, e.where);
      if (!fresh) {
        ctx.out.warnings.push_back(
            {e.where, "'" + e.label + "' has a second entry in '" + r.title + "' (first at " +
                          line_of(it->second) + "); both are kept, as PTS's text export does"});
      }
    }
  }
}

void add_missing_systems(const xml_context& ctx) {
  std::set<std::string> known, with_entries;
  for (const auto& s : ctx.out.systems) known.insert(s.label);
  for (const auto& r : ctx.out.results) {
    for (const auto& e : r.entries) {
      with_entries.insert(e.label);
      if (known.insert(e.label).second) {
        auto s = make_system(e.label);
        s.where = e.where;
        ctx.out.systems.push_back(std::move(s));
        ctx.out.warnings.push_back(
            {e.where, "entry '" + e.label + "' in '" + r.title + "' names no System; added it "
                      "without hardware or software details"});
      }
    }
  }
  if (ctx.out.results.empty()) return;
  for (const auto& s : ctx.out.systems) {
    if (!with_entries.count(s.label)) {
      ctx.out.warnings.push_back({s.where, "system '" + s.label + "' has no entries in any "
                                           "result"});
    }
  }
}

}  // namespace

void finish_xml_file(const xml_context& ctx) {
  collapse_duplicate_results(ctx);
  report_duplicate_entries(ctx);
  add_missing_systems(ctx);
  if (ctx.out.title.find('$') != std::string::npos) {
    ctx.out.warnings.push_back({{}, "file title '" + ctx.out.title + "' holds an unexpanded PTS "
                                    "variable; kept as written"});
  }
  for (const auto& r : ctx.out.results) {
    if (r.title.find('$') != std::string::npos) {
      ctx.out.warnings.push_back({r.where, "title '" + r.title + "' holds an unexpanded PTS "
                                           "variable; kept as written"});
    }
  }
  if (ctx.out.results.empty()) {
    ctx.out.warnings.push_back({{}, "the file holds no results (an unfinished run's "
                                    "active.xml?)"});
  }
}

}  // namespace iosr::detail
