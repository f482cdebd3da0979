// SPDX-License-Identifier: MIT
// The site's pages and their JSON twins (docs/serve.md, "URLs"), one function each, over the
// store's public interface and the library's operations (run_compare, run_trend): the drawing is
// the CLI's own. Each throws bad_request for a request it refuses, iosr::error for the rest.
#pragma once

#include <cstdint>
#include <stop_token>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iosr/serve.hpp"
#include "serve/query.hpp"

namespace iosr::detail {

enum class view_as { html, json };

/// A request's work stopped from outside (its time limit passed, the server stops): the site
/// answers 503.
struct request_stopped {};

/// The store a request reads, lent to it alone for the request (site.cpp); `stop` is the
/// request's, checked before each call: a call under way is interrupted by the store itself
/// (store::interrupt).
struct shared_store {
  store& db;
  std::stop_token stop;
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
/// a team starts from (the machines, each one's geometric mean, the test families).
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

/// The site's own style sheet (/static/serve.css).
const std::string& serve_stylesheet();

/// `text` HTML-escaped for element content and quoted attribute values.
std::string html_text(std::string_view text);

}  // namespace iosr::detail
