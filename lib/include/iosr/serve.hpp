// SPDX-License-Identifier: MIT
// `iosr serve` as a library (docs/serve.md): a read-only web view over a results store. The
// site is a pure function from a request (method and target, as the request line has them) to a
// response, so that it is tested and fuzzed without sockets; http_server puts it on a socket with
// Boost.Beast: slow and idle clients bounded and shed, a time limit on every request.
// Library target `iosr_serve` (links iosr_store).
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <stop_token>
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

/// A body shared by every response that answers with it: a kept page (a trend of a large store,
/// megabytes of HTML) is written to many clients at once without a copy for each. With its gzip
/// form, made once, when it is text worth compressing (docs/serve.md, "Compression").
struct shared_body {
  std::string text;
  std::string gzip;  ///< `text` gzip-compressed; empty when it is not sent so
};

struct http_response {
  int status = 200;
  std::string content_type;
  std::string body;
  /// Besides Content-Type: the security headers (Content-Security-Policy, …), Location.
  std::vector<std::pair<std::string, std::string>> headers;
  /// The body when it is shared (then `body` is empty); null when the body is `body`.
  std::shared_ptr<const shared_body> shared;

  /// The body, own or shared.
  std::string_view text() const { return shared ? std::string_view(shared->text) : body; }
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

/// Opens one more connection to the store, for one more request answered at once.
using store_opener = std::function<std::unique_ptr<store>()>;

/// The pages and the API over one store (docs/serve.md, "URLs"). respond() may be called from
/// several threads at once.
class site {
 public:
  /// Over one store, used by one request at a time (the tests, the fuzzer).
  explicit site(store& s, site_limits limits = {});
  /// Over a connection per request answered at once, each opened by `open` when first needed
  /// and kept for later requests: reads run side by side, none waits for another's.
  explicit site(store_opener open, site_limits limits = {});
  ~site();
  site(const site&) = delete;
  site& operator=(const site&) = delete;

  /// Never throws: a bad request is a 4xx page that says what was wrong, a failure of the store
  /// a 500 page that names neither SQL nor a path. Once `stop` is requested (the request ran
  /// past its time limit, the server is stopping) the store's query is interrupted
  /// (store::interrupt) and the answer is 503.
  http_response respond(const http_request& request, std::stop_token stop = {});

  /// An answer the server gives without asking the site (a request too slow or too large):
  /// the error page of `status` saying `message`, as JSON under /api/, with the headers every
  /// response carries.
  static http_response refusal(int status, std::string_view target, const std::string& message);

  /// What the site has counted since it was made (for the tests and docs/serve.md): the trend
  /// pages drawn, those answered as kept (the store's generation unchanged since they were
  /// drawn: store::generation), and those waited for while another request drew them.
  struct counts {
    std::size_t trends_drawn = 0, trends_kept = 0, trends_waited = 0;
  };
  counts counted() const;

  struct pool;  ///< the stores it lends to requests (site.cpp)

 private:
  http_response route(const http_request& request, std::stop_token stop);
  std::unique_ptr<pool> stores_;
  site_limits limits_;
};

/// Where and how http_server listens, and what it bounds (docs/serve.md, "Limits").
struct listen_options {
  std::string host = "127.0.0.1";
  int port = 8080;  ///< 0: a free port the system picks (http_server::port())
  /// A connection without a request under way is closed after this long (kept-alive or new).
  double idle_timeout_seconds = 5;
  /// A request's head (request line and headers) must arrive whole within this long of its
  /// first byte, or the connection is closed: a slow client never gets a worker.
  double head_timeout_seconds = 5;
  /// A response not taken by the client within this long: the connection is closed.
  double write_timeout_seconds = 10;
  /// A request not answered within this long of its head's arrival (waiting for a worker
  /// included) is answered 503, and its work stopped.
  double time_limit_seconds = 5;
  std::size_t max_head_bytes = 16 * 1024;  ///< request line and headers together
  std::size_t threads = 8;                 ///< requests answered at once
  /// Connections open at once. At the limit a new one closes the oldest connection that waits
  /// for its request, of the address that has the most of those; it is refused only when every
  /// connection has a request under way.
  std::size_t max_connections = 1024;
  /// Connections of one client address; at the limit a new one closes that address's oldest
  /// waiting connection. Behind a proxy every client has the proxy's address: raise it.
  std::size_t max_connections_per_address = 256;
};

/// The site on a socket (Boost.Beast): one loop thread reads every connection's request head,
/// with the deadlines and bounds of listen_options, and only a whole head is handed to one of
/// `threads` workers. bind() then run(), which blocks until stop().
class http_server {
 public:
  http_server(site& s, listen_options options);
  ~http_server();
  http_server(const http_server&) = delete;
  http_server& operator=(const http_server&) = delete;
  /// Throws iosr::error (system) naming the address when it cannot be bound.
  void bind();
  int port() const;
  /// Serves until stop(); then every request under way is stopped (its store query
  /// interrupted), and run() returns once the workers are done or after `grace`, whichever comes
  /// first. True when every worker was done.
  bool run(std::chrono::milliseconds grace = std::chrono::milliseconds(800));
  /// From any thread (a signal's thread): run() returns within about `grace`.
  void stop();

  /// What the server has counted since it started (for the tests and docs/serve.md).
  struct counts {
    std::size_t accepted = 0, answered = 0, timed_out = 0, evicted = 0, refused = 0,
                head_too_slow = 0;
  };
  counts counted() const;

  struct impl;  ///< the loop, the connections and the workers (http_server.cpp)

 private:
  std::shared_ptr<impl> impl_;
};

/// Whether `host` is a loopback address (127.0.0.0/8, ::1, localhost): others are said aloud.
bool is_loopback(std::string_view host);

}  // namespace iosr
