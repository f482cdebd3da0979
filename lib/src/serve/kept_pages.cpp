// SPDX-License-Identifier: MIT
// The trend pages kept per store generation (kept_pages.hpp).
#include "serve/kept_pages.hpp"

#include <utility>

#include "serve/views.hpp"

namespace iosr::detail {

http_response kept_pages::get(const std::string& key, const std::string& generation,
                              const std::stop_token& stop,
                              const std::function<http_response()>& draw,
                              const std::function<bool()>& still) {
  std::unique_lock lock(mutex_);
  for (;;) {
    const auto it = slots_.find(key);
    if (it == slots_.end() || it->second->generation != generation) break;
    const auto s = it->second;
    s->used = ++clock_;
    if (!s->page) {
      // Another request draws it: wait for that, as long as this request may.
      ++counts_.trends_waited;
      if (!drawn_.wait(lock, stop, [&] { return !s->drawing; })) throw request_stopped{};
      // Drawn, or failed (its slot gone from slots_): then look again, and draw it here.
      if (!s->page) continue;
    } else {
      ++counts_.trends_kept;
    }
    const auto page = s->page;
    lock.unlock();  // the copy of half a megabyte made outside the lock
    return *page;
  }
  // None kept at this generation (an older one is replaced: which of two generations is the
  // newer cannot be told, but the one just read almost always is).
  auto s = std::make_shared<slot>();
  s->generation = generation;
  s->used = ++clock_;
  if (auto [it, added] = slots_.try_emplace(key, s); !added) {
    if (it->second->page) bytes_ -= it->second->page->body.size();
    it->second = s;
  }
  ++counts_.trends_drawn;
  lock.unlock();
  std::shared_ptr<const http_response> page;
  try {
    page = std::make_shared<const http_response>(draw());
  } catch (...) {
    lock.lock();
    s->drawing = false;
    if (const auto it = slots_.find(key); it != slots_.end() && it->second == s) slots_.erase(it);
    drawn_.notify_all();
    throw;
  }
  bool unchanged = false;
  try {
    unchanged = still();
  } catch (...) {  // the store could not tell: the page is answered, not kept
  }
  lock.lock();
  s->drawing = false;
  s->page = page;  // for the requests waiting for it, kept or not
  if (unchanged) {
    keep(key, s, page);
  } else if (const auto it = slots_.find(key); it != slots_.end() && it->second == s) {
    slots_.erase(it);
  }
  drawn_.notify_all();
  lock.unlock();
  return *page;
}

// With mutex_ held.
void kept_pages::keep(const std::string& key, const std::shared_ptr<slot>& s,
                      std::shared_ptr<const http_response> page) {
  const auto it = slots_.find(key);
  if (it == slots_.end() || it->second != s) return;  // a newer generation took its place
  if (page->body.size() > max_bytes_ / 4) {
    slots_.erase(it);
    return;
  }
  bytes_ += page->body.size();
  // The pages asked for longest ago go first; those being drawn stay (at most one a worker).
  while (slots_.size() > max_pages_ || bytes_ > max_bytes_) {
    auto oldest = slots_.end();
    for (auto i = slots_.begin(); i != slots_.end(); ++i) {
      if (i->second->page && i->second != s &&
          (oldest == slots_.end() || i->second->used < oldest->second->used)) {
        oldest = i;
      }
    }
    if (oldest == slots_.end()) break;
    bytes_ -= oldest->second->page->body.size();
    slots_.erase(oldest);
  }
}

site::counts kept_pages::counted() const {
  std::lock_guard lock(mutex_);
  return counts_;
}

}  // namespace iosr::detail
