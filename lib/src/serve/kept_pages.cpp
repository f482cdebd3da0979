// SPDX-License-Identifier: MIT
// The trend pages kept per store generation (kept_pages.hpp).
#include "serve/kept_pages.hpp"

#include <utility>

#include "serve/gzip.hpp"
#include "serve/views.hpp"

namespace iosr::detail {

namespace {

// A drawn page as it is kept: secured (its policy's hashes found once), its body shared by the
// responses that answer with it, and gzip-compressed once for the clients that accept it (the
// trend of one test over 20 machines: 11.8 MB of HTML, 1.66 MB so).
std::shared_ptr<const http_response> kept_form(http_response page) {
  secure(page);
  auto body = std::make_shared<shared_body>();
  body->text = std::move(page.body);
  page.body.clear();
  if (compressible(page.content_type) && body->text.size() >= smallest_gzip_body) {
    body->gzip = gzip(body->text, gzip_level);
  }
  page.shared = std::move(body);
  return std::make_shared<const http_response>(std::move(page));
}

// What a kept page holds: its text and its gzip form.
std::size_t kept_bytes(const http_response& page) {
  return page.shared ? page.shared->text.size() + page.shared->gzip.size() : page.body.size();
}

}  // namespace

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
    lock.unlock();
    return *page;  // its headers copied; its body shared
  }
  // None kept at this generation (an older one is replaced: which of two generations is the
  // newer cannot be told, but the one just read almost always is).
  auto s = std::make_shared<slot>();
  s->generation = generation;
  s->used = ++clock_;
  if (auto [it, added] = slots_.try_emplace(key, s); !added) {
    if (it->second->page) bytes_ -= kept_bytes(*it->second->page);
    it->second = s;
  }
  ++counts_.trends_drawn;
  lock.unlock();
  std::shared_ptr<const http_response> page;
  try {
    page = kept_form(draw());
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
  if (kept_bytes(*page) > max_bytes_ / 4) {
    slots_.erase(it);
    return;
  }
  bytes_ += kept_bytes(*page);
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
    bytes_ -= kept_bytes(*oldest->second->page);
    slots_.erase(oldest);
  }
}

site::counts kept_pages::counted() const {
  std::lock_guard lock(mutex_);
  return counts_;
}

}  // namespace iosr::detail
