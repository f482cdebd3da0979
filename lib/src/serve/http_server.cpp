// SPDX-License-Identifier: MIT
// The site on a socket (iosr/serve.hpp) with Boost.Beast. One thread runs an asynchronous loop
// that accepts connections and reads each request's head under a deadline; a connection holds
// no thread while it is idle or slow, so thousands of them cost memory only. A whole head goes
// to a worker (site::respond), whose answer the loop writes back, under a deadline too. Every
// request has a time limit from its head's arrival: past it the loop answers 503 and the
// request's work is stopped (site::respond's stop token interrupts its store query). The
// connections are bounded per server and per client address; at a bound the oldest connection
// that waits for its request is closed, of the address that holds the most of them, so that a
// client that opens connections and sends nothing only ever sheds its own.
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/span_body.hpp>
#include <boost/beast/http/write.hpp>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <list>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "iosr/error.hpp"
#include "iosr/serve.hpp"
#include "serve/gzip.hpp"

namespace iosr {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using error_code = boost::system::error_code;

std::chrono::steady_clock::duration seconds(double s) {
  return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(s));
}

std::string seconds_text(double s) {
  auto text = std::to_string(s);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text;
}

// A response made for one request, compressed on its worker for a client that accepts gzip
// (not on the loop's thread, which every connection shares), its text let go: only the gzip is
// held while a slow client reads it. A kept page has its gzip form already (kept_pages.cpp); a
// body too short or not text is sent as it is, and so is one zlib fails on.
void compress(http_response& r) {
  if (r.shared || !detail::compressible(r.content_type) ||
      r.body.size() < detail::smallest_gzip_body) {
    return;
  }
  auto body = std::make_shared<shared_body>();
  try {
    body->gzip = detail::gzip(r.body, detail::gzip_level);
  } catch (const std::exception&) {
    return;
  }
  r.body = std::string();
  r.shared = std::move(body);
}

}  // namespace

class connection;

struct http_server::impl {
  impl(site& s, listen_options o) : pages(s), options(std::move(o)), acceptor(loop) {}

  site& pages;
  listen_options options;
  asio::io_context loop;
  tcp::acceptor acceptor;
  int port = 0;
  bool stopping = false;  // the loop's: no more connections, no more requests

  // What the loop alone touches: the open connections, and those waiting for a request's head
  // (idle or slow), oldest first, with the count of each per address.
  struct address_counts {
    std::size_t open = 0, waiting = 0;
  };
  std::unordered_map<connection*, std::shared_ptr<connection>> open;
  std::list<connection*> waiting;
  std::unordered_map<std::string, address_counts> addresses;

  // The workers and their queue; a request waits there at most its time limit.
  struct job {
    std::shared_ptr<connection> from;
    std::uint64_t serial = 0;
    http_request request;
    std::stop_source stop;
    bool gzip = false;  // the client accepts gzip (Accept-Encoding)
  };
  std::mutex queue_mutex;
  std::condition_variable queue_ready, worker_done;
  std::deque<job> queue;
  std::size_t busy = 0;
  bool workers_stop = false;
  std::vector<std::thread> workers;

  // Stop requests are carried out on a thread of their own: a PostgreSQL cancel request opens a
  // connection to the server, which the loop must not wait for.
  std::mutex cancel_mutex;
  std::condition_variable cancel_ready;
  std::deque<std::stop_source> cancels;
  bool canceller_stop = false;
  std::thread canceller;

  std::atomic<std::size_t> accepted{0}, answered{0}, timed_out{0}, evicted{0}, refused{0},
      head_too_slow{0};

  void accept_next();
  void admit(tcp::socket socket);
  bool evict_waiting_of(const std::string& address);
  bool evict_from_busiest();
  void submit(job j);
  void cancel(std::stop_source stop);
  void work();
  void cancel_loop();
  void shutdown();
};

// One client connection; every member function runs on the loop's thread.
class connection : public std::enable_shared_from_this<connection> {
 public:
  connection(http_server::impl& server, tcp::socket socket, std::string address)
      : server_(server),
        socket_(std::move(socket)),
        timer_(server.loop),
        buffer_(2 * server.options.max_head_bytes),
        address_(std::move(address)) {}

  const std::string& address() const { return address_; }
  bool waiting() const { return phase_ == phase::idle || phase_ == phase::head; }

  void start() { wait_for_request(); }
  void answered(std::uint64_t serial, http_response response);
  void close();
  /// The server stops: the request under way, if any, is stopped too.
  void stop_work() {
    if (phase_ == phase::working) server_.cancel(stop_);
  }

  std::list<connection*>::iterator in_waiting;  // valid while waiting()

 private:
  enum class phase { accepted, idle, head, working, writing, closed };

  void set_phase(phase p);
  void arm(double limit);
  void on_deadline();
  void wait_for_request();
  void read_head();
  void on_head(const error_code& ec);
  void refuse(int status, const std::string& message);
  void write(http_response r);

  http_server::impl& server_;
  tcp::socket socket_;
  asio::steady_timer timer_;
  std::uint64_t timer_serial_ = 0;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::empty_body>> parser_;
  // The response being written, its body the bytes of `body_`, which it keeps alive: a kept
  // page's are shared with the other connections writing it, not copied into each.
  http::response<http::span_body<const char>> response_;
  std::shared_ptr<const shared_body> body_;
  std::string address_, target_;
  std::uint64_t serial_ = 0;  // of the request under way
  std::stop_source stop_;
  bool keep_alive_ = true;
  bool gzip_ = false;  // the request under way accepts gzip
  bool head_ = false;  // the request under way is HEAD: the GET's headers, no body
  phase phase_ = phase::accepted;
};

void connection::set_phase(phase p) {
  const bool was = waiting();
  phase_ = p;
  const bool is = waiting();
  auto& counts = server_.addresses[address_];
  if (!was && is) {
    in_waiting = server_.waiting.insert(server_.waiting.end(), this);
    ++counts.waiting;
  } else if (was && !is) {
    server_.waiting.erase(in_waiting);
    --counts.waiting;
  }
}

// One deadline at a time: the idle, head, time-limit or write one of the current phase.
void connection::arm(double limit) {
  timer_.expires_after(seconds(limit));
  timer_.async_wait([self = shared_from_this(), serial = ++timer_serial_](const error_code& ec) {
    if (!ec && serial == self->timer_serial_) self->on_deadline();
  });
}

void connection::on_deadline() {
  switch (phase_) {
    case phase::idle:
      close();
      break;
    case phase::head:
      ++server_.head_too_slow;
      close();
      break;
    case phase::working:
      ++server_.timed_out;
      server_.cancel(stop_);
      keep_alive_ = false;
      write(site::refusal(503, target_,
                          "this request took longer than the server's time limit of " +
                              seconds_text(server_.options.time_limit_seconds) +
                              " s and was stopped; ask for less (a narrower Tests filter, one "
                              "machine) or try again later"));
      break;
    case phase::accepted:
    case phase::writing:
    case phase::closed:
      close();
      break;
  }
}

void connection::wait_for_request() {
  set_phase(phase::idle);
  // Bytes of a pipelined request already read: its head is read at once.
  if (buffer_.size() > 0) return read_head();
  arm(server_.options.idle_timeout_seconds);
  socket_.async_wait(tcp::socket::wait_read, [self = shared_from_this()](const error_code& ec) {
    if (!ec && self->phase_ == phase::idle) self->read_head();
  });
}

void connection::read_head() {
  set_phase(phase::head);
  head_ = false;
  arm(server_.options.head_timeout_seconds);
  parser_.emplace();
  parser_->header_limit(static_cast<std::uint32_t>(server_.options.max_head_bytes));
  http::async_read_header(socket_, buffer_, *parser_,
                          [self = shared_from_this()](const error_code& ec, std::size_t) {
                            if (self->phase_ == phase::head) self->on_head(ec);
                          });
}

void connection::on_head(const error_code& ec) {
  if (ec == http::error::end_of_stream || ec == asio::error::eof ||
      ec == asio::error::connection_reset || ec == asio::error::operation_aborted) {
    return close();
  }
  // A refusal of a HEAD request is its headers alone, as any answer to HEAD: the method is the
  // parser's once the request line is read, else the first bytes that came.
  const auto* data = static_cast<const char*>(buffer_.data().data());
  const std::string_view head(data, buffer_.size());
  head_ = parser_->get().method() == http::verb::head || head.starts_with("HEAD ");
  if (ec == http::error::header_limit || ec == http::error::buffer_overflow) {
    // No line end in what came: the request line alone is too long.
    return head.find('\n') == std::string_view::npos
               ? refuse(414, "the request line is too long; expected at most " +
                                 std::to_string(server_.options.max_head_bytes) + " bytes")
               : refuse(431, "the request's headers are too large; expected at most " +
                                 std::to_string(server_.options.max_head_bytes) + " bytes");
  }
  if (ec) return refuse(400, "this is not an HTTP/1 request");
  const auto& request = parser_->get();
  target_ = std::string(request.target());
  if ((parser_->content_length() && *parser_->content_length() > 0) || parser_->chunked()) {
    return refuse(413, "this server only reads: a request has no body");
  }
  keep_alive_ = request.keep_alive();
  // Header lines of one name are one list (RFC 9110, 5.3).
  std::string accepted;
  for (auto [line, end] = request.equal_range(http::field::accept_encoding); line != end; ++line) {
    accepted.append(line->value().data(), line->value().size()) += ',';
  }
  gzip_ = detail::accepts_gzip(accepted);
  set_phase(phase::working);
  stop_ = std::stop_source();
  arm(server_.options.time_limit_seconds);
  server_.submit({shared_from_this(), ++serial_,
                  http_request{std::string(request.method_string()), target_}, stop_, gzip_});
}

void connection::answered(std::uint64_t serial, http_response response) {
  // An answer that comes after the time limit's 503, or to a closed connection, is dropped.
  if (phase_ != phase::working || serial != serial_) return;
  write(std::move(response));
}

void connection::refuse(int status, const std::string& message) {
  keep_alive_ = false;
  write(site::refusal(status, target_.empty() ? "/" : target_, message));
}

void connection::write(http_response r) {
  set_phase(phase::writing);
  arm(server_.options.write_timeout_seconds);
  response_ = {};
  response_.version(11);
  response_.result(static_cast<unsigned>(r.status));
  response_.set(http::field::content_type, r.content_type);
  for (const auto& [name, value] : r.headers) response_.set(name, value);
  response_.keep_alive(keep_alive_);
  if (r.shared) {
    body_ = std::move(r.shared);
  } else {
    auto own = std::make_shared<shared_body>();
    own->text = std::move(r.body);
    body_ = std::move(own);
  }
  // What may be sent compressed says so whether it is or not, for the caches between. A body
  // compressed for this request (compress()) has only its gzip form.
  std::string_view sent = body_->text;
  const bool zipped = gzip_ && !body_->gzip.empty();
  if (detail::compressible(r.content_type) &&
      (sent.size() >= detail::smallest_gzip_body || zipped)) {
    response_.set(http::field::vary, "Accept-Encoding");
    if (zipped) {
      response_.set(http::field::content_encoding, "gzip");
      sent = body_->gzip;
    }
  }
  response_.body() = {sent.data(), sent.size()};
  response_.prepare_payload();
  // HEAD: the headers a GET would have (RFC 9110, 9.3.2), its Content-Length, Vary and
  // encoding among them, without the content.
  if (head_) response_.body() = {};
  http::async_write(socket_, response_,
                    [self = shared_from_this()](const error_code& ec, std::size_t) {
                      if (self->phase_ != phase::writing) return;
                      self->body_.reset();
                      ++self->server_.answered;
                      if (ec || !self->keep_alive_ || self->server_.stopping) return self->close();
                      self->wait_for_request();
                    });
}

void connection::close() {
  if (phase_ == phase::closed) return;
  set_phase(phase::closed);
  ++timer_serial_;
  timer_.cancel();
  error_code ignored;
  socket_.shutdown(tcp::socket::shutdown_both, ignored);
  socket_.close(ignored);
  auto& counts = server_.addresses[address_];
  if (--counts.open == 0 && counts.waiting == 0) server_.addresses.erase(address_);
  // The last reference may be this one: taken out of the table after everything else.
  auto self = shared_from_this();
  server_.open.erase(this);
}

// The loop's handlers hold the server by a plain pointer, never by a shared_ptr: a handler left
// in the loop when it stops (the accept aborted by shutdown, a stop() after run() returned)
// would otherwise own the loop that owns it, and the server would never be freed. Handlers run
// only inside run(), while the http_server that owns this is alive, and the loop's destruction
// frees those left without running them.
void http_server::impl::accept_next() {
  acceptor.async_accept([this](const error_code& ec, tcp::socket socket) {
    if (stopping) return;
    if (ec) {
      // Out of file descriptors, say: try again shortly rather than spin.
      auto pause = std::make_shared<asio::steady_timer>(loop, std::chrono::milliseconds(50));
      pause->async_wait([this, pause](const error_code&) {
        if (!stopping) accept_next();
      });
      return;
    }
    admit(std::move(socket));
    accept_next();
  });
}

bool http_server::impl::evict_waiting_of(const std::string& address) {
  for (auto* c : waiting) {
    if (c->address() == address) {
      ++evicted;
      c->close();
      return true;
    }
  }
  return false;
}

bool http_server::impl::evict_from_busiest() {
  const std::string* busiest = nullptr;
  std::size_t most = 0;
  for (const auto& [address, counts] : addresses) {
    if (counts.waiting > most) {
      most = counts.waiting;
      busiest = &address;
    }
  }
  return busiest && evict_waiting_of(std::string(*busiest));
}

void http_server::impl::admit(tcp::socket socket) {
  ++accepted;
  error_code ec;
  const auto peer = socket.remote_endpoint(ec);
  if (ec) return;  // gone already
  auto address = peer.address().to_string();
  const auto per_address = addresses.contains(address) ? addresses[address].open : 0;
  const bool room = (per_address < options.max_connections_per_address ||
                     evict_waiting_of(address)) &&
                    (open.size() < options.max_connections || evict_from_busiest());
  if (!room) {
    ++refused;
    socket.close(ec);
    return;
  }
  socket.set_option(tcp::no_delay(true), ec);
  auto c = std::make_shared<connection>(*this, std::move(socket), address);
  ++addresses[address].open;
  open.emplace(c.get(), c);
  c->start();
}

void http_server::impl::submit(job j) {
  {
    std::lock_guard lock(queue_mutex);
    queue.push_back(std::move(j));
  }
  queue_ready.notify_one();
}

void http_server::impl::cancel(std::stop_source stop) {
  {
    std::lock_guard lock(cancel_mutex);
    cancels.push_back(std::move(stop));
  }
  cancel_ready.notify_one();
}

void http_server::impl::work() {
  for (;;) {
    job j;
    {
      std::unique_lock lock(queue_mutex);
      queue_ready.wait(lock, [&] { return workers_stop || !queue.empty(); });
      if (workers_stop) return;
      j = std::move(queue.front());
      queue.pop_front();
      if (!j.stop.stop_requested()) ++busy;
    }
    // A request already answered 503 (its limit passed while it waited) is not started. The
    // connection is let go on the loop's thread, which alone touches its socket and timer.
    if (j.stop.stop_requested()) {
      asio::post(loop, [from = std::move(j.from)] {});
      continue;
    }
    http_response r;
    try {
      // HEAD is answered as GET, whose body the connection leaves out (write()): so that its
      // Content-Length and Vary are the GET's, which the site's HEAD answer, bodiless, can not say.
      if (j.request.method == "HEAD") j.request.method = "GET";
      r = pages.respond(j.request, j.stop.get_token());
      if (j.gzip) compress(r);
    } catch (...) {
      r = site::refusal(500, j.request.target, "the request could not be answered");
    }
    asio::post(loop, [from = std::move(j.from), serial = j.serial, r = std::move(r)]() mutable {
      from->answered(serial, std::move(r));
    });
    {
      std::lock_guard lock(queue_mutex);
      --busy;
    }
    worker_done.notify_all();
  }
}

void http_server::impl::cancel_loop() {
  for (;;) {
    std::stop_source stop;
    {
      std::unique_lock lock(cancel_mutex);
      cancel_ready.wait(lock, [&] { return canceller_stop || !cancels.empty(); });
      if (cancels.empty()) return;
      stop = std::move(cancels.front());
      cancels.pop_front();
    }
    stop.request_stop();
  }
}

void http_server::impl::shutdown() {
  stopping = true;
  error_code ignored;
  acceptor.close(ignored);
  // Copied first: closing a connection takes it out of `open`.
  std::vector<std::shared_ptr<connection>> all;
  for (const auto& [c, owner] : open) all.push_back(owner);
  for (const auto& c : all) {
    c->stop_work();
    c->close();
  }
  {
    std::lock_guard lock(queue_mutex);
    workers_stop = true;
    queue.clear();
  }
  queue_ready.notify_all();
  loop.stop();
}

http_server::http_server(site& s, listen_options options)
    : impl_(std::make_shared<impl>(s, std::move(options))) {}

http_server::~http_server() {
  auto& i = *impl_;
  {
    std::lock_guard lock(i.queue_mutex);
    i.workers_stop = true;
  }
  i.queue_ready.notify_all();
  for (auto& t : i.workers) {
    if (t.joinable()) t.join();
  }
  {
    std::lock_guard lock(i.cancel_mutex);
    i.canceller_stop = true;
  }
  i.cancel_ready.notify_all();
  if (i.canceller.joinable()) i.canceller.join();
}

void http_server::bind() {
  auto& i = *impl_;
  error_code ec;
  const auto address = asio::ip::make_address(i.options.host == "localhost" ? "127.0.0.1"
                                                                            : i.options.host,
                                              ec);
  if (!ec) {
    const tcp::endpoint endpoint(address, static_cast<unsigned short>(i.options.port));
    i.acceptor.open(endpoint.protocol(), ec);
    if (!ec) i.acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
    if (!ec) i.acceptor.bind(endpoint, ec);
    if (!ec) i.acceptor.listen(asio::socket_base::max_listen_connections, ec);
    if (!ec) i.port = i.acceptor.local_endpoint(ec).port();
  }
  if (ec) {
    throw error(error_kind::system, "cannot listen on " + i.options.host + ":" +
                                        std::to_string(i.options.port) +
                                        ": the address is in use or not this machine's; expected "
                                        "a free port on an address of this machine");
  }
}

int http_server::port() const { return impl_->port; }

bool http_server::run(std::chrono::milliseconds grace) {
  auto& i = *impl_;
  const auto self = impl_;
  for (std::size_t n = 0; n < i.options.threads; ++n) {
    i.workers.emplace_back([self] { self->work(); });
  }
  i.canceller = std::thread([self] { self->cancel_loop(); });
  i.accept_next();
  i.loop.run();
  // Stopped: the requests under way were told to stop; wait for them, a while.
  std::unique_lock lock(i.queue_mutex);
  const bool done = i.worker_done.wait_for(lock, grace, [&] { return i.busy == 0; });
  lock.unlock();
  if (!done) {
    // A worker still at work holds `self`: the loop and queue outlive it. The caller must not
    // destroy the site (iosr serve exits).
    for (auto& t : i.workers) t.detach();
    i.canceller.detach();
  }
  return done;
}

void http_server::stop() {
  asio::post(impl_->loop, [i = impl_.get()] { i->shutdown(); });
}

http_server::counts http_server::counted() const {
  const auto& i = *impl_;
  return {i.accepted, i.answered, i.timed_out, i.evicted, i.refused, i.head_too_slow};
}

}  // namespace iosr
