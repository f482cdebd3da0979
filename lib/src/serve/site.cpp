// SPDX-License-Identifier: MIT
// The site's router (iosr/serve.hpp): a request line's method and target to a response, with
// the security headers every response carries. Only the paths below exist; none of them reaches
// the file system, and a failure shows what the user can act on, never SQL, a path or a stack.
#include <charconv>
#include <string_view>

#include "iosr/error.hpp"
#include "iosr/serve.hpp"
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

void secure(http_response& r) {
  std::string policy =
      "default-src 'none'; img-src 'self' data:; form-action 'self'; "
      "base-uri 'none'; frame-ancestors 'none'";
  if (r.content_type.starts_with("text/html")) {
    policy += "; style-src 'self'" + inline_hashes(r.body, "style");
    if (auto scripts = inline_hashes(r.body, "script"); !scripts.empty()) {
      policy += "; script-src" + scripts;
    }
  }
  r.headers.emplace_back("Content-Security-Policy", std::move(policy));
  r.headers.emplace_back("X-Content-Type-Options", "nosniff");
  r.headers.emplace_back("Referrer-Policy", "no-referrer");
  r.headers.emplace_back("Cache-Control", "no-store");
}

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

site::site(store& s, site_limits limits) : store_(s), limits_(limits) {}

http_response site::respond(const http_request& request) {
  const auto as =
      std::string_view(request.target).starts_with("/api/") ? view_as::json : view_as::html;
  http_response r;
  try {
    r = route(request);
  } catch (const bad_request& e) {
    r = detail::message_page(e.status, e.message, as);
  } catch (const error& e) {
    // A usage error is the request's (a baseline that names nothing, a filter that is no
    // regular expression): its text names the option. Anything else is the store's, whose
    // messages may name its file: not shown.
    r = e.kind() == error_kind::usage
            ? detail::message_page(400, e.what(), as)
            : detail::message_page(500, "the results store could not be read", as);
  } catch (const std::exception&) {
    r = detail::message_page(500, "the request could not be answered", as);
  }
  secure(r);
  if (request.method == "HEAD") r.body.clear();
  return r;
}

http_response site::route(const http_request& request) {
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
    return {200, "text/css; charset=utf-8", detail::serve_stylesheet(), {}};
  }
  detail::shared_store db{store_, mutex_};
  if (page == "/results") return detail::results_view(db, limits_, q, as);
  if (page.starts_with("/result/")) {
    return detail::compare_view(db, limits_, {id_of(page.substr(8))}, q, as);
  }
  if (page == "/compare") return detail::compare_view(db, limits_, ids_of(q), q, as);
  if (page == "/trend") return detail::trend_view(db, limits_, q, as);
  throw bad_request{404, "no such page; expected /results, /result/N, /compare or /trend"};
}

bool is_loopback(std::string_view host) {
  return host == "localhost" || host == "::1" || host == "[::1]" || host.starts_with("127.");
}

}  // namespace iosr
