// SPDX-License-Identifier: MIT
// The site on a socket (iosr/serve.hpp) with cpp-httplib (Debian's libcpp-httplib): it parses
// the requests and bounds them (request line and each header 8 KiB, the body
// listen_options::max_body_bytes), and times out slow clients; every request, whatever its path
// or method, goes to site::respond, so no handler of its own (nor a mount point: no file is ever
// served) is registered.
#include <httplib.h>

#include "iosr/error.hpp"
#include "iosr/serve.hpp"

namespace iosr {

struct http_server::impl {
  impl(site& s, listen_options o) : pages(s), options(std::move(o)) {}
  site& pages;
  listen_options options;
  httplib::Server server;
  int port = 0;
};

http_server::http_server(site& s, listen_options options)
    : impl_(std::make_unique<impl>(s, std::move(options))) {
  auto& server = impl_->server;
  const auto& o = impl_->options;
  server.set_read_timeout(o.read_timeout_seconds, 0);
  server.set_write_timeout(o.write_timeout_seconds, 0);
  server.set_keep_alive_timeout(o.idle_timeout_seconds);
  server.set_payload_max_length(o.max_body_bytes);
  const auto threads = o.threads;
  server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  server.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    const auto answer = impl_->pages.respond({req.method, req.target});
    res.status = answer.status;
    for (const auto& [name, value] : answer.headers) res.set_header(name, value);
    res.set_content(answer.body, answer.content_type);
    return httplib::Server::HandlerResponse::Handled;
  });
}

http_server::~http_server() = default;

void http_server::bind() {
  auto& i = *impl_;
  if (i.options.port == 0) {
    i.port = i.server.bind_to_any_port(i.options.host);
  } else if (i.server.bind_to_port(i.options.host, i.options.port)) {
    i.port = i.options.port;
  } else {
    i.port = -1;
  }
  if (i.port <= 0) {
    throw error(error_kind::system, "cannot listen on " + i.options.host + ":" +
                                        std::to_string(i.options.port) +
                                        ": the address is in use or not this machine's; expected "
                                        "a free port on an address of this machine");
  }
}

int http_server::port() const { return impl_->port; }

void http_server::run() { impl_->server.listen_after_bind(); }

void http_server::stop() { impl_->server.stop(); }

}  // namespace iosr
