// SPDX-License-Identifier: MIT
// A thread pool that gives results back in the order the work was submitted, with a bounded
// number of items in flight: the output never depends on the thread count, and memory stays
// flat however many items a batch has.
#pragma once

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

namespace iosr::cli::batch {

template <class In, class Out>
class ordered_pool {
 public:
  /// Starts `threads` workers running `work`; at most `window` items are submitted and not yet
  /// taken back with next().
  ordered_pool(unsigned threads, std::size_t window, std::function<Out(In&)> work)
      : window_(window), work_(std::move(work)) {
    for (unsigned i = 0; i < threads; ++i) workers_.emplace_back([this] { run_worker(); });
  }

  ~ordered_pool() {
    close();
    for (auto& w : workers_) w.join();
  }

  ordered_pool(const ordered_pool&) = delete;
  ordered_pool& operator=(const ordered_pool&) = delete;

  /// Queues one item; blocks while `window` items are in flight.
  void submit(In item) {
    std::unique_lock lock(mutex_);
    space_.wait(lock, [&] { return submitted_ - taken_ < window_; });
    queue_.emplace_back(submitted_++, std::move(item));
    work_ready_.notify_one();
  }

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
    space_.notify_one();
    return out;
  }

 private:
  void run_worker() {
    std::unique_lock lock(mutex_);
    for (;;) {
      work_ready_.wait(lock, [&] { return !queue_.empty() || closed_; });
      if (queue_.empty()) return;
      auto [index, item] = std::move(queue_.front());
      queue_.pop_front();
      lock.unlock();
      Out out = work_(item);
      lock.lock();
      done_.emplace(index, std::move(out));
      if (index == taken_) result_ready_.notify_all();
    }
  }

  std::size_t window_;
  std::function<Out(In&)> work_;
  std::mutex mutex_;
  std::condition_variable space_, work_ready_, result_ready_;
  std::deque<std::pair<std::size_t, In>> queue_;
  std::map<std::size_t, Out> done_;
  std::size_t submitted_ = 0, taken_ = 0;
  bool closed_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace iosr::cli::batch
