// SPDX-License-Identifier: MIT
// The site's pages and their JSON twins (docs/serve.md, "URLs"), one function each, over the
// store's public interface and the library's operations (run_compare, run_trend): the drawing is
// the CLI's own. Each throws bad_request for a request it refuses, iosr::error for the rest.
#pragma once

#include <cstdint>
#include <mutex>

#include "iosr/serve.hpp"
#include "serve/query.hpp"

namespace iosr::detail {

enum class view_as { html, json };

/// The store as the site's threads share it: one call at a time (a store's connection is not
/// shared across threads); what is drawn from its answers is drawn outside the lock.
struct shared_store {
  store& db;
  std::mutex& mutex;
  template <class F>
  auto with(F&& f) {
    std::lock_guard lock(mutex);
    return f(db);
  }
};

http_response results_view(shared_store& db, const site_limits& limits, const query_params& q,
                           view_as as);
http_response compare_view(shared_store& db, const site_limits& limits,
                           const std::vector<std::int64_t>& ids, const query_params& q, view_as as);
http_response trend_view(shared_store& db, const site_limits& limits, const query_params& q,
                         view_as as);

/// The page of a refusal or failure: `status`, and a text that names no SQL, path or stack.
http_response message_page(int status, const std::string& text, view_as as);

/// The site's own style sheet (/static/serve.css).
const std::string& serve_stylesheet();

/// `text` HTML-escaped for element content and quoted attribute values.
std::string html_text(std::string_view text);

}  // namespace iosr::detail
