// SPDX-License-Identifier: MIT
// The site of `iosr serve` (iosr/serve.hpp) without a socket: each URL of docs/serve.md over a
// store of the seeds, the security headers, the refusals (4xx that say what was wrong), and a
// store opened read-only that is never written.
#include <filesystem>
#include <stop_token>
#include <string>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "iosr/serve.hpp"
#include "iosr/store.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using namespace iosr::test;  // NOLINT(google-build-using-namespace): the tests' own helpers

namespace {

const fs::path data = IOSR_DATA_DIR;

// A store of the four seeds and the sample composite.xml, written then closed: the site opens it
// read-only as iosr serve does.
std::string seeded_store(const temp_dir& dir) {
  const auto path = dir / "results.db";
  auto s = iosr::store::open(path, iosr::store_access::write);
  std::vector<fs::path> inputs;
  for (const auto& e : fs::directory_iterator(data / "text")) inputs.push_back(e.path());
  std::sort(inputs.begin(), inputs.end());
  inputs.push_back(data / "xml" / "iosched-3way.xml");
  for (const auto& p : inputs) {
    const auto bytes = slurp(p);
    const auto file = iosr::read_results(bytes, p.string());
    s->add(file, iosr::store::identities_of(file), iosr::store::sha256_hex(bytes), p.string(),
           bytes.size());
  }
  return path;
}

std::string header(const iosr::http_response& r, std::string_view name) {
  for (const auto& [n, v] : r.headers) {
    if (n == name) return v;
  }
  return {};
}

bool has(std::string_view text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("serve: the pages and the API over a store", "[serve]") {
  temp_dir dir;
  const auto path = seeded_store(dir);
  const auto before = slurp(path);
  const auto mtime = fs::last_write_time(path);
  auto s = iosr::store::open(path, iosr::store_access::read_only);
  iosr::site site(*s);
  auto get = [&](std::string target) { return site.respond({"GET", std::move(target)}); };

  SECTION("/ leads to the results") {
    const auto r = get("/");
    CHECK(r.status == 303);
    CHECK(header(r, "Location") == "/results");
  }
  SECTION("the results list: every file, a checkbox each, the compare form") {
    const auto r = get("/results");
    REQUIRE(r.status == 200);
    CHECK(r.content_type == "text/html; charset=utf-8");
    CHECK(has(r.text(), "name=\"id\" value=\"1\""));
    CHECK(has(r.text(), "name=\"id\" value=\"5\""));
    CHECK(has(r.text(), "action=\"/compare\""));
    CHECK(has(header(r, "Content-Security-Policy"), "default-src 'none'"));
    CHECK_FALSE(has(header(r, "Content-Security-Policy"), "unsafe-inline"));
    CHECK(header(r, "X-Content-Type-Options") == "nosniff");
  }
  SECTION("paging: per_page and offset, the next page linked") {
    const auto r = get("/api/v1/results?per_page=2");
    REQUIRE(r.status == 200);
    CHECK(has(r.text(), "\"next\": \"/api/v1/results?per_page=2&offset=2\""));
    const auto last = get("/api/v1/results?per_page=2&offset=4");
    CHECK(has(last.text(), "\"next\": null"));
    CHECK(get("/results?per_page=100000").status == 400);
    CHECK(get("/results?per_page=0").status == 400);
    CHECK(get("/results?offset=x").status == 400);
  }
  SECTION("filters: text, scheduler; none matching says so") {
    const auto r = get("/api/v1/results?text=iosched-3way");
    CHECK(has(r.text(), "iosched-3way.xml"));
    CHECK_FALSE(has(r.text(), "000_1809f3a92cbbf2f4"));
    CHECK(has(get("/results?text=no-such-thing").text(), "No result matches"));
  }
  SECTION("a result's page is the comparison page, framed, with its inline code hashed") {
    const auto r = get("/result/1");
    REQUIRE(r.status == 200);
    CHECK(has(r.text(), "<svg"));
    CHECK(has(r.text(), "href=\"/static/serve.css\""));
    const auto csp = header(r, "Content-Security-Policy");
    CHECK(has(csp, "script-src 'sha256-"));
    CHECK(has(csp, "style-src 'self' 'sha256-"));
    CHECK(get("/api/v1/result/1").content_type == "application/json");
  }
  SECTION("compare any selection, with compare's options as fields") {
    const auto r = get("/compare?id=1&id=2&id=3&group-by=none&baseline=&filter=");
    REQUIRE(r.status == 200);
    CHECK(has(r.text(), "<option selected>none</option>"));
    CHECK(has(r.text(), "name=\"id\" value=\"3\""));
    CHECK(get("/compare").status == 400);
    CHECK(get("/compare?id=1&group-by=bogus").status == 400);
    CHECK(get("/compare?id=1&filter=(").status == 400);
    CHECK(get("/compare?id=99").status == 404);
    CHECK(get("/compare?id=1&baseline=nobody").status == 400);
  }
  SECTION("the trend: each point links back to the result it came from") {
    const auto r = get("/trend");
    REQUIRE(r.status == 200);
    // Each machine's points: /results?machine=NAME&kernel=K&open=1, which opens the one file
    // of that machine at that kernel, or lists them when there are several.
    const std::string mark = "class=\"point\" href=\"";
    std::size_t links = 0, opened = 0;
    for (auto at = r.text().find(mark); at != std::string::npos; at = r.text().find(mark, at)) {
      at += mark.size();
      auto href = std::string(r.text().substr(at, r.text().find('"', at) - at));
      for (auto amp = href.find("&amp;"); amp != std::string::npos; amp = href.find("&amp;"))
        href.replace(amp, 5, "&");
      INFO(href);
      REQUIRE(href.starts_with("/results?machine="));
      CHECK(has(href, "&kernel="));
      CHECK(has(href, "&open=1"));
      ++links;
      const auto point = get(href);
      if (point.status == 303) {
        ++opened;
        const auto to = header(point, "Location");
        CHECK(to.starts_with("/result/"));
        CHECK(get(to).status == 200);
        // The same query as a list names that file alone.
        const auto list = get("/api/v1" + href.substr(0, href.find("&open=1")));
        CHECK(has(list.text(), "\"page\": \"" + to + "\""));
        CHECK_FALSE(has(list.text(), "\"id\": " + std::to_string(std::stoi(to.substr(8)) + 100)));
      } else {
        CHECK(point.status == 200);
      }
    }
    CHECK(links >= 4);
    CHECK(has(r.text(), "<ul class=\"machines\">\n<li>Machine 1: <a href=\"/trend?machine=1\">"));
    CHECK(opened >= 4);
    // One machine by a part of its name: read from the store for that machine alone.
    const auto one = get("/trend?machine=3970x");
    REQUIRE(one.status == 200);
    CHECK_FALSE(has(one.text(), "<ul class=\"machines\">"));  // one machine: no list of them
    CHECK(has(one.text(), "Results at:"));
    CHECK(get("/trend?machine=no-such-machine").status == 404);
    // By date, a point is a day: the same link with date= (the sample XML's runs, 2024-03-01).
    const auto by_date = get("/trend?by=date");
    REQUIRE(by_date.status == 200);
    const std::string day_link =
        "class=\"point\" href=\"/results?machine=AMD%20Ryzen%209%205950X%2016-Core%20%40%203.40GHz%"
        "20%2816%20Cores%20%2F%2032%20Threads%29%2C%201000GB%20Samsung%20SSD%20980%20PRO%201TB&amp;"
        "date=2024-03-01&amp;open=1\">2024-03-01</a>";
    CHECK(has(by_date.text(), day_link));
    const auto day = get("/results?machine=AMD%20Ryzen%209%205950X&date=2024-03-01&open=1");
    CHECK(day.status == 303);
    CHECK(header(day, "Location") == "/result/5");
    CHECK(get("/results?date=2024-03-02").text().find("No result matches") != std::string::npos);
    CHECK(get("/results?date=yesterday").status == 400);
    CHECK_FALSE(has(get("/trend?by=label").text(), "class=\"point\""));
    CHECK(get("/api/v1/trend").status == 200);
    CHECK(get("/trend?by=sideways").status == 400);
  }
  SECTION("the list by test, kernel range and machine; the filters kept in every link") {
    auto ids = [&](const std::string& query) {
      const auto r = get("/api/v1/results?" + query);
      REQUIRE(r.status == 200);
      std::vector<std::string> found;
      const std::string mark = "\"page\": \"/result/";
      for (auto at = r.text().find(mark); at != std::string::npos; at = r.text().find(mark, at)) {
        at += mark.size();
        found.push_back(std::string(r.text().substr(at, r.text().find('"', at) - at)));
      }
      std::sort(found.begin(), found.end());
      return found;
    };
    using list = std::vector<std::string>;
    // In import order: 000 (5.6-rc7, LevelDB), 001 (4.15), 002 (5.0-rc6), 004 (3.4), the xml (6.1).
    CHECK(ids("filter=%5ELevelDB") == list{"1"});
    CHECK(ids("kernel_from=5.0") == list{"1", "3", "5"});
    CHECK(ids("kernel_from=4.15&kernel_to=5.0") == list{"2", "3"});
    CHECK(ids("kernel_to=4.0") == list{"4"});
    CHECK(get("/api/v1/results?kernel_to=4").status == 400);  // a kernel is MAJOR.MINOR
    CHECK(ids("kernel_from=5.1&filter=FS-Mark") == list{"1"});
    CHECK(ids("machine=THREADRIPPER") == list{"1", "3"});  // 3970X and 2990WX
    CHECK(ids("machine=3970x") == list{"1"});
    const auto bad = get("/results?kernel_from=six");
    CHECK(bad.status == 400);
    CHECK(has(bad.text(), "kernel_from: &#39;six&#39; is not a kernel version"));
    CHECK(get("/api/v1/results?filter=(").status == 400);
    const auto page = get("/results?filter=.&kernel_from=3.0&per_page=1");
    REQUIRE(page.status == 200);
    CHECK(has(page.text(), "name=\"filter\" value=\".\""));
    CHECK(has(page.text(), "name=\"kernel_from\" value=\"3.0\""));
    CHECK(has(page.text(),
              "href=\"/results?filter=.&amp;kernel_from=3.0&amp;per_page=1&amp;offset=1\""));
    // open=1 opens a lone result; with several it is the list.
    CHECK(get("/results?filter=%5ELevelDB&open=1").status == 303);
    CHECK(get("/results?kernel_from=5.0&open=1").status == 200);
    // A file of two disks: each group once, every name of it (BFQ after BFQ low-latency too).
    CHECK(has(get("/results?text=002_").text(),
              "<td data-label=\"Systems\">WD5000AZRX: Mq-Deadline, None, Kyber, BFQ low-latency, BFQ; WD1500HLHX: "
              "Mq-Deadline, None, Kyber, BFQ low-latency, BFQ</td>"));
  }
  SECTION("refusals: unknown paths, other methods, bad escapes; nothing of the store shown") {
    CHECK(get("/../../etc/passwd").status == 404);
    CHECK(get("/static/../results.db").status == 404);
    CHECK(get("/result/abc").status == 404);
    CHECK(get("/result/1%00").status == 404);
    CHECK(get("/results?text=%zz").status == 400);
    CHECK(get("/results?text=%ff").status == 400);
    const auto post = site.respond({"POST", "/results"});
    CHECK(post.status == 405);
    CHECK(header(post, "Allow") == "GET, HEAD");
    const auto head = site.respond({"HEAD", "/results"});
    CHECK(head.status == 200);
    CHECK(head.text().empty());
    std::string many = "/results?";
    for (int i = 0; i < 100; ++i) many += "a=" + std::to_string(i) + "&";
    CHECK(get(many).status == 400);
    const auto json = get("/api/v1/nothing");
    CHECK(json.status == 404);
    CHECK(json.content_type == "application/json");
    CHECK_FALSE(has(json.text(), path));
  }
  SECTION("every value escaped: a filter's text comes back as text") {
    const auto r = get("/results?text=%3Cscript%3Ealert(1)%3C%2Fscript%3E%22");
    CHECK_FALSE(has(r.text(), "<script>alert"));
    CHECK(has(r.text(), "&lt;script&gt;alert(1)&lt;/script&gt;&quot;"));
  }
  s.reset();
  CHECK(slurp(path) == before);
  CHECK(fs::last_write_time(path) == mtime);
}

TEST_CASE("serve: a trend of too many tests asks for a narrower filter", "[serve]") {
  temp_dir dir;
  const auto path = seeded_store(dir);
  auto s = iosr::store::open(path, iosr::store_access::read_only);
  iosr::site_limits limits;
  limits.max_trend_tests = 1;
  limits.max_compare_tests = 1;
  iosr::site site(*s, limits);
  const auto compare = site.respond({"GET", "/result/1"});
  CHECK(compare.status == 200);
  CHECK(has(compare.text(), "choose the tests"));
  CHECK(site.respond({"GET", "/api/v1/result/1"}).status == 400);
  CHECK(site.respond({"GET", "/api/v1/trend"}).status == 400);
}

TEST_CASE("serve: a trend of too many tests opens on the overview, never a bare error",
          "[serve]") {
  temp_dir dir;
  const auto path = seeded_store(dir);
  auto s = iosr::store::open(path, iosr::store_access::read_only);
  iosr::site_limits limits;
  limits.max_trend_tests = 1;
  iosr::site site(*s, limits);
  const auto page = site.respond({"GET", "/trend"});
  REQUIRE(page.status == 200);
  CHECK(has(page.text(), "action=\"/trend\""));
  CHECK_FALSE(has(page.text(), "class=\"error\""));
  // The machines, each linked to its own trend and to its results; each one's geometric mean;
  // the families of tests, each a link that keeps it.
  CHECK(has(page.text(), "<h2>Machines</h2>"));
  CHECK(has(page.text(), "href=\"/trend?machine=1\""));
  CHECK(has(page.text(), "href=\"/results?machine="));
  CHECK(has(page.text(), "Geometric mean"));
  CHECK(has(page.text(), "Test families"));
  CHECK(has(page.text(), "href=\"/trend?filter=%5ESQLite%24\">SQLite</a>"));
  // A family still too large opens the overview of that family, by the first part of its
  // tests' descriptions, each a link that narrows further.
  const auto family = site.respond({"GET", "/trend?filter=%5ESQLite%24"});
  CHECK(family.status == 200);
  CHECK(has(family.text(), "Test families"));
  CHECK(has(family.text(), "%28%20-%20%7C%24%29"));  // `( - |$)`: the part, then the rest or the end
  CHECK_FALSE(has(family.text(), "class=\"error\""));
  // Few enough tests: drawn.
  limits.max_trend_tests = 1000;
  iosr::site roomy(*s, limits);
  const auto drawn = roomy.respond({"GET", "/trend?filter=%5ESQLite%24"});
  CHECK(drawn.status == 200);
  CHECK_FALSE(has(drawn.text(), "Test families"));
  CHECK(has(drawn.text(), "<h3>SQLite"));
  // Several tests drawn: each links to its own trend, which draws that one alone.
  CHECK(has(drawn.text(), "Each test on its own:"));
  const std::string anchor = "class=\"test\" href=\"";
  const auto at = drawn.text().find(anchor);
  REQUIRE(at != std::string::npos);
  const auto begin = at + anchor.size();
  auto link = std::string(drawn.text().substr(begin, drawn.text().find('"', begin) - begin));
  for (auto amp = link.find("&amp;"); amp != std::string::npos; amp = link.find("&amp;")) {
    link.replace(amp, 5, "&");
  }
  CHECK(link.starts_with("/trend?filter=%5E"));
  const auto one = roomy.respond({"GET", link});
  CHECK(one.status == 200);
  CHECK(has(one.text(), "<h3>SQLite"));
  CHECK_FALSE(has(one.text(), "Each test on its own:"));
}

TEST_CASE("serve: a machine that is not there is a 404, with or without a filter", "[serve]") {
  temp_dir dir;
  const auto path = seeded_store(dir);
  auto s = iosr::store::open(path, iosr::store_access::read_only);
  iosr::site site(*s);
  for (const std::string target : {"/trend?machine=99", "/trend?machine=99&filter=SQLite",
                                   "/trend?machine=99&filter=no-such-test",
                                   "/api/v1/trend?machine=99&filter=SQLite"}) {
    CAPTURE(target);
    const auto r = site.respond({"GET", target});
    CHECK(r.status == 404);
    CHECK((has(r.text(), "99&#39;: expected a machine&#39;s number (1 to ") ||
           has(r.text(), "no machine '99': expected a machine's number (1 to ")));
    CHECK_FALSE(has(r.text(), "--machine"));
  }
  CHECK(site.respond({"GET", "/trend?machine=1"}).status == 200);
}

TEST_CASE("serve: filters are RE2's, matched as on the command line", "[serve]") {
  temp_dir dir;
  const auto path = seeded_store(dir);
  auto s = iosr::store::open(path, iosr::store_access::read_only);
  iosr::site site(*s);
  // The title whole, as the CLI matches it (docs/compare.md, "Filters").
  const auto sqlite = site.respond({"GET", "/api/v1/results?filter=%5ESQLite%24"});
  CHECK(sqlite.status == 200);
  CHECK(has(sqlite.text(), "iosched-3way.xml"));
  // The patterns std::regex backtracked on for minutes: answered at once, keeping nothing.
  for (const std::string pattern :
       {"((((((((((x*)*)*)*)*)*)*)*)*)*)y", "(a%2B)%2B%24", "(a%7Caa)%2B%24"}) {
    for (const std::string page : {"/results?filter=", "/trend?filter=", "/result/1?filter=",
                                   "/compare?id=1&id=2&filter="}) {
      CAPTURE(page + pattern);
      const auto r = site.respond({"GET", page + pattern});
      CHECK((r.status == 200 || r.status == 400));
    }
  }
  // What RE2 refuses: a 400 that says why.
  const auto backreference = site.respond({"GET", "/results?filter=(a)%5C1"});
  CHECK(backreference.status == 400);
  CHECK(has(backreference.text(), "backreferences"));
  const auto lookaround = site.respond({"GET", "/api/v1/trend?filter=x(%3F%3Dy)"});
  CHECK(lookaround.status == 400);
  CHECK(has(lookaround.text(), "lookaround"));
}

TEST_CASE("serve: a request told to stop is a 503, and the store takes the next one",
          "[serve]") {
  temp_dir dir;
  const auto path = seeded_store(dir);
  const auto url = path;
  // The server's way: a connection per request at once, opened when first needed.
  iosr::site site([&] { return iosr::store::open(url, iosr::store_access::read_only); });
  std::stop_source stopped;
  stopped.request_stop();
  for (const std::string target : {"/results", "/trend", "/result/1", "/api/v1/trend"}) {
    const auto r = site.respond({"GET", target}, stopped.get_token());
    CHECK(r.status == 503);
    CHECK(has(r.text(), "time limit"));
  }
  CHECK(site.respond({"GET", "/results"}).status == 200);
  CHECK(site.respond({"GET", "/trend"}).status == 200);
  // A store interrupted refuses every call until it is resumed.
  auto s = iosr::store::open(path, iosr::store_access::read_only);
  s->interrupt();
  CHECK_THROWS_AS(s->files(), iosr::error);
  s->resume();
  CHECK(s->files().size() == 5);
}

TEST_CASE("serve: systems_of gives a file's systems as reading it back does", "[serve]") {
  temp_dir dir;
  const auto path = seeded_store(dir);
  auto s = iosr::store::open(path, iosr::store_access::read_only);
  for (const auto& f : s->files()) {
    std::vector<iosr::system> read_back;
    s->for_each_file({f.id}, {}, [&](iosr::result_file&& r) { read_back = std::move(r.systems); });
    const auto systems = s->systems_of(f.id);
    REQUIRE(systems.size() == read_back.size());
    for (std::size_t i = 0; i < systems.size(); ++i) {
      CHECK(systems[i].label == read_back[i].label);
      CHECK(systems[i].group == read_back[i].group);
      CHECK(systems[i].name == read_back[i].name);
      CHECK(systems[i].scheduler == read_back[i].scheduler);
      CHECK(systems[i].hardware == read_back[i].hardware);
      std::string kernel;
      for (const auto& field : read_back[i].software) {
        if (field.key == "Kernel") kernel = field.value;
      }
      CHECK(systems[i].software == (kernel.empty() ? std::vector<iosr::field>{}
                                                   : std::vector<iosr::field>{{"Kernel", kernel}}));
    }
  }
  CHECK(s->systems_of(999).empty());
}

TEST_CASE("serve: a read-only store is never created, migrated or written", "[serve]") {
  temp_dir dir;
  CHECK_THROWS_AS(iosr::store::open(dir / "none.db", iosr::store_access::read_only), iosr::error);
  CHECK_FALSE(fs::exists(dir / "none.db"));
}
