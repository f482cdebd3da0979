// SPDX-License-Identifier: MIT
// The site's pages and their JSON twins (docs/serve.md, "URLs"), one function each, over the
// store's public interface and the library's operations (run_compare, run_trend): the drawing is
// the CLI's own. Each throws bad_request for a request it refuses, iosr::error for the rest.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "iosr/serve.hpp"
#include "serve/query.hpp"

namespace iosr::detail {

enum class view_as { html, json };

/// A request's work stopped from outside (its time limit passed, the server stops): the site
/// answers 503.
struct request_stopped {};

/// What a stored file's systems say about it for the results list: machines, kernels,
/// schedulers, and its systems' labels as the list shows them.
struct file_facts {
  std::vector<std::string> machines, labels, kernels, schedulers;
  /// The labels as the list shows them: a group written once before its names
  /// (`WD5000AZRX: None, BFQ`), so that a file of two disks does not fill the column.
  std::vector<std::string> shown;
  bool grouped = false;  ///< some label has a group: `; ` between the groups
};

/// The facts of the files the list has shown, kept across requests and shared by the workers.
/// A stored file's systems never change while it keeps its id and its bytes (its SHA-256): a
/// file removed and another imported under its id has other bytes. So the list reads each
/// file's systems once instead of 50 queries a page (5 ms of CPU a page of the 1,000,000-entry
/// store, 0.3 ms with them kept). Bounded: past `capacity` files it starts again empty.
class facts_cache {
 public:
  explicit facts_cache(std::size_t capacity = 20000) : capacity_(capacity) {}
  std::shared_ptr<const file_facts> find(std::int64_t id, const std::string& sha256) const;
  void keep(std::int64_t id, const std::string& sha256, std::shared_ptr<const file_facts> facts);

 private:
  std::size_t capacity_;
  mutable std::mutex mutex_;  // held only to look up or add, never during a query
  std::unordered_map<std::string, std::shared_ptr<const file_facts>> by_file_;
};

class kept_pages;  // kept_pages.hpp

/// The store a request reads, lent to it alone for the request (site.cpp); `stop` is the
/// request's, checked before each call: a call under way is interrupted by the store itself
/// (store::interrupt).
struct shared_store {
  store& db;
  std::stop_token stop;
  facts_cache* facts = nullptr;  ///< the site's, shared by every request; none: read each time
  kept_pages* trends = nullptr;  ///< the site's trend pages; none: each drawn for its request
  template <class F>
  auto with(F&& f) {
    check();
    return f(db);
  }
  /// Throws request_stopped once the request is to stop: between the store's answer and the
  /// drawing, which is not interrupted itself.
  void check() const {
    if (stop.stop_requested()) throw request_stopped{};
  }
};

http_response results_view(shared_store& db, const site_limits& limits, const query_params& q,
                           view_as as);
http_response compare_view(shared_store& db, const site_limits& limits,
                           const std::vector<std::int64_t>& ids, const query_params& q, view_as as);
/// The trend (trend_page.cpp): drawn when the tests chosen are few enough, else the overview
/// a team starts from (the machines, each one's geometric mean, the test families). With
/// `db.trends`, each page (a refusal of the request too) is drawn once per store generation
/// and kept for the next requests.
http_response trend_view(shared_store& db, const site_limits& limits, const query_params& q,
                         view_as as);

using pairs = std::vector<std::pair<std::string, std::string>>;

constexpr std::string_view html_type = "text/html; charset=utf-8";
constexpr std::string_view json_type = "application/json";

// The parts every page is made of (views.cpp).
std::string page_head(std::string_view title);
std::string nav_bar();
/// A text input of a GET form, its value as the request had it.
std::string text_field(std::string_view name, std::string_view label, const std::string& value,
                       std::string_view hint = {});
std::string select_field(std::string_view name, std::string_view label,
                         const std::vector<std::string_view>& choices, const std::string& value);
http_response respond_with(std::string body, std::string_view type);
/// The site's navigation and `front` put at the start of a page that run_compare or run_trend
/// drew, and its style sheet beside the page's own.
std::string with_frame(std::string page, const std::string& front);

/// The page of a refusal or failure: `status`, and a text that names no SQL, path or stack.
http_response message_page(int status, const std::string& text, view_as as);

/// The headers every response carries: the Content-Security-Policy (with the hashes of the
/// page's inline style and script), nosniff, no referrer, no caching (site.cpp). A response
/// that has its policy already (a kept page) is left as it is.
void secure(http_response& r);

/// The site's own style sheet (/static/serve.css).
const std::string& serve_stylesheet();

/// `text` HTML-escaped for element content and quoted attribute values.
std::string html_text(std::string_view text);

}  // namespace iosr::detail
