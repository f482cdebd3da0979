// SPDX-License-Identifier: MIT
// The batch's thread pool (apps/iosr/batch/ordered_pool.hpp): results in submission order, and
// no stall when a few large items fill the window.
#include "batch/ordered_pool.hpp"

#include <chrono>
#include <cstddef>
#include <thread>
#include <vector>

#include "catch.hpp"

using iosr::batch::ordered_pool;

namespace {

// Submits `count` items of `bytes` each from a thread of their own, takes every result, and
// returns them in the order taken.
std::vector<int> run(unsigned workers, std::size_t window, std::size_t window_bytes, int count,
                     std::size_t bytes, std::chrono::milliseconds timeout) {
  ordered_pool<int, int> pool(workers, window, window_bytes, [](int& item) {
    if (item % 3 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));  // out of order
    return item * 10;
  });
  std::thread submitter([&] {
    for (int i = 0; i < count; ++i) pool.submit(i, bytes);
    pool.close();
  });
  std::vector<int> taken;
  for (bool finished = false; !finished;) {
    if (auto next = pool.next(timeout, finished)) taken.push_back(*next);
  }
  submitter.join();
  return taken;
}

}  // namespace

TEST_CASE("The pool gives results back in submission order", "[batch]") {
  auto taken = run(3, 8, 1 << 20, 200, 1, std::chrono::milliseconds(100));
  REQUIRE(taken.size() == 200);
  for (int i = 0; i < 200; ++i) CHECK(taken[static_cast<std::size_t>(i)] == i * 10);
}

TEST_CASE("A window full of large items does not wait for the taker's timeout", "[batch]") {
  // Two items fill the bytes of the window, far fewer than a batch of results: the workers run
  // dry while the submitter waits for room, and the taker must be woken for that. Were it not,
  // every pair of items would wait out the 2 s timeout.
  const auto start = std::chrono::steady_clock::now();
  auto taken = run(1, 128, 100, 8, 40, std::chrono::milliseconds(2000));
  const auto took = std::chrono::steady_clock::now() - start;
  REQUIRE(taken.size() == 8);
  for (int i = 0; i < 8; ++i) CHECK(taken[static_cast<std::size_t>(i)] == i * 10);
  CHECK(took < std::chrono::milliseconds(1500));
}
