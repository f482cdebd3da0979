// SPDX-License-Identifier: MIT
// The inputs of a batch: files, directories walked recursively, and tar or zip archives read
// member by member with libarchive (never unpacked to disk).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli_support.hpp"
#include "iosr/read_in_place.hpp"
#include "openbenchmarking/clone.hpp"

namespace iosr::cli::batch {

/// One file to convert: named on the command line, found in a directory or in an archive.
struct batch_input {
  std::string name;  ///< as errors and the `file` column show it: `x.tar.gz:run3/composite.xml`
  /// Its path under --out-dir, before the output extension replaces its own; empty when the
  /// name cannot be used as a path there (see unsafe_reason).
  std::string relative_output;
  std::string unsafe_reason;  ///< why: `..` in an archive member's name, an absolute path
  std::string bytes;
  /// The bytes prepared for reading (batch convert prepares them on the thread that read them).
  std::optional<prepared_input> prepared;
  std::string read_error;         ///< why the input could not be read
  source_position read_error_at;  ///< where, when it has a place (a fetched result's XML)
  std::string skip_reason;        ///< not a candidate: a link, a nested archive, ...
  std::string cached_copy;  ///< a result ID read from its cached copy: that file (read_failure())
  bool named = false;             ///< named on the command line: an error, never skipped, if unread
  std::uint64_t input_bytes = 0;  ///< bytes consumed for it (compressed, in an archive)
};

/// What the command line names, expanded: each directory becomes its files, sorted byte-wise
/// so that the order never depends on the file system.
struct input_list {
  struct source {
    std::string path;      ///< `-` for standard input
    std::string relative;  ///< its path under --out-dir (a file's name for a named file)
    bool named = false;
    bool result_id = false;  ///< `path` is an OpenBenchmarking.org result ID, and no file
    std::uint64_t size = 0;
    std::string error;  ///< why the directory walk failed here
    /// Found by a walk and not read: a dangling link, a FIFO, a device, a socket, a link to a
    /// directory, a directory it may not list. The report lists it with this reason.
    std::string skip_reason;
  };
  std::vector<source> sources;
  std::uint64_t total_bytes = 0;
};

/// Expands `paths` (files, directories, `-`). Directory walks leave out `exclude` (the output
/// directory, when it lies inside an input: its outputs are no inputs of a later run).
input_list list_inputs(const std::vector<std::string>& paths, const std::string& exclude);

/// What list_inputs() lists, in the same order, handed to `found` one by one as the walk finds
/// them. Stops early when `found` returns false (and returns false).
bool walk_inputs(const std::vector<std::string>& paths, const std::string& exclude,
                 const std::function<bool(input_list::source&&)>& found);

/// Whether the regular file at `path` is an archive (tar, zip, or a compressed tar), by its
/// first bytes.
bool is_archive_file(const std::string& path);

/// What reading the inputs may take (`--limit`).
struct input_limits {
  /// Its max_input_bytes bounds one file or member; all of it checks a fetched result ID.
  read_options read_with;
  archive_limits archive;
  openbenchmarking::id_options ids;  ///< how OpenBenchmarking.org result IDs are had
};

/// Reads one source and hands each result-file candidate to `emit`: an archive gives one call
/// per regular member. No file or member is held beyond max_input_bytes. False when `emit`
/// returned false (stop).
bool read_source(const input_list::source& source, const input_limits& limits,
                 const std::function<bool(batch_input&&)>& emit);

/// read_source() for every source in order.
void read_sources(const input_list& inputs, const input_limits& limits,
                  const std::function<bool(batch_input&&)>& emit);

/// How much of a file or member over the input limit is looked at to tell a result file.
inline constexpr std::size_t head_bytes = 1 << 16;

/// The error for an input over the 'input-bytes' limit, worded as the library words it: with
/// its size when that is known before reading, else as "more than" the limit.
std::string input_too_large(std::uint64_t limit, std::optional<std::uint64_t> size = {});

/// Settles `in`, a file or member over the input limit whose first bytes `head` holds: named,
/// or a result file by its first bytes, it fails with `error`; else it is skipped, as a video
/// or a disk image among results would be.
void settle_too_large(batch_input& in, std::string_view head, std::string error);

}  // namespace iosr::cli::batch
