// SPDX-License-Identifier: MIT
// The site's router (iosr/serve.hpp): a request line's method and target to a response, with
// the security headers every response carries. Only the paths below exist; none of them reaches
// the file system, and a failure shows what the user can act on, never SQL, a path or a stack.
#include <charconv>
#include <mutex>
#include <string_view>

#include "iosr/error.hpp"
#include "iosr/serve.hpp"
#include "serve/kept_pages.hpp"
#include "serve/views.hpp"

namespace iosr {
namespace {

using detail::bad_request;
using detail::view_as;

std::string base64(std::string_view bytes) {
  static constexpr char table[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const unsigned v = static_cast<unsigned char>(bytes[i]) << 16 |
                       static_cast<unsigned char>(bytes[i + 1]) << 8 |
                       static_cast<unsigned char>(bytes[i + 2]);
    for (int shift = 18; shift >= 0; shift -= 6) out += table[(v >> shift) & 63];
  }
  if (const auto rest = bytes.size() - i; rest > 0) {
    unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
    if (rest == 2) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    out += table[(v >> 18) & 63];
    out += table[(v >> 12) & 63];
    out += rest == 2 ? table[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

// The CSP source of an inline block: 'sha256-BASE64' of its exact text.
std::string hash_source(std::string_view text) {
  const auto hex = store::sha256_hex(text);
  std::string bytes;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    bytes += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  }
  return "'sha256-" + base64(bytes) + "'";
}

// The hashes of every `<tag>…</tag>` block (tags written without attributes, as iosr's
// renderers write them): the only inline code the policy lets run.
std::string inline_hashes(std::string_view body, std::string_view tag) {
  // Appended, not "<" + tag: GCC 12's -Wrestrict misreads that once inlined (PR 105329).
  std::string open = "<", close = "</";
  open.append(tag) += '>';
  close.append(tag) += '>';
  std::string sources;
  for (std::size_t at = body.find(open); at != std::string_view::npos; at = body.find(open, at)) {
    const auto start = at + open.size();
    const auto end = body.find(close, start);
    if (end == std::string_view::npos) break;
    sources += ' ';
    sources += hash_source(body.substr(start, end - start));
    at = end;
  }
  return sources;
}

}  // namespace

namespace detail {

void secure(http_response& r) {
  // A kept page was secured once, when it was drawn: its megabytes are not searched again for
  // each reader.
  for (const auto& header : r.headers) {
    if (header.first == "Content-Security-Policy") return;
  }
  std::string policy =
      "default-src 'none'; img-src 'self' data:; form-action 'self'; "
      "base-uri 'none'; frame-ancestors 'none'";
  if (r.content_type.starts_with("text/html")) {
    policy += "; style-src 'self'" + inline_hashes(r.text(), "style");
    if (auto scripts = inline_hashes(r.text(), "script"); !scripts.empty()) {
      policy += "; script-src" + scripts;
    }
  }
  r.headers.emplace_back("Content-Security-Policy", std::move(policy));
  r.headers.emplace_back("X-Content-Type-Options", "nosniff");
  r.headers.emplace_back("Referrer-Policy", "no-referrer");
  r.headers.emplace_back("Cache-Control", "no-store");
}

}  // namespace detail

namespace {

std::int64_t id_of(std::string_view text) {
  std::int64_t id = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || id <= 0) {
    throw bad_request{404, "no such result: '" + std::string(text.substr(0, 40)) +
                               "'; expected a result's number from the list"};
  }
  return id;
}

std::vector<std::int64_t> ids_of(const detail::query_params& q) {
  std::vector<std::int64_t> ids;
  for (const auto& text : q.all("id")) {
    if (text.empty()) continue;
    try {
      ids.push_back(id_of(text));
    } catch (bad_request& e) {
      e.status = 400;
      throw;
    }
  }
  return ids;
}

}  // namespace

// The stores of the site: one lent to one request at a time (site(store&)), or a connection per
// request answered at once, opened when first needed and kept (site(store_opener)).
struct site::pool {
  store* single = nullptr;
  std::mutex single_in_use;  // held by the request that has `single`
  store_opener open;
  std::mutex idle_mutex;  // held only to take or give back a connection, never during a query
  std::vector<std::unique_ptr<store>> idle;
  detail::facts_cache facts;  // what every request's list may reuse (views.hpp)
  detail::kept_pages trends;  // the trend pages drawn, per store generation (kept_pages.hpp)
};

namespace {

// A store lent to one request: taken from the pool (or opened), given back when the request is
// done, able to take calls again (store::resume) whether or not it was interrupted.
class lent_store {
 public:
  explicit lent_store(site::pool& p) : pool_(p) {
    if (p.single) {
      single_lock_ = std::unique_lock(p.single_in_use);
      db_ = p.single;
      return;
    }
    {
      std::lock_guard lock(p.idle_mutex);
      if (!p.idle.empty()) {
        owned_ = std::move(p.idle.back());
        p.idle.pop_back();
      }
    }
    if (!owned_) owned_ = p.open();
    db_ = owned_.get();
  }
  ~lent_store() {
    db_->resume();
    if (owned_) {
      std::lock_guard lock(pool_.idle_mutex);
      pool_.idle.push_back(std::move(owned_));
    }
  }
  lent_store(const lent_store&) = delete;
  lent_store& operator=(const lent_store&) = delete;
  store& get() { return *db_; }

 private:
  site::pool& pool_;
  std::unique_lock<std::mutex> single_lock_;
  std::unique_ptr<store> owned_;
  store* db_ = nullptr;
};

constexpr std::string_view stopped_message =
    "this request was stopped: it ran past the server's time limit; ask for less (a narrower "
    "Tests filter, one machine) or try again later";

view_as view_of(std::string_view target) {
  return target.starts_with("/api/") ? view_as::json : view_as::html;
}

}  // namespace

site::site(store& s, site_limits limits) : stores_(std::make_unique<pool>()), limits_(limits) {
  stores_->single = &s;
}

site::site(store_opener open, site_limits limits)
    : stores_(std::make_unique<pool>()), limits_(limits) {
  stores_->open = std::move(open);
}

site::~site() = default;

http_response site::refusal(int status, std::string_view target, const std::string& message) {
  auto r = detail::message_page(status, message, view_of(target));
  detail::secure(r);
  return r;
}

http_response site::respond(const http_request& request, std::stop_token stop) {
  const auto as = view_of(request.target);
  http_response r;
  try {
    if (stop.stop_requested()) throw detail::request_stopped{};
    r = route(request, stop);
  } catch (const detail::request_stopped&) {
    r = detail::message_page(503, std::string(stopped_message), as);
  } catch (const bad_request& e) {
    r = detail::message_page(e.status, e.message, as);
  } catch (const error& e) {
    // A usage error is the request's (a baseline that names nothing, a filter that is no
    // regular expression): its text names the option. Anything else is the store's, whose
    // messages may name its file: not shown. A store interrupted by the time limit is a 503.
    r = stop.stop_requested() ? detail::message_page(503, std::string(stopped_message), as)
        : e.kind() == error_kind::usage
            ? detail::message_page(400, e.what(), as)
            : detail::message_page(500, "the results store could not be read", as);
  } catch (const std::exception&) {
    r = detail::message_page(500, "the request could not be answered", as);
  }
  detail::secure(r);
  if (request.method == "HEAD") {
    r.body.clear();
    r.shared.reset();
  }
  return r;
}

http_response site::route(const http_request& request, std::stop_token stop) {
  if (request.method != "GET" && request.method != "HEAD") {
    auto r =
        detail::message_page(405, "this server only reads: expected GET or HEAD", view_as::html);
    r.headers.emplace_back("Allow", "GET, HEAD");
    return r;
  }
  std::string_view target = request.target;
  const auto mark = target.find('?');
  const auto path = target.substr(0, mark);
  const auto q = detail::query_params::parse(
      mark == std::string_view::npos ? std::string_view{} : target.substr(mark + 1),
      limits_.max_parameters);
  const bool api = path.starts_with("/api/v1/");
  const auto as = api ? view_as::json : view_as::html;
  const auto page = api ? path.substr(7) : path;

  if (!api && page == "/") {
    http_response r;
    r.status = 303;
    r.content_type = "text/plain; charset=utf-8";
    r.body = "See /results\n";
    r.headers.emplace_back("Location", "/results");
    return r;
  }
  if (!api && page == "/static/serve.css") {
    return {200, "text/css; charset=utf-8", detail::serve_stylesheet(), {}, nullptr};
  }
  const bool reads_store = page == "/results" || page.starts_with("/result/") ||
                           page == "/compare" || page == "/trend";
  if (!reads_store) {
    throw bad_request{404, "no such page; expected /results, /result/N, /compare or /trend"};
  }
  lent_store lent(*stores_);
  // Registered after the store is lent and ended before it is given back: the callback, which
  // may run on another thread, never touches a store another request holds.
  std::stop_callback interrupt_store(stop, [&lent] { lent.get().interrupt(); });
  detail::shared_store db{lent.get(), stop, &stores_->facts, &stores_->trends};
  if (page == "/results") return detail::results_view(db, limits_, q, as);
  if (page.starts_with("/result/")) {
    return detail::compare_view(db, limits_, {id_of(page.substr(8))}, q, as);
  }
  if (page == "/compare") return detail::compare_view(db, limits_, ids_of(q), q, as);
  return detail::trend_view(db, limits_, q, as);
}

site::counts site::counted() const { return stores_->trends.counted(); }

bool is_loopback(std::string_view host) {
  return host == "localhost" || host == "::1" || host == "[::1]" || host.starts_with("127.");
}

}  // namespace iosr
