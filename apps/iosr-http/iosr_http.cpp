// SPDX-License-Identifier: MIT
// iosr-http, iosr's HTTP helper and the one program of iosr that links libcurl: it POSTs a
// form and prints the answer, retrying what may pass. iosr runs it only to fetch a result that
// is not cached, so that every other run starts without loading libcurl and its TLS, Kerberos
// and LDAP libraries (docs/openbenchmarking.md).
//
//   iosr-http [--timeout S] [--retries N] [--max-bytes N] URL [NAME=VALUE]...
//
// Exit status 0: the answer (HTTP 200) is on standard output. 1: it could not be had, and one
// line on standard error says why. 2: a usage error.
#include <curl/curl.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

constexpr int exit_ok = 0, exit_failed = 1, exit_usage = 2;

struct settings {
  double timeout = 60;  // seconds for one attempt, start to end
  int retries = 3;
  std::uint64_t max_bytes = std::uint64_t{1} << 30;
  std::string url;
  std::vector<std::string> fields;  // NAME=VALUE, in the order given
};

// What one attempt gave.
struct attempt {
  CURLcode code = CURLE_OK;
  long status = 0;
  bool too_large = false;
  std::string body;
  char detail[CURL_ERROR_SIZE] = {};
};

struct sink {
  attempt* into;
  std::uint64_t max_bytes;
};

std::size_t keep_body(char* data, std::size_t size, std::size_t count, void* user) {
  auto* s = static_cast<sink*>(user);
  const std::size_t bytes = size * count;
  // Stop reading at the limit: a larger answer is refused, never held.
  if (s->into->body.size() + bytes > s->max_bytes) {
    s->into->too_large = true;
    return 0;
  }
  s->into->body.append(data, bytes);
  return bytes;
}

// A whole number in [low, high], or false.
bool parse_count(const char* text, std::uint64_t low, std::uint64_t high, std::uint64_t& out) {
  char* end = nullptr;
  errno = 0;
  out = std::strtoull(text, &end, 10);
  return *text >= '0' && *text <= '9' && *end == '\0' && errno == 0 && out >= low && out <= high;
}

std::string escape(CURL* curl, const std::string& text) {
  char* escaped = curl_easy_escape(curl, text.data(), static_cast<int>(text.size()));
  if (escaped == nullptr) return {};
  std::string out = escaped;
  curl_free(escaped);
  return out;
}

// The form as application/x-www-form-urlencoded, each name and value escaped.
bool encode_form(CURL* curl, const std::vector<std::string>& fields, std::string& body) {
  for (const auto& field : fields) {
    const auto equals = field.find('=');
    if (equals == 0 || equals == std::string::npos) return false;
    if (!body.empty()) body += '&';
    body += escape(curl, field.substr(0, equals)) + '=' + escape(curl, field.substr(equals + 1));
  }
  return true;
}

attempt perform(CURL* curl, const settings& s, const std::string& form) {
  attempt a;
  sink out{&a, s.max_bytes};
  const auto timeout_ms = static_cast<long>(s.timeout * 1000);
  curl_easy_reset(curl);
  curl_easy_setopt(curl, CURLOPT_URL, s.url.c_str());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, form.c_str());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(form.size()));
  curl_easy_setopt(curl, CURLOPT_USERAGENT, "iosr/" IOSR_VERSION);
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, a.detail);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, keep_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &out);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, std::min(timeout_ms, 10'000L));
  // A redirect is followed as PTS's PHP streams follow it, to HTTP(S) only; TLS is verified
  // (libcurl's default, which PTS turns off), and proxies come from http_proxy, https_proxy,
  // ALL_PROXY and NO_PROXY, which libcurl reads itself.
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
  curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");  // a composite.xml shrinks ten-fold
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  a.code = curl_easy_perform(curl);
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &a.status);
  // The handle outlives `a` and `out`: it must not point at them any longer.
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, nullptr);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, nullptr);
  return a;
}

bool is_cut(CURLcode code) {
  return code == CURLE_PARTIAL_FILE || code == CURLE_RECV_ERROR || code == CURLE_GOT_NOTHING;
}

// 429, 5xx, a timeout and a cut answer may pass; nothing else will by asking again.
bool worth_retrying(const attempt& a) {
  if (a.code == CURLE_OK) return a.status == 429 || (a.status >= 500 && a.status <= 599);
  return !a.too_large && (a.code == CURLE_OPERATION_TIMEDOUT || is_cut(a.code));
}

std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%g s", s);
  return text;
}

// Why an attempt failed, for the user: the cause first, libcurl's words after it.
std::string describe(const attempt& a, const settings& s) {
  const std::string detail = a.detail[0] != '\0' ? a.detail : curl_easy_strerror(a.code);
  if (a.too_large) {
    return "the answer is more than " + std::to_string(s.max_bytes) +
           " bytes; expected at most that (raise the 'input-bytes' limit)";
  }
  switch (a.code) {
    case CURLE_OK:
      return "HTTP status " + std::to_string(a.status) + "; expected 200";
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
      return "cannot resolve the host name (no network, or no DNS?): " + detail;
    case CURLE_COULDNT_CONNECT:
      return "cannot connect (no network, or the server is down?): " + detail;
    case CURLE_OPERATION_TIMEDOUT:
      return "no complete answer within " + seconds(s.timeout) + " (IOSR_HTTP_TIMEOUT): " + detail;
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_ENGINE_NOTFOUND:
    case CURLE_SSL_ISSUER_ERROR:
      return "TLS failed (is the ca-certificates package installed? is a proxy intercepting?): " +
             detail;
    case CURLE_UNSUPPORTED_PROTOCOL:
      return "not an http:// or https:// URL: " + detail;
    default:
      break;
  }
  if (is_cut(a.code)) return "the answer was cut off: " + detail;
  return detail;
}

int usage(const char* message) {
  std::fprintf(stderr,
               "iosr-http: %s\nusage: iosr-http [--timeout S] [--retries N] [--max-bytes N] URL "
               "[NAME=VALUE]...\n",
               message);
  return exit_usage;
}

int run(const settings& s) {
  if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
    std::fprintf(stderr, "cannot start libcurl\n");
    return exit_failed;
  }
  CURL* curl = curl_easy_init();
  std::string form;
  if (curl == nullptr || !encode_form(curl, s.fields, form)) {
    std::fprintf(stderr, "cannot start libcurl, or a field is not NAME=VALUE\n");
    if (curl != nullptr) curl_easy_cleanup(curl);
    curl_global_cleanup();
    return exit_failed;
  }
  int status = exit_failed;
  for (int tried = 0;; ++tried) {
    attempt a = perform(curl, s, form);
    if (a.code == CURLE_OK && a.status == 200) {
      const bool written = std::fwrite(a.body.data(), 1, a.body.size(), stdout) == a.body.size();
      status = written && std::fflush(stdout) == 0 ? exit_ok : exit_failed;
      if (status != exit_ok)
        std::fprintf(stderr, "cannot write the answer: %s\n", std::strerror(errno));
      break;
    }
    if (!worth_retrying(a) || tried >= s.retries) {
      std::string why = describe(a, s);
      if (tried > 0) why += " (after " + std::to_string(tried + 1) + " attempts)";
      std::fprintf(stderr, "%s\n", why.c_str());
      break;
    }
    // 1 s, 2 s, 4 s, ...: a server that is busy gets time to recover.
    std::this_thread::sleep_for(std::chrono::seconds(std::int64_t{1} << std::min(tried, 10)));
  }
  curl_easy_cleanup(curl);
  curl_global_cleanup();
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  settings s;
  int i = 1;
  for (; i < argc && std::strncmp(argv[i], "--", 2) == 0; ++i) {
    const std::string_view flag = argv[i];
    if (flag == "--version") {
      std::printf("iosr-http %s (%s)\n", IOSR_VERSION, curl_version());
      return exit_ok;
    }
    if (flag == "--help") {
      std::printf(
          "iosr-http: POST a form to URL and print the answer (iosr runs it to fetch results)\n"
          "usage: iosr-http [--timeout S] [--retries N] [--max-bytes N] URL [NAME=VALUE]...\n"
          "  --timeout S    seconds for one attempt (default 60; connecting: at most 10)\n"
          "  --retries N    attempts after the first on 429, 5xx, a timeout or a cut answer, "
          "waiting 1, 2, 4, ... s (default 3)\n"
          "  --max-bytes N  refuse a longer answer (default 1073741824)\n"
          "Exit status: 0 the answer is on standard output, 1 failed (standard error says "
          "why), 2 usage error.\n");
      return exit_ok;
    }
    if (i + 1 >= argc) return usage("an option lacks its value");
    const char* value = argv[++i];
    std::uint64_t count = 0;
    if (flag == "--timeout") {
      char* end = nullptr;
      s.timeout = std::strtod(value, &end);
      if (end == value || *end != '\0' || !(s.timeout > 0 && s.timeout <= 86400)) {
        return usage("--timeout takes seconds, more than 0");
      }
    } else if (flag == "--retries") {
      if (!parse_count(value, 0, 100, count)) return usage("--retries takes 0 to 100");
      s.retries = static_cast<int>(count);
    } else if (flag == "--max-bytes") {
      if (!parse_count(value, 1, UINT64_MAX - 1, count)) return usage("--max-bytes takes N >= 1");
      s.max_bytes = count;
    } else {
      return usage("unknown option");
    }
  }
  if (i >= argc) return usage("no URL");
  s.url = argv[i++];
  for (; i < argc; ++i) s.fields.emplace_back(argv[i]);
  return run(s);
}
