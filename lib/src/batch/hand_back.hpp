// SPDX-License-Identifier: MIT
// Objects handed back to the thread that allocated them, to be destroyed there. Memory one
// thread frees for another is slow to reuse: mimalloc queues it on the owner's cross-thread
// free list and the owner, meanwhile, takes fresh pages (with one worker, the writer freeing
// the models it rendered put mimalloc at 14 % of the worker's time instead of 5 %:
// docs/performance.md, step 19).
#pragma once

#include <cstddef>
#include <mutex>
#include <utility>
#include <vector>

namespace iosr::batch {

template <class T>
class hand_back {
 public:
  /// At most `most_bytes` (by the sizes given) wait to be destroyed; beyond them, the one
  /// handing back destroys the object itself.
  explicit hand_back(std::size_t most_bytes) : most_bytes_(most_bytes) {}

  /// Queues `object` of about `bytes` for destroy_handed_back(); false when the queue is full,
  /// and then `object` is left to the caller.
  bool give(T& object, std::size_t bytes) {
    std::lock_guard lock(mutex_);
    if (!objects_.empty() && bytes_ + bytes > most_bytes_) return false;
    objects_.push_back(std::move(object));
    bytes_ += bytes;
    return true;
  }

  /// Destroys what was handed back, on the calling thread (the one that allocated it).
  void destroy_handed_back() {
    std::vector<T> objects;
    {
      std::lock_guard lock(mutex_);
      if (objects_.empty()) return;
      objects.swap(objects_);
      bytes_ = 0;
    }
  }

 private:
  std::mutex mutex_;
  std::vector<T> objects_;
  std::size_t bytes_ = 0;
  const std::size_t most_bytes_;
};

}  // namespace iosr::batch
