// SPDX-License-Identifier: MIT
// A thread pool that gives results back in the order the work was submitted, with a bounded
// number (and size) of items in flight: the output never depends on the thread count, and
// memory stays flat however many items a batch has.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

namespace iosr::batch {

template <class In, class Out>
class ordered_pool {
 public:
  /// Starts `threads` workers running `work`. At most `window` items, and at most
  /// `window_bytes` of them by the sizes given to submit() (one item always fits), are
  /// submitted and not yet taken back with next().
  ordered_pool(unsigned threads, std::size_t window, std::size_t window_bytes,
               std::function<Out(In&)> work)
      : window_(window), window_bytes_(window_bytes), work_(std::move(work)) {
    for (unsigned i = 0; i < threads; ++i) workers_.emplace_back([this] { run_worker(); });
  }

  ~ordered_pool() {
    close();
    for (auto& w : workers_) w.join();
  }

  ordered_pool(const ordered_pool&) = delete;
  ordered_pool& operator=(const ordered_pool&) = delete;

  /// Queues one item of `bytes`; blocks while the window is full.
  void submit(In item, std::size_t bytes) {
    std::unique_lock lock(mutex_);
    auto has_room = [&] {
      auto in_flight = submitted_ - taken_;
      return in_flight == 0 || (in_flight < window_ && bytes_in_flight_ + bytes <= window_bytes_);
    };
    if (!has_room()) {
      // Only taking results makes room. Results the workers finished before this wait began
      // woke no one (the workers wake the taker for a batch, or when they run dry while this
      // waits), so the taker is woken here for them.
      submitter_waiting_ = true;
      if (done_.contains(taken_)) result_ready_.notify_all();
      space_.wait(lock, has_room);
      submitter_waiting_ = false;
    }
    queue_.emplace_back(submitted_++, std::move(item));
    queued_.store(queue_.size(), std::memory_order_relaxed);
    sizes_.push_back(bytes);
    bytes_in_flight_ += bytes;
    work_ready_.notify_one();
  }

  /// How many submitted items no worker has started, as last seen (without the lock).
  std::size_t waiting() const { return queued_.load(std::memory_order_relaxed); }

  /// No more items will be submitted.
  void close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    work_ready_.notify_all();
    result_ready_.notify_all();
  }

  /// The next result in submission order. Waits at most `timeout`; returns nothing when it ran
  /// out, and nothing with `finished` set once every item was taken after close().
  std::optional<Out> next(std::chrono::milliseconds timeout, bool& finished) {
    std::unique_lock lock(mutex_);
    auto ready = [&] { return done_.contains(taken_) || (closed_ && taken_ == submitted_); };
    result_ready_.wait_for(lock, timeout, ready);
    finished = closed_ && taken_ == submitted_;
    auto found = done_.find(taken_);
    if (found == done_.end()) return std::nullopt;
    Out out = std::move(found->second);
    done_.erase(found);
    ++taken_;
    bytes_in_flight_ -= sizes_.front();
    sizes_.pop_front();
    // The submitter is woken once half the window is free, not for every item: waking a
    // thread costs tens of microseconds on a virtual machine, as much as a small file's work.
    if (submitted_ - taken_ <= window_ / 2 && bytes_in_flight_ <= window_bytes_ / 2) {
      space_.notify_one();
    }
    return out;
  }

 private:
  void run_worker() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wait_for_work(lock);
      if (queue_.empty()) return;
      auto [index, item] = std::move(queue_.front());
      queue_.pop_front();
      queued_.store(queue_.size(), std::memory_order_relaxed);
      lock.unlock();
      Out out = work_(item);
      lock.lock();
      done_.emplace(index, std::move(out));
      // The taker is woken for a batch of results, not for each one (see next()); at the end,
      // for the last ones; and when the workers ran dry while the submitter waits for room,
      // which only taking results makes (a window full of a few large files).
      if (done_.contains(taken_) && (done_.size() >= std::max<std::size_t>(1, window_ / 4) ||
                                     closed_ || (queue_.empty() && submitter_waiting_))) {
        result_ready_.notify_all();
      }
    }
  }

  // A worker that ran dry looks for work for a while before it sleeps: on a tree of small files
  // the next item comes within microseconds, and falling asleep and being woken for each one
  // cost tens of microseconds on a virtual machine, more than the item's own work (a tree of
  // 2,750 small files: docs/performance.md). It yields, so that a reader on the same core runs.
  // How long it looks adapts: halved each time looking found nothing (a reader waiting for the
  // disk would otherwise cost 50 us of CPU a file), lengthened when a sleep ended soon after.
  static constexpr std::chrono::microseconds longest_look{50};

  // Returns, holding `lock`, once there is work or the pool is closed.
  void wait_for_work(std::unique_lock<std::mutex>& lock) {
    auto ready = [&] { return !queue_.empty() || closed_; };
    if (ready()) return;
    lock.unlock();
    const std::chrono::microseconds look{look_us_.load(std::memory_order_relaxed)};
    const auto until = std::chrono::steady_clock::now() + look;
    while (queued_.load(std::memory_order_relaxed) == 0 &&
           std::chrono::steady_clock::now() < until) {
      std::this_thread::yield();
    }
    lock.lock();
    if (ready()) return;
    look_us_.store(look.count() / 2, std::memory_order_relaxed);  // looking found nothing
    const auto slept_from = std::chrono::steady_clock::now();
    work_ready_.wait(lock, ready);
    // Woken soon after: looking a little longer would have found the work.
    if (std::chrono::steady_clock::now() - slept_from < longest_look) {
      const long longer = 2 * look_us_.load(std::memory_order_relaxed) + 1;
      look_us_.store(std::min<long>(longest_look.count(), longer), std::memory_order_relaxed);
    }
  }

  std::size_t window_, window_bytes_;
  std::function<Out(In&)> work_;
  std::mutex mutex_;
  std::condition_variable space_, work_ready_, result_ready_;
  std::deque<std::pair<std::size_t, In>> queue_;
  std::atomic<std::size_t> queued_{0};  // queue_.size(), read without the lock
  std::atomic<long> look_us_{longest_look.count()};  // see wait_for_work()
  std::deque<std::size_t> sizes_;  // of the items in flight, in submission order
  std::size_t bytes_in_flight_ = 0;
  std::map<std::size_t, Out> done_;
  std::size_t submitted_ = 0, taken_ = 0;
  bool closed_ = false;
  bool submitter_waiting_ = false;  // submit() waits for room in the window
  std::vector<std::thread> workers_;
};

}  // namespace iosr::batch
