// SPDX-License-Identifier: MIT
#include "stop_signal.hpp"

#include <atomic>
#include <csignal>

namespace iosr::cli::batch {

namespace {

std::atomic<int> received{0};
static_assert(std::atomic<int>::is_always_lock_free, "used from a signal handler");

struct sigaction old_int, old_term;

extern "C" void record_signal(int signal) { received.store(signal); }

}  // namespace

stop_on_signal::stop_on_signal() {
  received.store(0);
  struct sigaction action {};
  action.sa_handler = record_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &old_int);
  sigaction(SIGTERM, &action, &old_term);
}

stop_on_signal::~stop_on_signal() {
  sigaction(SIGINT, &old_int, nullptr);
  sigaction(SIGTERM, &old_term, nullptr);
}

int stop_requested() { return received.load(); }

}  // namespace iosr::cli::batch
