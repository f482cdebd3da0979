// SPDX-License-Identifier: MIT
// The site's trend (views.hpp): the page of `iosr trend --format html` when the tests chosen
// are few enough to draw each, with each machine and each point linked back to its results;
// else the overview a team starts from: the machines (their results, kernels and schedulers),
// each machine's geometric mean over all its tests, and the families of tests, each a link
// that narrows the choice. Never a bare error.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <utility>

#include "iosr/error.hpp"
#include "iosr/match.hpp"
#include "iosr/operations.hpp"
#include "serve/kept_pages.hpp"
#include "serve/views.hpp"

namespace iosr::detail {
namespace {

// Each machine's points, each linked to the results it came from: the files with a system on
// that machine at that kernel or on that day (a one-file answer opens that result: open=1);
// with several machines, one line each, its name linked to its own trend (`machine_link`).
// Labels are not linked: a label point is a system's own name, shown in every result.
template <class MachineLink>
std::string machine_points(const trend& t, const MachineLink& machine_link) {
  const std::string_view point_parameter = t.by == trend_by::kernel ? "kernel" : "date";
  const bool link_points = t.by != trend_by::label;
  std::vector<std::vector<bool>> measured(t.machines.size(),
                                          std::vector<bool>(t.points.size(), false));
  auto mark = [&](const trend_series& series) {
    const auto machine = t.configurations[series.configuration].machine;
    for (const auto& v : series.values) {
      if (v.ratio) measured[machine][v.point] = true;
    }
  };
  for (const auto& series : t.geomean) mark(series);
  for (const auto& test : t.tests) {
    for (const auto& series : test.series) mark(series);
  }
  auto links_of = [&](std::size_t m) {
    std::string links;
    for (std::size_t p = 0; link_points && p < t.points.size(); ++p) {
      if (!measured[m][p]) continue;
      const auto& name = t.points[p].name;
      links += fmt::format(" <a class=\"point\" href=\"/results?{}\">{}</a>",
                           html_text(query_string({{"machine", t.machines[m].name},
                                                   {std::string(point_parameter), name},
                                                   {"open", "1"}})),
                           html_text(name));
    }
    return links;
  };
  if (t.machines.size() == 1) {
    const auto links = links_of(0);
    return links.empty() ? std::string{} : "<p class=\"points\">Results at:" + links + "</p>\n";
  }
  std::string out = "<ul class=\"machines\">\n";
  for (std::size_t m = 0; m < t.machines.size(); ++m) {
    out += fmt::format("<li>Machine {}: <a href=\"/trend?{}\">{}</a>", t.machines[m].number,
                       html_text(machine_link(m)), html_text(t.machines[m].name));
    if (const auto links = links_of(m); !links.empty()) {
      out += " <span class=\"points\">results at:" + links + "</span>";
    }
    out += "</li>\n";
  }
  return out + "</ul>\n";
}

// With several tests drawn, a link to each one's own trend: the filter is its description
// exactly (its title when it has none), which keeps that test and only the tests of other
// families written the same way; the machine, series and baseline chosen are kept.
std::string test_links(const trend& t, const query_params& q) {
  if (t.tests.size() < 2) return {};
  std::string out = "<p class=\"tests\">Each test on its own:";
  for (const auto& test : t.tests) {
    const auto& info = test.info;
    const auto& what = info.description.empty() ? info.title : info.description;
    out += fmt::format(
        " <a class=\"test\" href=\"/trend?{}\">{}</a>",
        html_text(query_string({{"machine", q.get("machine")},
                                {"filter", "^" + test_filter::quoted(what) + "$"},
                                {"by", q.get("by")},
                                {"baseline", q.get("baseline")}})),
        html_text(info.description.empty() ? info.title : info.title + ": " + info.description));
  }
  return out + "</p>\n";
}

// Every machine of the store as the trend numbers them (its place among all, in the order
// their systems were stored), with what `machine=` may match: its name and hardware fields.
struct store_machine {
  std::size_t number = 0;
  std::string name;
  std::string text;  // name and hardware values, for names_machine()
  std::vector<field> fields;
};

std::vector<store_machine> machines_in(const trend_input& input) {
  std::vector<store_machine> out;
  for (const auto& s : input.systems) {
    auto m = machine_of(s.hardware);
    if (std::any_of(out.begin(), out.end(),
                    [&](const store_machine& x) { return x.fields == m.hardware; })) {
      continue;
    }
    std::string text = m.name;
    for (const auto& f : s.hardware) text += "\n" + f.value;
    out.push_back({out.size() + 1, m.name, std::move(text), std::move(m.hardware)});
  }
  return out;
}

// What one machine of the overview shows.
struct machine_row {
  std::vector<std::string> kernels;  // in version order
  std::vector<std::string> schedulers;
};

// A machine's hardware fields (trend_machine::hardware) as a key.
using machine_key = std::vector<std::pair<std::string, std::string>>;
machine_key key_of(const std::vector<field>& hardware) {
  machine_key key;
  for (const auto& f : hardware) key.emplace_back(f.key, f.value);
  return key;
}

// Every machine's row, by its hardware: one pass over the systems (a store of a million
// entries has thousands), each system's machine told once.
std::map<machine_key, machine_row> rows_of(const trend_input& input) {
  std::map<machine_key, std::map<std::string, std::string>> kernels;  // by sort key
  std::map<machine_key, machine_row> rows;
  for (const auto& s : input.systems) {
    const auto hardware = key_of(machine_of(s.hardware).hardware);
    auto& row = rows[hardware];
    if (const auto k = parse_kernel_version(s.kernel)) {
      kernels[hardware].emplace(k->sort_key, k->text);
    }
    if (!s.scheduler.empty() &&
        std::find(row.schedulers.begin(), row.schedulers.end(), s.scheduler) ==
            row.schedulers.end()) {
      row.schedulers.push_back(s.scheduler);
    }
  }
  for (auto& [hardware, by_key] : kernels) {
    for (auto& [key, text] : by_key) rows[hardware].kernels.push_back(std::move(text));
  }
  return rows;
}

// The families of the tests chosen, each with the pattern that keeps it: by title; when every
// test has one title, by the first part of the description (`Type: Random Read` of `Type:
// Random Read - Block Size: 4KB`), so that each link narrows the choice.
struct family {
  std::string name, pattern;
  std::size_t tests = 0;
};

std::vector<family> families_of(const trend_input& input) {
  std::map<std::string, std::size_t> titles;
  for (const auto& t : input.tests) ++titles[t.title];
  std::vector<family> out;
  if (titles.size() > 1) {
    for (const auto& [title, count] : titles) {
      out.push_back({title, "^" + test_filter::quoted(title) + "$", count});
    }
    return out;
  }
  std::map<std::string, std::size_t> parts;
  for (const auto& t : input.tests) {
    const auto cut = t.description.find(" - ");
    ++parts[t.description.substr(0, cut)];
  }
  for (const auto& [part, count] : parts) {
    out.push_back({part.empty() ? "(no description)" : part,
                   "^" + test_filter::quoted(part) + "( - |$)", count});
  }
  return out;
}

std::string joined(const std::vector<std::string>& values) {
  std::string out;
  for (const auto& v : values) out += (out.empty() ? "" : ", ") + v;
  return out;
}

http_response overview(shared_store& db, const site_limits& limits, const query_params& q,
                       const trend_input& input, const trend_options& options,
                       const std::string& front) {
  // Each machine's geometric mean alone: the tests' series are measured for it but not
  // searched for steps nor drawn (a fraction of the whole trend's work), and the work stops
  // at the time limit inside the computation, not only in the store's query.
  auto light = options;
  light.geomeans_only = true;
  light.stop = db.stop;
  db.check();
  auto t = compute_trend(input, light);
  db.check();
  const auto rows = rows_of(input);
  auto link = [&](std::string_view machine, std::string_view filter) {
    return "/trend?" + query_string({{"machine", std::string(machine)},
                                     {"filter", std::string(filter)},
                                     {"by", q.get("by")},
                                     {"baseline", q.get("baseline")}});
  };
  std::string intro = fmt::format(
      "<p class=\"overview\">{} tests on {} machine{}: more than the {} one page draws. Here "
      "are the machines and each one's geometric mean over all its tests; choose a machine or "
      "a family of tests below to draw each test.</p>\n",
      input.tests.size(), t.machines.size(), t.machines.size() == 1 ? "" : "s",
      limits.max_trend_tests);
  std::string machines =
      "<h2>Machines</h2>\n<div class=\"scroll\"><table class=\"results machines\">\n<thead><tr>"
      "<th>Machine</th><th>Results</th><th>Kernels</th><th>Schedulers</th></tr></thead>\n"
      "<tbody>\n";
  // Each machine's results, as its link lists them: one query for every machine.
  std::vector<std::string> names;
  for (const auto& m : t.machines) names.push_back(machine_of(m.hardware).name);
  const auto counts = db.with([&](store& s) { return s.count_files_on(names); });
  db.check();
  for (std::size_t i = 0; i < t.machines.size(); ++i) {
    const auto& m = t.machines[i];
    const auto found = rows.find(key_of(m.hardware));
    const auto row = found == rows.end() ? machine_row{} : found->second;
    const auto& machine = names[i];
    const auto results = counts.at(i);
    const auto kernels = row.kernels.empty()      ? std::string("—")
                         : row.kernels.size() == 1 ? row.kernels.front()
                                                   : row.kernels.front() + " to " + row.kernels.back();
    machines += fmt::format(
        "<tr><td><a href=\"{}\">Machine {}: {}</a></td><td class=\"number\" "
        "data-label=\"Results\"><a href=\"/results?{}\">{}</a></td><td "
        "data-label=\"Kernels\">{}</td><td data-label=\"Schedulers\">{}</td></tr>\n",
        html_text(link(std::to_string(m.number), q.get("filter"))), m.number, html_text(m.name),
        html_text(query_string({{"machine", machine}})), results, html_text(kernels),
        html_text(joined(row.schedulers)));
  }
  machines += "</tbody>\n</table></div>\n<h2>Each machine over all its tests</h2>\n";
  std::string families =
      "<h2 id=\"families\">Test families</h2>\n<div class=\"scroll\"><table class=\"results "
      "families\">\n<thead><tr><th>Tests</th><th>How many</th></tr></thead>\n<tbody>\n";
  for (const auto& f : families_of(input)) {
    families += fmt::format(
        "<tr><td><a href=\"{}\">{}</a></td><td class=\"number\" data-label=\"How many\">{}</td>"
        "</tr>\n",
        html_text(link(q.get("machine"), f.pattern)), html_text(f.name), f.tests);
  }
  families += "</tbody>\n</table></div>\n";
  t.tests.clear();
  std::string page;
  render_trend(t, "html", {}, page);
  if (const auto end = page.rfind("</body>"); end != std::string::npos) {
    page.insert(end, families);
  }
  return respond_with(with_frame(std::move(page), front + intro + machines), html_type);
}

http_response draw_trend(shared_store& db, const site_limits& limits, const query_params& q,
                         view_as as) {
  trend_request request;
  request.format = as == view_as::json ? "json" : "html";
  auto& o = request.options;
  if (const auto by = q.get("by"); !by.empty()) {
    const auto parsed = from_string<trend_by>(by);
    if (!parsed) {
      throw bad_request{400,
                        "by: '" + by.substr(0, 40) + "' is not one of " + choices_of<trend_by>()};
    }
    o.by = *parsed;
    request.by_chosen = true;
  }
  o.baseline = q.get("baseline");
  if (const auto f = q.get("filter"); !f.empty()) o.filter = test_filter(f);
  if (const auto m = q.get("machine"); !m.empty()) o.machines.push_back(m);
  std::string front = "<form method=\"get\" action=\"/trend\" class=\"options\">\n";
  front += text_field("machine", "Machine", q.get("machine"), "a number or part of the name");
  front += text_field("filter", "Tests", q.get("filter"), "a regular expression");
  front += select_field("by", "Series", {"kernel", "date", "label"}, std::string(name_of(o.by)));
  front += text_field("baseline", "Baseline", o.baseline, "a scheduler, name or label");
  front += "<button type=\"submit\">Show</button>\n</form>\n";
  // The machine is chosen in the store's query, by its number or a part of its name, so that
  // one machine's page reads that machine's entries only (as `iosr trend --machine`).
  trend_query wanted(o.filter);
  wanted.machines = o.machines;
  auto input = db.with([&](store& s) { return s.load_trend_input(wanted); });
  // Every system comes back whatever the filter keeps: a machine that is not there is a 404,
  // the same with or without a filter.
  if (!o.machines.empty()) {
    const auto all = machines_in(input);
    const auto& m = o.machines.front();
    const bool named = std::any_of(all.begin(), all.end(), [&](const store_machine& x) {
      return names_machine(m, x.number, all.size(), x.text);
    });
    if (!named) {
      throw bad_request{
          404, all.empty() ? "no machine '" + m.substr(0, 60) + "': the store has no machine"
                           : fmt::format("no machine '{}': expected a machine's number (1 to {}) "
                                         "or a part of its name, as the trend lists them",
                                         m.substr(0, 60), all.size())};
    }
  }
  // A page of thousands of charts helps nobody and takes the server's time: the overview.
  if (input.tests.size() > limits.max_trend_tests) {
    if (as == view_as::json) {
      throw bad_request{400, fmt::format("the trend would draw {} tests; expected at most {}: "
                                         "choose the tests (filter) or a machine (machine)",
                                         input.tests.size(), limits.max_trend_tests)};
    }
    return overview(db, limits, q, input, o, front);
  }
  request.options.stop = db.stop;  // the drawing stops at the time limit too
  db.check();
  auto outcome = run_trend(input, request);
  if (as == view_as::json) return respond_with(std::move(outcome.text), json_type);
  const auto& t = outcome.result;
  // Each machine on its own, and each point back to the result it came from.
  front += machine_points(t, [&](std::size_t m) {
    return query_string({{"machine", std::to_string(t.machines[m].number)},
                         {"filter", q.get("filter")},
                         {"by", q.get("by")},
                         {"baseline", o.baseline}});
  });
  front += test_links(t, q);
  return respond_with(with_frame(std::move(outcome.text), front), html_type);
}

}  // namespace

http_response trend_view(shared_store& db, const site_limits& limits, const query_params& q,
                         view_as as) {
  if (db.trends == nullptr) return draw_trend(db, limits, q, as);
  // The page is a function of these four parameters, HTML or JSON, the site's limits and the
  // store: each value after its length, so that no value makes two keys alike.
  std::string key(as == view_as::json ? "json" : "html");
  for (const auto* name : {"machine", "filter", "by", "baseline"}) {
    const auto value = q.get(name);
    key += ' ' + std::to_string(value.size()) + ' ' + value;
  }
  // Read before the page's own queries and again after them: a page is kept only when the
  // store was at this generation all along (kept_pages::get).
  const auto read_generation = [&] { return db.with([](store& s) { return s.generation(); }); };
  const auto generation = read_generation();
  if (generation.empty()) return draw_trend(db, limits, q, as);
  const auto still = [&] { return read_generation() == generation; };
  return db.trends->get(key, generation, db.stop, [&] {
    // A refusal is kept too (a machine that is not there is known after reading the store),
    // as the page site::respond makes of it. Anything else (the store failing, the request
    // stopped) is the request's own, and is not kept.
    try {
      return draw_trend(db, limits, q, as);
    } catch (const bad_request& e) {
      return message_page(e.status, e.message, as);
    } catch (const error& e) {
      if (e.kind() != error_kind::usage || db.stop.stop_requested()) throw;
      return message_page(400, e.what(), as);
    }
  }, still);
}

}  // namespace iosr::detail
