// SPDX-License-Identifier: MIT
// Objects handed back to the thread that allocated them (apps/iosr/batch/hand_back.hpp): they
// are destroyed where destroy_handed_back() runs, and never more bytes wait than allowed.
#include "batch/hand_back.hpp"

#include <memory>
#include <thread>
#include <vector>

#include "catch.hpp"

using iosr::batch::hand_back;

namespace {

// Remembers the thread that destroyed it.
struct tracked {
  std::shared_ptr<std::vector<std::thread::id>> destroyed_on;
  tracked() = default;
  explicit tracked(std::shared_ptr<std::vector<std::thread::id>> log) : destroyed_on(std::move(log)) {}
  tracked(tracked&&) noexcept = default;
  tracked& operator=(tracked&&) noexcept = default;
  ~tracked() {
    if (destroyed_on) destroyed_on->push_back(std::this_thread::get_id());
  }
};

}  // namespace

TEST_CASE("Handed-back objects are destroyed on the thread that takes them back", "[batch]") {
  auto log = std::make_shared<std::vector<std::thread::id>>();
  hand_back<tracked> back(100);
  std::thread other([&] {
    for (int i = 0; i < 3; ++i) {
      tracked t(log);
      CHECK(back.give(t, 10));
      CHECK(!t.destroyed_on);  // moved into the queue
    }
  });
  other.join();
  CHECK(log->empty());  // none destroyed by the thread that gave them
  back.destroy_handed_back();
  REQUIRE(log->size() == 3);
  for (auto id : *log) CHECK(id == std::this_thread::get_id());
  back.destroy_handed_back();  // nothing left: no-op
  CHECK(log->size() == 3);
}

TEST_CASE("Handing back stops at the byte budget and leaves the object to the caller", "[batch]") {
  auto log = std::make_shared<std::vector<std::thread::id>>();
  hand_back<tracked> back(25);
  tracked a(log), b(log), c(log), huge(log);
  CHECK(back.give(a, 10));
  CHECK(back.give(b, 10));
  CHECK(!back.give(c, 10));  // 30 bytes would wait: c stays with the caller
  CHECK(c.destroyed_on);
  back.destroy_handed_back();
  CHECK(log->size() == 2);
  // One object always fits, however large, so that nothing is refused for its size alone.
  CHECK(back.give(huge, 1000));
  CHECK(!huge.destroyed_on);
  back.destroy_handed_back();
  CHECK(log->size() == 3);
}
