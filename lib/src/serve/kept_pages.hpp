// SPDX-License-Identifier: MIT
// The trend pages the site has drawn, kept per store generation (docs/serve.md, "The trend
// overview"). The overview of a large store reads every entry and costs about 0.2 s of CPU, and
// it is the same for every reader until the store changes: so it is drawn once per generation
// (store::generation) and query, and every other request for it takes that page. Requests that
// ask for a page while it is being drawn wait for it, within their own time limit, instead of
// drawing it again each: fifty clients at once cost one drawing, not fifty.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>

#include "iosr/serve.hpp"

namespace iosr::detail {

class kept_pages {
 public:
  /// At most `max_pages` queries' pages and `max_bytes` of their bodies; a page larger than a
  /// quarter of that is answered but not kept.
  explicit kept_pages(std::size_t max_pages = 16, std::size_t max_bytes = 64 << 20)
      : max_pages_(max_pages), max_bytes_(max_bytes) {}

  /// The page of `key` (what the page is a function of, the store aside) at `generation`: the
  /// one kept; else the one another request is drawing, waited for until `stop` (then
  /// request_stopped is thrown); else drawn here by `draw`, kept when it succeeds and `still()`
  /// says the store is at `generation` yet once it is drawn (a page drawn across a change shows
  /// a later state than the generation it would be kept for, which an import and a removal can
  /// bring back). When `draw` throws, nothing is kept and the next request waiting for that page
  /// draws it.
  http_response get(const std::string& key, const std::string& generation,
                    const std::stop_token& stop, const std::function<http_response()>& draw,
                    const std::function<bool()>& still);

  site::counts counted() const;

 private:
  // One query's page at one generation; shared with the requests waiting for it, so that a
  // newer generation may take its place in `slots_` while it is drawn.
  struct slot {
    std::string generation;
    bool drawing = true;
    std::shared_ptr<const http_response> page;  // once drawn; null: drawing, or it failed
    std::uint64_t used = 0;                     // when last asked for: the oldest goes first
  };
  void keep(const std::string& key, const std::shared_ptr<slot>& s,
            std::shared_ptr<const http_response> page);

  std::size_t max_pages_, max_bytes_;
  std::size_t bytes_ = 0;  // of the pages kept
  std::uint64_t clock_ = 0;
  site::counts counts_;
  mutable std::mutex mutex_;  // never held while a page is drawn
  std::condition_variable_any drawn_;
  std::map<std::string, std::shared_ptr<slot>> slots_;
};

}  // namespace iosr::detail
