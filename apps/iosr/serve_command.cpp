// SPDX-License-Identifier: MIT
// `iosr serve`: the store as a read-only web site (docs/serve.md). Only its arguments, the
// start-up lines and the signals are the CLI's; the site and the server are the library's
// (iosr/serve.hpp).
#include <pthread.h>

#include <csignal>
#include <cxxopts.hpp>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>

#include "cli_support.hpp"
#include "command.hpp"
#include "iosr/serve.hpp"
#include "iosr/store.hpp"

namespace iosr::cli {
namespace {

// What --help ends with.
constexpr std::string_view exit_status =
    "\nExit status: 0 stopped by a signal, 1 the database could not be read or the address not "
    "listened on, 2 usage error.\n";

// HOST:PORT, [IPV6]:PORT, :PORT or PORT.
listen_options listen_of(const std::string& text) {
  listen_options o;
  std::string host, port = text;
  if (const auto colon = text.rfind(':'); colon != std::string::npos) {
    host = text.substr(0, colon);
    port = text.substr(colon + 1);
  }
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  if (!host.empty()) o.host = host;
  if (port.empty() || port.size() > 5 ||
      port.find_first_not_of("0123456789") != std::string::npos || std::stoi(port) > 65535) {
    bad_value("listen", text, "is not HOST:PORT; expected an address and a port up to 65535");
  }
  o.port = std::stoi(port);
  return o;
}

}  // namespace

int run_serve(int argc, char** argv) {
  cxxopts::Options options(
      "iosr serve",
      "Serve the results store as a read-only web site: the results, newest first, with filters; "
      "a result's comparison page; any selection compared; the trend per machine and test; the "
      "same as JSON under /api/v1/ (docs/serve.md). Listens on 127.0.0.1 unless told; it has "
      "no users of its own: put it behind a reverse proxy with authentication to share it. "
      "Ctrl-C or SIGTERM stops it.\n");
  options.custom_help("[--db FILE] [--listen HOST:PORT] [options]");
  add_db_option(options);
  auto add = options.add_options();
  add("listen",
      "the address and port to listen on (HOST:PORT, [IPV6]:PORT or PORT; port 0: any free "
      "one); an address other than loopback is said on start-up",
      cxxopts::value<std::string>()->default_value("127.0.0.1:8080"), "HOST:PORT");
  add("page-size", "results per page of the list",
      cxxopts::value<std::string>()->default_value("50"), "N");
  add("threads", "requests answered at once", cxxopts::value<std::string>()->default_value("8"),
      "N");
  add("time-limit",
      "a request not answered within this many seconds is answered 503 and its work stopped",
      cxxopts::value<std::string>()->default_value("5"), "SECONDS");
  add("max-connections",
      "connections open at once; at the limit the oldest idle or slow one is closed",
      cxxopts::value<std::string>()->default_value("1024"), "N");
  add("max-per-address",
      "connections of one client address (raise it behind a reverse proxy, whose address every "
      "client has)",
      cxxopts::value<std::string>()->default_value("256"), "N");
  add("h,help", "print this help");
  const auto parsed = parse_command_line(options, argc, argv, exit_status);
  if (!parsed) return exit_ok;
  const auto& args = *parsed;
  if (!args.unmatched().empty()) bad_usage("takes no INPUT: it reads the database (--db)");
  auto listen = listen_of(args["listen"].as<std::string>());
  site_limits limits;
  limits.page_size = static_cast<std::size_t>(whole_number_of(args, "page-size"));
  if (limits.page_size < 1 || limits.page_size > limits.max_page_size) {
    bad_usage("--page-size: expected a number from 1 to " + std::to_string(limits.max_page_size));
  }
  listen.threads = static_cast<std::size_t>(whole_number_of(args, "threads"));
  if (listen.threads < 1 || listen.threads > 256) bad_usage("--threads: expected 1 to 256");
  listen.time_limit_seconds = number_of(args, "time-limit");
  if (!(listen.time_limit_seconds >= 0.1 && listen.time_limit_seconds <= 3600)) {
    bad_usage("--time-limit: expected seconds from 0.1 to 3600");
  }
  listen.max_connections = static_cast<std::size_t>(whole_number_of(args, "max-connections"));
  if (listen.max_connections < 1 || listen.max_connections > 100000) {
    bad_usage("--max-connections: expected 1 to 100000");
  }
  listen.max_connections_per_address =
      static_cast<std::size_t>(whole_number_of(args, "max-per-address"));
  if (listen.max_connections_per_address < 1) bad_usage("--max-per-address: expected at least 1");

  // One connection to the store for each request answered at once, each opened as this first
  // one is: reads run side by side, none waits for another's.
  const auto url = database_of(args);
  auto db = store::open(url, store_access::read_only);
  const auto location = db->location();
  std::mutex first_mutex;
  site pages(
      [&]() -> std::unique_ptr<store> {
        {
          std::lock_guard lock(first_mutex);
          if (db) return std::move(db);
        }
        return store::open(url, store_access::read_only);
      },
      limits);
  http_server server(pages, listen);

  // The signals are taken by one thread of their own (sigwait), not by a handler: stopping
  // the server is no async-signal-safe call. Blocked before any thread starts, so all inherit it.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  server.bind();
  const bool loopback = is_loopback(listen.host);
  const auto shown =
      listen.host.find(':') != std::string::npos ? "[" + listen.host + "]" : listen.host;
  std::cerr << "iosr serve: http://" << shown << ":" << server.port() << "/ (" << location
            << ", read-only; Ctrl-C stops)\n";
  if (!loopback) {
    std::cerr << "iosr serve: listening on " << listen.host
              << ", not loopback only: whoever reaches this address reads the whole store; put "
                 "it behind a reverse proxy with authentication (docs/serve.md)\n";
  }
  std::thread waiter([&] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    server.stop();
  });
  const bool every_request_done = server.run();
  // run() returned without a signal when listening failed: wake the waiter with one.
  pthread_kill(waiter.native_handle(), SIGTERM);
  waiter.join();
  std::cerr << "iosr serve: stopped\n";
  // A request still at work after its store query was interrupted (drawing a large page) would
  // keep the process for its time: the store is only read, so the process ends without it.
  if (!every_request_done) std::_Exit(exit_ok);
  return exit_ok;
}

}  // namespace iosr::cli
