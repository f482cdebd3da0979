// SPDX-License-Identifier: MIT
// `iosr serve` as a library (docs/serve.md): a read-only web view over a results store. The
// site is a pure function from a request (method and target, as the request line has them) to a
// response, so that it is tested and fuzzed without sockets; http_server puts it on a socket with
// cpp-httplib (request line, headers and body bounded, slow clients timed out).
// Library target `iosr_serve` (links iosr_store).
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iosr/store.hpp"

namespace iosr {

/// What the site needs of a request: the request line's method and target (`/results?page=2`).
struct http_request {
  std::string method;
  std::string target;
};

struct http_response {
  int status = 200;
  std::string content_type;
  std::string body;
  /// Besides Content-Type: the security headers (Content-Security-Policy, …), Location.
  std::vector<std::pair<std::string, std::string>> headers;
};

/// Bounds on what one request may ask of the store.
struct site_limits {
  std::size_t page_size = 50;        ///< results per page unless `per_page` says otherwise
  std::size_t max_page_size = 500;   ///< a larger `per_page` is refused (400)
  std::size_t max_offset = 1000000;  ///< a page beyond this is refused (400): ask with a filter
  std::size_t max_compare = 20;      ///< files one comparison may name
  std::size_t max_compare_tests = 500;  ///< charts one comparison may draw: more needs a filter
  std::size_t max_trend_tests = 200;    ///< tests one trend may draw: more needs a narrower filter
  std::size_t max_parameters = 64;   ///< query parameters of one request
};

/// The pages and the API over one store (docs/serve.md, "URLs"). respond() may be called from
/// several threads: the store is used by one at a time.
class site {
 public:
  explicit site(store& s, site_limits limits = {});
  /// Never throws: a bad request is a 4xx page that says what was wrong, a failure of the store
  /// a 500 page that names neither SQL nor a path.
  http_response respond(const http_request& request);

 private:
  http_response route(const http_request& request);
  store& store_;
  site_limits limits_;
  std::mutex mutex_;
};

/// Where and how http_server listens.
struct listen_options {
  std::string host = "127.0.0.1";
  int port = 8080;               ///< 0: a free port the system picks (http_server::port())
  int read_timeout_seconds = 5;  ///< a client slower than this to send its request is dropped
  int write_timeout_seconds = 10;
  int idle_timeout_seconds = 5;    ///< keep-alive: a connection idle this long is closed
  std::size_t max_body_bytes = 0;  ///< GET has none; anything larger is refused (413)
  std::size_t threads = 8;
};

/// The site on a socket. bind() then run() (blocks until stop(), which any thread may call).
class http_server {
 public:
  http_server(site& s, listen_options options);
  ~http_server();
  http_server(const http_server&) = delete;
  http_server& operator=(const http_server&) = delete;
  /// Throws iosr::error (system) naming the address when it cannot be bound.
  void bind();
  int port() const;
  void run();
  void stop();

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

/// Whether `host` is a loopback address (127.0.0.0/8, ::1, localhost): others are said aloud.
bool is_loopback(std::string_view host);

}  // namespace iosr
