// SPDX-License-Identifier: MIT
// OpenBenchmarking.org results by their ID (docs/openbenchmarking.md): PTS's rule of what an ID
// is, the cache of fetched results, and the fetch itself, as PTS's `clone-result` makes it.
// The library never reads the environment: the caller says where the cache is (the XDG rule is
// cache_directory()) and how to ask. The HTTP is done by the helper program iosr-http, the one
// program that links libcurl: linked, libcurl would cost every start of every program that
// links iosr, fetching or not (measured in docs/performance.md, "Start-up").
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "iosr/read.hpp"

namespace iosr::openbenchmarking {

/// PTS's rule (pts_openbenchmarking::is_string_openbenchmarking_result_id_compliant): 22
/// characters in three parts separated by `-`: 7 digits, 2 to 8 ASCII letters or digits,
/// then at least one more. `1902028-PAUL-SINGLEH35`.
bool is_result_id(std::string_view text);

/// The result ID in `text`: the ID itself, or the address of its page,
/// `https://openbenchmarking.org/result/ID` (also `http://`, `www.`, with a trailing slash, a
/// query string or a fragment, as the site's links have them). Nothing for anything else.
std::optional<std::string> result_id_in(std::string_view text);

/// The result ID an input named by a user stands for: result_id_in() of it, when no file or
/// directory of that name exists (a path that exists wins).
std::optional<std::string> names_result_id(const std::string& input);

/// Why `input`, a name that is no file, is no result ID either, when it looks like one
/// (`1902028-PAUL-SINGLEH3`: 21 characters), or empty: a hint for "no such file".
std::string result_id_hint(std::string_view input);

/// The cache directory by the XDG base directory rule, from the values the caller read:
/// `XDG_CACHE_HOME/iosr/openbenchmarking` when `xdg_cache_home` is absolute, else
/// `HOME/.cache/iosr/openbenchmarking` from `home`, else from the home directory of the password
/// database; empty when there is no home at all.
std::string cache_directory(std::string_view xdg_cache_home, std::string_view home);

/// `DIR/ID.xml`, where result `id` is kept in the cache `directory`.
std::string cached_path(const std::string& directory, const std::string& id);

/// A setting given as text (empty: its default), with the name that messages about a bad value
/// give it (the CLI's environment variable: `IOSR_HTTP_TIMEOUT='soon': expected seconds`).
struct setting {
  std::string text;
  std::string name;
};

/// How result IDs are had.
struct id_options {
  bool offline = false;  ///< never fetch: an ID not cached is an error
  bool refresh = false;  ///< fetch again, even when cached
  /// The cache (cache_directory()); empty: none, and a fetched result is used but not kept.
  std::string cache;
  /// The site, `http://` or `https://` (`/` is added when missing); default
  /// https://openbenchmarking.org/.
  setting url{{}, "url"};
  setting timeout{{}, "timeout"};  ///< seconds one attempt may take (a fraction allowed); 60
  setting retries{{}, "retries"};  ///< attempts after the first, 0 to 100; 3
  /// The helper program iosr-http; empty: where `cmake --install` puts it
  /// (PREFIX/libexec/iosr/iosr-http).
  std::string helper;
  /// Where the helper is expected, said when it is missing (`in ../libexec/iosr from iosr's
  /// directory`); empty: where `cmake --install` puts it.
  std::string helper_expected;
  /// Called before a result is fetched, with its ID and the address asked (a terminal's
  /// `iosr: fetching ID from URL`).
  std::function<void(const std::string& id, const std::string& url)> fetching;
  /// Called when a result was fetched but could not be cached (`not cached: WHY`); it is used
  /// all the same.
  std::function<void(const std::string& id, const std::string& warning)> warning;
};

/// The composite.xml of result `id`, byte for byte as OpenBenchmarking.org sent it: the cached
/// copy, else fetched, checked to be a result file within `limits`, and cached. Throws
/// parse_error named by the ID (`1902028-PAUL-SINGLEH35: ...`) when it cannot be had; every
/// message says what went wrong and what to do (docs/openbenchmarking.md). `cached_copy` gets
/// the cached file's path when the bytes are that file's, unchecked (empty when fetched now):
/// errors found in them later name it.
std::string result_xml(const std::string& id, const id_options& ids, const read_options& limits,
                       std::string& cached_copy);

/// What reading a file whole gave: its bytes, or that it does not exist, or why it could not
/// be read (a file over `max_bytes` is refused before it is read).
struct file_read {
  bool exists = false;
  std::string bytes;
  std::string error;
};
file_read read_whole_file(const std::string& path, std::uint64_t max_bytes);

/// Writes `bytes` to `path` as the cache does: through a temporary file of a name no other
/// process uses, in the same directory, flushed and renamed into place, so that a reader sees
/// the old file or the new one, whole, and two processes writing the same path leave one of
/// their files. Creates the directory when `make_directory` is set. Returns why it could not,
/// or nothing.
std::optional<std::string> write_whole_file(const std::string& path, std::string_view bytes,
                                            bool make_directory);

}  // namespace iosr::openbenchmarking
