// SPDX-License-Identifier: MIT
// The files a run writes: THE overwrite rule, files that appear whole or not at all, and paths
// under an output directory that never lead out of it. Every output of the CLI goes through
// them (`-o`, `--out-dir`, `--combine`, `--report`, `db export`, charts, edits).
#pragma once

#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>

namespace iosr {

/// THE overwrite rule of every file iosr writes (docs/guide.md, "Outputs"): a path that exists
/// (a file, a link, a directory) is not replaced unless `force`; a device or a FIFO (`/dev/null`)
/// is where output goes, and `-` (standard output) and an empty path always take it. Returns the
/// refusal as said (`PATH: exists; not overwritten (use --force)`), or nothing when `path` may
/// be written.
std::optional<std::string> refuse_existing(const std::string& path, bool force);

/// What a file is called while it is written (`out.csv.iosr-tmp`).
inline constexpr std::string_view temporary_suffix = ".iosr-tmp";

/// An output file that appears whole or not at all: written under a temporary name next to its
/// destination and moved into place (exchanged with the file it replaces, which is then
/// removed), and removed when it is dropped before commit() (a stopped batch). Nothing is
/// flushed to the disk unless asked (`durability::synced`, `iosr convert --sync`), as with cp:
/// after a power failure the last outputs may be short.
class atomic_file {
 public:
  atomic_file() = default;
  ~atomic_file();  ///< removes the temporary file when commit() was not reached
  atomic_file(const atomic_file&) = delete;
  atomic_file& operator=(const atomic_file&) = delete;

  /// How durable commit() makes the file.
  enum class durability {
    cached,  ///< in the page cache: whole after a killed process, maybe short after a power cut
    synced,  ///< flushed to the disk before it takes its name, and its directory after
  };

  /// Starts `path` (as `path.iosr-tmp`; a device or FIFO is written where it is). Returns false
  /// with `error` set when it cannot.
  bool open(const std::string& path, std::string& error, durability how = durability::cached);
  /// Appends; an error is reported by commit().
  void write(std::string_view bytes);
  /// Moves the finished file into place. Returns false with `error` set when it cannot.
  bool commit(std::string& error);

 private:
  void discard();

  std::string path_, temporary_;
  std::FILE* file_ = nullptr;
  durability durability_ = durability::cached;
  bool failed_ = false;
  bool direct_ = false;  // a device or FIFO, written where it is
};

/// Writes `bytes` to `path` through an atomic_file.
bool write_atomically(const std::string& path, std::string_view bytes, std::string& error,
                      atomic_file::durability how = atomic_file::durability::cached);

/// `dir/relative` with its extension replaced by `extension` (`run3/composite.xml` ->
/// `dir/run3/composite.csv`), where an input's output goes; nothing is created.
std::filesystem::path output_path(const std::filesystem::path& dir, const std::string& relative,
                                  std::string_view extension);

/// output_path(), after creating its directories one by one. A directory that exists as a
/// link, or a file where a directory belongs, is refused: empty path, `error` set. `relative`
/// must already be safe (no `..`, not absolute).
std::filesystem::path prepare_output_path(const std::filesystem::path& dir,
                                          const std::string& relative, std::string_view extension,
                                          std::string& error);

/// The outputs of one run under an output directory, one per input: an input whose output an
/// earlier input of the run has (`a/run.txt` and `b/run.txt` named as directories `a` and `b`,
/// two archives' `composite.xml`, `run.txt` beside `run.xml`) gets the first free name with
/// `-2`, `-3`, ... after its stem (`run-2.csv`). Claimed in input order, so that a second run
/// over the same inputs names them alike (--skip-existing finds them).
class output_names {
 public:
  explicit output_names(std::string extension) : extension_(std::move(extension)) {}
  /// `relative` (an input's relative_output), or its name with the first free suffix; taken
  /// from now on.
  std::string claim(const std::string& relative);

 private:
  std::string extension_;
  std::unordered_set<std::string> taken_;  // output paths under the directory
};

}  // namespace iosr
