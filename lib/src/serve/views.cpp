// SPDX-License-Identifier: MIT
// The site's pages (views.hpp): the results list with its filters and the compare form, a
// comparison and a trend drawn by run_compare and run_trend with the site's navigation and
// options form added in front, and the same data as JSON.
#include "serve/views.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "iosr/operations.hpp"
#include "render/escape.hpp"

namespace iosr::detail {
namespace {

// The site's style sheet, and an empty icon: a browser asks for /favicon.ico otherwise, which is
// no page of the site (a 404 in every page's console).
constexpr std::string_view site_links =
    "<link rel=\"stylesheet\" href=\"/static/serve.css\">\n<link rel=\"icon\" href=\"data:,\">\n";

}  // namespace

std::string page_head(std::string_view title) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<meta name=\"color-scheme\" content=\"light dark\">\n<title>" +
         html_text(title) + "</title>\n" + std::string(site_links) + "</head>\n<body>\n";
}

std::string nav_bar() {
  return "<nav class=\"iosr-serve\"><a href=\"/results\">Results</a> <a "
         "href=\"/trend\">Trend</a> <a href=\"/api/v1/results\">API</a></nav>\n";
}

std::string text_field(std::string_view name, std::string_view label, const std::string& value,
                       std::string_view hint) {
  return fmt::format("<label>{} <input type=\"text\" name=\"{}\" value=\"{}\"{}></label>\n",
                     html_text(label), name, html_text(value),
                     hint.empty() ? std::string{} : " placeholder=\"" + html_text(hint) + "\"");
}

std::string select_field(std::string_view name, std::string_view label,
                         const std::vector<std::string_view>& choices, const std::string& value) {
  std::string out = fmt::format("<label>{} <select name=\"{}\">", html_text(label), name);
  for (const auto choice : choices) {
    out +=
        fmt::format("<option{}>{}</option>", choice == value ? " selected" : "", html_text(choice));
  }
  return out + "</select></label>\n";
}

namespace {

std::size_t whole_number(const query_params& q, std::string_view name, std::size_t fallback,
                         std::size_t max) {
  const auto text = q.get(name);
  if (text.empty()) return fallback;
  std::size_t value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9' || value > max) {
      throw bad_request{400, fmt::format("{}: '{}' is not a whole number up to {}", name,
                                         text.substr(0, 40), max)};
    }
    value = value * 10 + static_cast<std::size_t>(c - '0');
  }
  if (value > max) {
    throw bad_request{400, fmt::format("{}: {} is above the limit of {}; expected a smaller "
                                       "number, or a filter",
                                       name, text.substr(0, 40), max)};
  }
  return value;
}

void add_once(std::vector<std::string>& to, const std::string& value) {
  if (!value.empty() && std::find(to.begin(), to.end(), value) == to.end()) to.push_back(value);
}

const std::string* field_value(const std::vector<field>& fields, std::string_view key) {
  for (const auto& f : fields) {
    if (f.key == key) return &f.value;
  }
  return nullptr;
}

file_facts facts_of(const std::vector<system>& systems) {
  file_facts facts;
  for (const auto& s : systems) {
    // The machine as a reader names it: its processor (what the trend tells machines by first).
    if (const auto* cpu = field_value(s.hardware, "Processor")) add_once(facts.machines, *cpu);
    const bool seen =
        std::find(facts.labels.begin(), facts.labels.end(), s.label) != facts.labels.end();
    add_once(facts.labels, s.label);
    if (!seen && s.group.empty()) {
      facts.shown.push_back(s.label);
    } else if (!seen) {
      facts.grouped = true;
      const auto head = s.group + ": ";
      auto it = std::find_if(facts.shown.begin(), facts.shown.end(),
                             [&](const std::string& x) { return x.starts_with(head); });
      if (it == facts.shown.end()) {
        facts.shown.push_back(head + s.name);
      } else {
        *it += ", " + s.name;
      }
    }
    if (const auto* k = field_value(s.software, "Kernel")) {
      const auto v = parse_kernel_version(*k);
      add_once(facts.kernels, v ? v->text : *k);
    }
    add_once(facts.schedulers, s.scheduler);
  }
  return facts;
}

std::string joined(const std::vector<std::string>& values, std::string_view between = ", ") {
  std::string out;
  for (const auto& v : values) {
    if (!out.empty()) out += between;
    out += v;
  }
  return out;
}

file_query query_of(const query_params& q, const site_limits& limits) {
  file_query query;
  query.text = q.get("text");
  query.machine = q.get("machine");
  query.kernel = q.get("kernel");
  query.kernel_from = q.get("kernel_from");
  query.kernel_to = q.get("kernel_to");
  query.scheduler = q.get("scheduler");
  query.date = q.get("date");
  if (const auto f = q.get("filter"); !f.empty()) query.tests = test_filter(f);
  query.limit = whole_number(q, "per_page", limits.page_size, limits.max_page_size);
  if (query.limit == 0) throw bad_request{400, "per_page: expected at least 1"};
  query.offset = whole_number(q, "offset", 0, limits.max_offset);
  return query;
}

}  // namespace

std::shared_ptr<const file_facts> facts_cache::find(std::int64_t id,
                                                    const std::string& sha256) const {
  std::lock_guard lock(mutex_);
  const auto it = by_file_.find(std::to_string(id) + ' ' + sha256);
  return it == by_file_.end() ? nullptr : it->second;
}

void facts_cache::keep(std::int64_t id, const std::string& sha256,
                       std::shared_ptr<const file_facts> facts) {
  std::lock_guard lock(mutex_);
  if (by_file_.size() >= capacity_) by_file_.clear();
  by_file_.insert_or_assign(std::to_string(id) + ' ' + sha256, std::move(facts));
}

http_response respond_with(std::string body, std::string_view type) {
  http_response r;
  r.content_type = type;
  r.body = std::move(body);
  return r;
}

std::string html_text(std::string_view text) { return html_escaped(text); }

http_response message_page(int status, const std::string& text, view_as as) {
  http_response r;
  r.status = status;
  if (as == view_as::json) {
    r.content_type = json_type;
    r.body = nlohmann::json{{"error", {{"status", status}, {"message", text}}}}.dump(
                 2, ' ', false, nlohmann::json::error_handler_t::replace) +
             "\n";
  } else {
    r.content_type = html_type;
    r.body = page_head("iosr: error " + std::to_string(status)) + nav_bar() + "<main><h1>Error " +
             std::to_string(status) + "</h1>\n<p class=\"error\">" + html_text(text) +
             "</p></main>\n</body>\n</html>\n";
  }
  return r;
}

http_response results_view(shared_store& db, const site_limits& limits, const query_params& q,
                           view_as as) {
  auto query = query_of(q, limits);
  const auto page_size = query.limit;
  // One more than the page: whether there is a next page, without counting the whole store.
  query.limit = page_size + 1;
  auto files = db.with([&](store& s) { return s.select_files(query); });
  const bool more = files.size() > page_size;
  if (more) files.pop_back();
  // open=1 (a trend point's link): the one result that matches opens at once. The link stays
  // this query, so that later it answers with what matches then: a list when there are more.
  if (as == view_as::html && q.get("open") == "1" && files.size() == 1 && !more &&
      query.offset == 0) {
    http_response r;
    r.status = 303;
    r.content_type = "text/plain; charset=utf-8";
    r.headers.emplace_back("Location", "/result/" + std::to_string(files[0].id));
    r.body = "See /result/" + std::to_string(files[0].id) + "\n";
    return r;
  }
  // Each file's systems read once for the site's life (facts_cache), not once a page.
  std::vector<std::shared_ptr<const file_facts>> kept(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (db.facts) kept[i] = db.facts->find(files[i].id, files[i].sha256);
  }
  db.with([&](store& s) {
    for (std::size_t i = 0; i < files.size(); ++i) {
      if (kept[i]) continue;
      kept[i] = std::make_shared<const file_facts>(facts_of(s.systems_of(files[i].id)));
      if (db.facts) db.facts->keep(files[i].id, files[i].sha256, kept[i]);
    }
  });
  db.check();

  // In the order of the form, so that a link and a submitted form read alike.
  const pairs filters{{"text", query.text},
                      {"filter", query.tests.pattern()},
                      {"machine", query.machine},
                      {"kernel", query.kernel},
                      {"kernel_from", query.kernel_from},
                      {"kernel_to", query.kernel_to},
                      {"scheduler", query.scheduler},
                      {"date", query.date},
                      {"per_page", q.get("per_page")}};
  auto page_link = [&](std::size_t offset) {
    auto p = filters;
    p.emplace_back("offset", offset ? std::to_string(offset) : std::string{});
    const auto qs = query_string(p);
    return qs.empty() ? std::string{} : "?" + qs;
  };

  if (as == view_as::json) {
    nlohmann::json list = nlohmann::json::array();
    for (std::size_t i = 0; i < files.size(); ++i) {
      const auto& f = files[i];
      list.push_back({{"id", f.id},
                      {"sha256", f.sha256},
                      {"path", f.path},
                      {"title", f.title},
                      {"format", f.format},
                      {"run_date", f.run_date},
                      {"imported_at", f.imported_at},
                      {"entries", f.entries},
                      {"machines", kept[i]->machines},
                      {"labels", kept[i]->labels},
                      {"kernels", kept[i]->kernels},
                      {"schedulers", kept[i]->schedulers},
                      {"links",
                       {{"page", "/result/" + std::to_string(f.id)},
                        {"api", "/api/v1/result/" + std::to_string(f.id)}}}});
    }
    nlohmann::json doc{
        {"schema", "iosr-serve-results"},
        {"version", 1},
        {"offset", query.offset},
        {"limit", page_size},
        {"filters",
         [&] {
           auto f = nlohmann::json::object();
           for (const auto& [name, value] : filters) {
             if (name != "per_page") f[name] = value;
           }
           return f;
         }()},
        {"next", more ? nlohmann::json("/api/v1/results" + page_link(query.offset + page_size))
                      : nlohmann::json(nullptr)},
        {"results", std::move(list)}};
    return respond_with(doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n",
                        json_type);
  }

  std::string out = page_head("iosr: results") + nav_bar() + "<main>\n<h1>Results</h1>\n";
  out += "<form method=\"get\" action=\"/results\" class=\"filters\">\n";
  out += text_field("text", "Text", query.text, "in the path or title");
  out += text_field("filter", "Tests", query.tests.pattern(), "a regular expression");
  out += text_field("machine", "Machine or system", query.machine, "part of a name, or a label");
  out += text_field("kernel", "Kernel", query.kernel, "6.8");
  // The range's two ends kept on one line when the form wraps.
  out += "<span class=\"range\">" + text_field("kernel_from", "Kernels from", query.kernel_from, "6.8") +
         text_field("kernel_to", "to", query.kernel_to, "6.10") + "</span>";
  out += text_field("scheduler", "Scheduler", query.scheduler, "bfq");
  out += text_field("date", "Day", query.date, "YYYY-MM-DD");
  if (!q.get("per_page").empty()) {
    out += "<input type=\"hidden\" name=\"per_page\" value=\"" + html_text(q.get("per_page")) +
           "\">\n";
  }
  out += "<button type=\"submit\">Filter</button> <a href=\"/results\">Clear</a>\n</form>\n";
  out += "<form method=\"get\" action=\"/compare\" class=\"pick\">\n";
  if (files.empty()) {
    out += "<p class=\"empty\">No result matches these filters.</p>\n";
  } else {
    out +=
        "<div class=\"scroll\"><table class=\"results\">\n<thead><tr><th>Compare</th><th>Run "
        "date</th>"
        "<th>Result</th><th>Machines</th><th>Systems</th><th>Kernels</th><th>Schedulers</"
        "th><th>Format</th>"
        "<th>Entries</th></tr></thead>\n<tbody>\n";
    for (std::size_t i = 0; i < files.size(); ++i) {
      const auto& f = files[i];
      const auto id = std::to_string(f.id);
      const auto& name = f.title.empty() ? f.path : f.title;
      out += fmt::format(
          "<tr><td data-label=\"Compare\"><input type=\"checkbox\" name=\"id\" value=\"{0}\" "
          "aria-label=\"compare {1}\"></td><td data-label=\"Run date\">{2}</td><td><a "
          "href=\"/result/{0}\">{1}</a><br><small>{3}</small></td><td "
          "data-label=\"Machines\">{4}</td><td data-label=\"Systems\">{5}</td><td "
          "data-label=\"Kernels\">{6}</td><td data-label=\"Schedulers\">{7}</td><td "
          "data-label=\"Format\">{8}</td><td class=\"number\" data-label=\"Entries\">{9}</td>"
          "</tr>\n",
          id, html_text(name), html_text(f.run_date), html_text(f.path),
          html_text(joined(kept[i]->machines)), html_text(joined(kept[i]->shown, kept[i]->grouped ? "; " : ", ")),
          html_text(joined(kept[i]->kernels)), html_text(joined(kept[i]->schedulers)),
          html_text(f.format), f.entries);
    }
    out += "</tbody>\n</table></div>\n";
  }
  out += "<fieldset><legend>Compare the ticked results</legend>\n";
  out += text_field("baseline", "Baseline", "", "a scheduler, name or label");
  out += select_field("group-by", "Group by", {"input+group", "group", "input", "none"},
                      "input+group");
  // The list's Tests carried over: the comparison shows the tests the list was chosen by.
  out += text_field("filter", "Tests", query.tests.pattern(), "a regular expression");
  out += "<button type=\"submit\">Compare</button>\n</fieldset>\n</form>\n";
  out += "<nav class=\"pages\">";
  if (query.offset > 0) {
    out += "<a rel=\"prev\" href=\"/results" +
           html_text(page_link(query.offset > page_size ? query.offset - page_size : 0)) +
           "\">Newer</a> ";
  }
  out += fmt::format("<span>{} to {}</span>", files.empty() ? 0 : query.offset + 1,
                     query.offset + files.size());
  if (more) {
    out += " <a rel=\"next\" href=\"/results" + html_text(page_link(query.offset + page_size)) +
           "\">Older</a>";
  }
  out += "</nav>\n</main>\n</body>\n</html>\n";
  return respond_with(std::move(out), html_type);
}

// The site's navigation and form put at the start of a page that run_compare or run_trend drew,
// and its style sheet beside the page's own.
std::string with_frame(std::string page, const std::string& front) {
  if (const auto head = page.find("</head>"); head != std::string::npos) {
    page.insert(head, site_links);
  }
  if (const auto body = page.find("<body>"); body != std::string::npos) {
    page.insert(body + 6, "\n" + nav_bar() + front);
  }
  return page;
}

namespace {

compare_options compare_options_of(const query_params& q) {
  compare_options o;
  o.baseline = q.get("baseline");
  if (const auto g = q.get("group-by"); !g.empty()) {
    const auto group = from_string<group_by>(g);
    if (!group) {
      throw bad_request{
          400, "group-by: '" + g.substr(0, 40) + "' is not one of " + choices_of<group_by>()};
    }
    o.group_by = *group;
  }
  if (const auto f = q.get("filter"); !f.empty()) o.filter = test_filter(f);
  for (auto& only : q.all("only")) {
    if (!only.empty()) o.only.push_back(std::move(only));
  }
  return o;
}

}  // namespace

http_response compare_view(shared_store& db, const site_limits& limits,
                           const std::vector<std::int64_t>& ids, const query_params& q,
                           view_as as) {
  if (ids.empty()) {
    throw bad_request{400,
                      "no result to compare; expected one or more id=N (tick results in "
                      "the list)"};
  }
  if (ids.size() > limits.max_compare) {
    throw bad_request{400, fmt::format("{} results to compare; expected at most {}", ids.size(),
                                       limits.max_compare)};
  }
  compare_request request;
  request.options = compare_options_of(q);
  request.format = as == view_as::json ? "json" : "html";
  std::vector<result_file> files;
  db.with([&](store& s) {
    // The filter applied as the files are read back: the charts it drops are never built.
    s.for_each_file(ids, request.options.filter,
                    [&](result_file&& f) { files.push_back(std::move(f)); });
  });
  if (files.size() != ids.size()) {
    throw bad_request{404,
                      "a result asked for is not in the store; expected the id of a result "
                      "in the list"};
  }
  std::string front = "<form method=\"get\" action=\"/compare\" class=\"options\">\n";
  for (const auto id : ids) {
    front += fmt::format("<input type=\"hidden\" name=\"id\" value=\"{}\">", id);
  }
  front +=
      text_field("baseline", "Baseline", request.options.baseline, "a scheduler, name or label");
  front += select_field("group-by", "Group by", {"input+group", "group", "input", "none"},
                        std::string(to_string(request.options.group_by)));
  front += text_field("filter", "Tests", q.get("filter"), "a regular expression");
  front += "<button type=\"submit\">Compare again</button> <a href=\"/api/v1/compare?" +
           html_text(query_string([&] {
             pairs p;
             for (const auto id : ids) p.emplace_back("id", std::to_string(id));
             p.emplace_back("baseline", request.options.baseline);
             p.emplace_back("group-by", q.get("group-by"));
             p.emplace_back("filter", q.get("filter"));
             return p;
           }())) +
           "\">JSON</a>\n</form>\n";
  std::size_t charts = 0;
  for (const auto& f : files) charts += f.results.size();
  // As the trend: a page of thousands of charts is narrowed first (the Tests field).
  if (charts > limits.max_compare_tests) {
    const auto why = fmt::format(
        "The comparison would draw {} charts; choose the tests (a "
        "regular expression in Tests) so that at most {} are left.",
        charts, limits.max_compare_tests);
    if (as == view_as::json) throw bad_request{400, why};
    return respond_with(page_head("iosr: compare") + nav_bar() + front + "<p class=\"error\">" +
                            html_text(why) + "</p>\n</body>\n</html>\n",
                        html_type);
  }
  db.check();
  auto outcome = run_compare(files, request);
  if (as == view_as::json) return respond_with(std::move(outcome.text), json_type);
  return respond_with(with_frame(std::move(outcome.text), front), html_type);
}

const std::string& serve_stylesheet() {
  static const std::string css = R"(/* iosr serve: the site's own parts (docs/serve.md). */
body { font-family: system-ui, sans-serif; margin: 0 1rem; }
nav.iosr-serve { padding: .5rem 0; border-bottom: 1px solid #8884; margin-bottom: .5rem; }
nav.iosr-serve a { margin-right: 1rem; font-weight: 600; }
form.filters, form.options, fieldset { display: flex; flex-wrap: wrap; gap: .5rem 1rem;
  align-items: end; margin: .5rem 0; }
form.options { border-bottom: 1px solid #8884; padding-bottom: .5rem; }
table.results { border-collapse: collapse; width: 100%; }
table.results th, table.results td { border-bottom: 1px solid #8884; padding: .25rem .5rem;
  text-align: left; vertical-align: top; }
table.results td.number { text-align: right; font-variant-numeric: tabular-nums; }
table.results small { color: #888; overflow-wrap: anywhere; }
/* A row's name (a result's title and path, a machine): wide enough not to stack its words. */
table.results td:not([data-label]) { min-width: 16em; }
nav.pages { margin: 1rem 0; display: flex; gap: 1rem; }
/* A narrow window: the list scrolls inside its box, the charts shrink to fit (their viewBox),
   but never below 640 px: shrunk to a phone's width their 12 px labels were 5 px, unreadable.
   Below that a chart scrolls sideways inside its figure; the page itself never does. */
div.scroll { overflow-x: auto; }
/* Narrower still, a table's columns would squeeze each long name (a machine is a processor and
   a disk) into a cell a word or two wide and many lines tall: each row is read as a block
   instead, its first cell (the name, a link) on a line of its own, each other value after its
   column's name (data-label). */
@media (max-width: 960px) {
  table.results thead { display: none; }
  table.results tr { display: flex; flex-direction: column; border-bottom: 1px solid #8884;
    padding: .35rem 0; }
  table.results td { display: block; border: 0; padding: .05rem .25rem; }
  table.results td:not([data-label]) { order: -1; font-weight: 600; min-width: 0; }
  table.results td[data-label]:empty { display: none; }
  table.results td.number { text-align: left; }
  table.results td[data-label]::before { content: attr(data-label) ": "; color: #888; }
}
span.range { display: flex; flex-wrap: wrap; gap: .5rem 1rem; }
svg[viewBox] { max-width: 100%; height: auto; }
figure { overflow-x: auto; }
figure > svg[viewBox] { min-width: 640px; }
ul.machines { padding-left: 1.2rem; }
ul.machines li { margin: .25rem 0; }
a.point { white-space: nowrap; }
p.tests a.test { display: inline-block; margin: 0 .75rem .25rem 0; }
p.error { color: #b00; }
)";
  return css;
}

}  // namespace iosr::detail
