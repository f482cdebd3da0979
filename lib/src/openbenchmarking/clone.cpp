// SPDX-License-Identifier: MIT
// The OpenBenchmarking.org request, its answer and the cache (see iosr/openbenchmarking.hpp). The facts come
// from PTS 10.8.6 (pts_openbenchmarking::make_openbenchmarking_request and
// clone_openbenchmarking_result): a form POSTed to {host}f/client.php holding
// r=clone_openbenchmarking_result, client_version (PTS_CORE_VERSION) and i=ID, whose gsid
// fields PHP's http_build_query leaves out when they are null, as they are without an
// OpenBenchmarking account; the answer is JSON, openbenchmarking.result.composite_xml holding
// the result file, or openbenchmarking.result.error a message.
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include "iosr/error.hpp"
#include "iosr/openbenchmarking.hpp"
#include "openbenchmarking/http_helper.hpp"

namespace iosr::openbenchmarking {

namespace {

// PTS_CORE_VERSION of PTS 10.8.6, the client whose protocol this follows.
constexpr std::string_view client_version = "10860";
constexpr std::string_view default_url = "https://openbenchmarking.org/";

// The request's settings, checked (docs/openbenchmarking.md).
struct request_settings {
  std::string url;  // {url}f/client.php
  std::string timeout = "60";
  std::string retries = "3";
};

// Seconds above 0 (a fraction allowed: the tests wait less than a second).
bool is_seconds(const std::string& text) {
  char* end = nullptr;
  const double s = std::strtod(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size() && s > 0 && s <= 86400;
}

bool is_retries(const std::string& text) {
  return !text.empty() && text.size() <= 3 &&
         text.find_first_not_of("0123456789") == std::string::npos && std::stoi(text) <= 100;
}

request_settings settings_for(const std::string& id, const id_options& ids) {
  request_settings s;
  std::string base = ids.url.text;
  if (base.empty()) base = default_url;
  if (!base.starts_with("http://") && !base.starts_with("https://")) {
    throw parse_error(id, {},
                      ids.url.name + "='" + base + "': expected an http:// or https:// URL, such as " +
                          std::string(default_url));
  }
  if (!base.ends_with('/')) base += '/';
  s.url = base + "f/client.php";
  if (const auto& t = ids.timeout.text; !t.empty()) {
    if (!is_seconds(t)) {
      throw parse_error(id, {}, ids.timeout.name + "='" + t + "': expected seconds, above 0");
    }
    s.timeout = t;
  }
  if (const auto& r = ids.retries.text; !r.empty()) {
    if (!is_retries(r)) {
      throw parse_error(id, {}, ids.retries.name + "='" + r + "': expected 0 to 100");
    }
    s.retries = r;
  }
  return s;
}

// A server's text quoted in a message: one line, printable, not too long.
std::string quoted(std::string_view text, std::size_t most) {
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size() && i < most; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    out += c < 0x20 || c == 0x7f ? ' ' : static_cast<char>(c);
  }
  return out + (text.size() > most ? "...\"" : "\"");
}

// The composite.xml inside the answer, or the error saying why there is none.
std::string composite_xml_of(const std::string& id, const std::string& url,
                             const std::string& body) {
  const auto answer = nlohmann::json::parse(body, nullptr, false);
  if (answer.is_discarded()) {
    throw parse_error(id, {},
                      url + " answered with something that is not JSON (" +
                          (body.empty() ? "nothing" : "it starts " + quoted(body, 60)) +
                          "); expected OpenBenchmarking.org's JSON answer");
  }
  const nlohmann::json* result = nullptr;
  if (answer.is_object() && answer.contains("openbenchmarking") &&
      answer["openbenchmarking"].is_object() && answer["openbenchmarking"].contains("result") &&
      answer["openbenchmarking"]["result"].is_object()) {
    result = &answer["openbenchmarking"]["result"];
  }
  if (result != nullptr && result->contains("composite_xml") &&
      (*result)["composite_xml"].is_string()) {
    return (*result)["composite_xml"].get<std::string>();
  }
  if (result != nullptr && result->contains("error") && !(*result)["error"].is_null()) {
    const auto& error = (*result)["error"];
    const std::string text = error.is_string() ? error.get<std::string>() : error.dump();
    throw parse_error(id, {},
                      "OpenBenchmarking.org has no such result: it answered " + quoted(text, 300) +
                          " (" + url + "); expected a result ID it knows");
  }
  throw parse_error(id, {},
                    url +
                        " answered JSON without openbenchmarking.result.composite_xml; "
                        "expected the result file there");
}

// The cached copy, when there is one to use.
std::optional<std::string> from_cache(const std::string& id, const std::string& path,
                                      const read_options& limits) {
  if (path.empty()) return std::nullopt;
  auto cached = read_whole_file(path, limits.max_input_bytes);
  if (!cached.exists) return std::nullopt;
  if (!cached.error.empty())
    throw parse_error(id, {}, "the cached copy " + path + ": " + cached.error);
  return std::move(cached.bytes);
}

// Fetches the result, checks it and caches it.
std::string fetch(const std::string& id, const std::string& path, const id_options& ids,
                  const read_options& limits) {
  std::optional<result_file> parsed;
  const auto settings = settings_for(id, ids);
  if (ids.fetching) ids.fetching(id, settings.url);
  auto answer = run_helper(
      ids.helper.empty() ? std::string(IOSR_INSTALLED_HELPER) : ids.helper,
      ids.helper_expected.empty() ? "in " IOSR_INSTALLED_HELPER_DIR : ids.helper_expected,
      {"--timeout", settings.timeout, "--retries", settings.retries, "--max-bytes",
       std::to_string(limits.max_input_bytes), settings.url, "r=clone_openbenchmarking_result",
       "client_version=" + std::string(client_version), "i=" + id},
      limits.max_input_bytes);
  if (!answer.ok) {
    std::error_code ec;
    const bool cached = ids.refresh && !path.empty() && std::filesystem::exists(path, ec);
    throw parse_error(
        id, {},
        "cannot fetch " + settings.url + ": " + answer.error +
            (cached ? "; a cached copy is still there (" + path + "): leave out --refresh to use it"
                    : ""));
  }
  auto xml = composite_xml_of(id, settings.url, answer.body);
  answer.body = std::string();
  // Checked before it is cached: a cache holds result files only. Its errors name the ID, with
  // the line and column in the composite.xml that was sent.
  try {
    parsed = read_results(xml, id, limits);
  } catch (const parse_error& e) {
    throw parse_error(
        e.file(), e.where(),
        e.message() + " (in the composite_xml " + settings.url + " sent; not cached)");
  }
  if (parsed->format != "composite-xml") {
    throw parse_error(id, {},
                      "openbenchmarking.result.composite_xml holds " + parsed->format +
                          ", not a composite.xml; expected PTS's result file");
  }
  std::optional<std::string> problem;
  if (path.empty()) {
    problem = "no cache directory (set XDG_CACHE_HOME or HOME)";
  } else {
    problem = write_whole_file(path, xml, true);
  }
  if (problem && ids.warning) ids.warning(id, "not cached: " + *problem);
  return xml;
}

}  // namespace

std::string result_xml(const std::string& id, const id_options& ids, const read_options& limits,
                       std::string& cached_copy) {
  cached_copy.clear();
  const auto path = ids.cache.empty() ? std::string() : cached_path(ids.cache, id);
  if (!ids.refresh) {
    if (auto cached = from_cache(id, path, limits)) {
      cached_copy = path;
      return std::move(*cached);
    }
  }
  if (ids.offline) {
    throw parse_error(id, {},
                      "not in the cache (" + (path.empty() ? "none: no home" : path) +
                          ") and --offline fetches nothing; expected a result fetched "
                          "before (run without --offline to fetch it)");
  }
  return fetch(id, path, ids, limits);
}

}  // namespace iosr::openbenchmarking
