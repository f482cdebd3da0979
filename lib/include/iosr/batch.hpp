// SPDX-License-Identifier: MIT
// Many result files at a time (docs/batch.md): the inputs a user names (files, directories
// walked, tar and zip archives and compressed files read member by member, standard input,
// OpenBenchmarking.org result IDs) as a stream of members; the ordered parallel pipeline that
// reads them; and the two operations built on it, converting a tree (`iosr convert`) and
// importing one into a store (`iosr db import`), each with its report. Outputs are written
// whole or not at all (iosr/output_files.hpp). Progress and cancellation are the caller's, as
// callbacks: the library never prints, and installs no signal handler. Library target
// `iosr_batch` (iosr::batch); libarchive is loaded the first time an archive is read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "iosr/error.hpp"
#include "iosr/model.hpp"
#include "iosr/openbenchmarking.hpp"
#include "iosr/output_files.hpp"
#include "iosr/read.hpp"
#include "iosr/read_in_place.hpp"
#include "iosr/render.hpp"

namespace iosr {
class store;
}

namespace iosr::batch {

// ---------------------------------------------------------------------------------- inputs

/// What one archive may expand to. A zip or tar bomb is stopped by whichever it passes first;
/// see docs/reliability.md.
struct archive_limits {
  std::uint64_t max_bytes = std::uint64_t{16} << 30;  ///< `archive-bytes`: 16 GiB expanded
  /// `archive-ratio`: expanded bytes per compressed byte, checked past ratio_floor expanded.
  std::uint64_t max_ratio = 200;
  static constexpr std::uint64_t ratio_floor = std::uint64_t{64} << 20;  ///< 64 MiB
};

/// What reading the inputs may take, and how result IDs are had.
struct input_limits {
  /// Its max_input_bytes bounds one file or member; all of it checks a fetched result ID.
  read_options read_with;
  archive_limits archive;
  openbenchmarking::id_options ids;
};

/// What a user names, expanded: each directory becomes its files, sorted byte-wise so that the
/// order never depends on the file system.
struct input_list {
  struct source {
    std::string path;      ///< `-` for standard input
    std::string relative;  ///< its path under an output directory (a named file's: its name)
    bool named = false;    ///< named by the user: an error, never skipped, if unread
    bool result_id = false;  ///< `path` is an OpenBenchmarking.org result ID, and no file
    /// `path` is PTS's result-graphs folder, read as one input (iosr::read_graphs_folder()).
    bool graphs_folder = false;
    std::uint64_t size = 0;
    std::string error;  ///< why the directory walk failed here
    /// Found by a walk and not read: a dangling link, a FIFO, a device, a socket, a link to a
    /// directory, a directory it may not list. Reports list it with this reason.
    std::string skip_reason;
  };
  std::vector<source> sources;
  std::uint64_t total_bytes = 0;
};

/// Expands `paths` (files, directories, `-`, result IDs and their addresses) as they are found,
/// handing each source to `found`, in the order list_inputs() gives. Directory walks leave out
/// `exclude` (an output directory inside an input: its outputs are no inputs of a later run).
/// Stops early when `found` returns false (and returns false).
bool walk_inputs(const std::vector<std::string>& paths, const std::string& exclude,
                 const std::function<bool(input_list::source&&)>& found);

/// walk_inputs(), collected: the sources and their total size, for a progress bar's totals.
input_list list_inputs(const std::vector<std::string>& paths, const std::string& exclude);

/// Whether the regular file at `path` is an archive (tar, zip, or a compressed tar or file), by
/// its first bytes.
bool is_archive_file(const std::string& path);

/// One file to read: named by the user, found in a directory, in an archive or on standard
/// input.
struct batch_input {
  std::string name;  ///< as errors and the `file` column show it: `x.tar.gz:run3/composite.xml`
  /// Its path under an output directory, before the output extension replaces its own; empty
  /// when the name cannot be used as a path there (see unsafe_reason).
  std::string relative_output;
  std::string unsafe_reason;  ///< why: `..` in an archive member's name, an absolute path
  std::string bytes;
  /// The bytes prepared for reading (the pipeline prepares them on the thread that read them).
  std::optional<prepared_input> prepared;
  std::string read_error;         ///< why the input could not be read
  source_position read_error_at;  ///< where, when it has a place (a fetched result's XML)
  std::string skip_reason;        ///< not a candidate: a link, a nested archive, ...
  std::string cached_copy;  ///< a result ID read from its cached copy: that file (read_failure())
  bool named = false;             ///< named by the user: an error, never skipped, if unread
  std::uint64_t input_bytes = 0;  ///< bytes consumed for it (compressed, in an archive)
};

/// Reads one source and hands each result-file candidate to `emit`: an archive (a named one,
/// one found in a walk, or one on standard input: told by its first bytes) gives one call per
/// regular member, a compressed file one. No file or member is held beyond max_input_bytes.
/// False when `emit` returned false (stop).
bool read_source(const input_list::source& source, const input_limits& limits,
                 const std::function<bool(batch_input&&)>& emit);

/// What went wrong with one input, and where when that is known.
struct failure {
  std::string file;
  source_position where;
  std::string message;

  /// `file:line:column: message`, as printed and in the report's `diagnostic`.
  std::string text() const { return format_diagnostic(file, where, message); }
};

/// The failure of input `name` that the exception being handled stands for: a parse_error at
/// its place, any other exception at the input, `prefix` before the message. A batch never
/// stops for one file.
failure current_failure(const std::string& name, std::string_view prefix = {});

/// current_failure() of reading `in`: an error in a result ID's cached copy is in that file,
/// which the message then names (`ID:12:3: ... (read from the cached copy PATH)`).
failure read_failure(const batch_input& in);

/// Every result file that `paths` hold, in order, read one input at a time on the calling
/// thread (a comparison's few files need no pipeline): each goes to `read`, and each input that
/// cannot be read to `failed`, and the others are still read. Found in a directory or an
/// archive, what is no result file is skipped; named, it fails.
void read_each_result_file(const std::vector<std::string>& paths, const input_limits& limits,
                           const std::function<void(result_file&&)>& read,
                           const std::function<void(const failure&)>& failed);

// -------------------------------------------------------------------------------- pipeline

/// How far a batch is, for a progress bar.
struct progress_counts {
  std::size_t files_done = 0;
  std::uint64_t bytes_done = 0;
  /// The files and bytes to do, listed before the first file is read; 0 files when not known
  /// (an archive's members are counted as it is read), 0 bytes to leave out an ETA.
  std::size_t total_files = 0;
  std::uint64_t total_bytes = 0;
};

/// What the caller of a batch is told, and asked; each may be left empty.
struct callbacks {
  /// Asked between inputs: true stops the batch there (the CLI: SIGINT or SIGTERM came). No
  /// input is then taken, and no output is left half written.
  std::function<bool()> stop_requested;
  /// Text for the user, whole lines, in input order: each file's warnings
  /// (`file:line:column: warning: ...`), an import's files already in.
  std::function<void(std::string_view lines)> message;
  /// Called as the batch moves on (at least ten times a second while it runs). When it is
  /// given, the inputs are listed before the first is read, so that the totals are known.
  std::function<void(const progress_counts&)> progress;
};

/// What became of one input on a worker, as far as every batch has it; a batch's own outcome
/// derives from it.
struct input_outcome {
  enum class state {
    cancelled,    ///< the batch is stopping (never taken)
    failed,       ///< `problem` says why
    skipped,      ///< not a result file, a link, ...: `skip_reason`
    done_before,  ///< left unread by the batch's own rule: an output that exists, a known file
    read,         ///< read: `entries`, `warnings`
  };
  state status = state::cancelled;
  std::string name;
  bool named = false;  ///< named by the user
  std::uint64_t input_bytes = 0;
  failure problem;
  std::string skip_reason;
  std::size_t entries = 0;
  std::string warnings;        ///< the file's warnings as said, one per line
  std::vector<failure> noted;  ///< the same, kept when pipeline_plan::keep_warnings
};

/// What a batch reads, and how.
struct pipeline_plan {
  std::vector<std::string> inputs;  ///< files, directories, archives, `-`, result IDs
  std::string exclude;              ///< a directory the walks leave out (the output directory)
  input_limits limits;
  unsigned jobs = 1;
  /// At most this many inputs a worker, and as many again, are in flight: enough that the
  /// reader's and the consumer's pauses never leave a worker idle.
  std::size_t inputs_per_worker = 64;
  bool keep_warnings = false;  ///< keep each file's warnings in input_outcome::noted
  /// With an output directory, the output format's extension: each result file's
  /// relative_output is made its own (output_names). Empty: left as found.
  std::string output_extension;
};

/// What the in-order consumer counted.
struct batch_totals {
  std::size_t done = 0;     ///< files converted or imported, by the batch's own count
  std::size_t entries = 0;  ///< their entries
  std::vector<failure> failures;
  std::vector<std::pair<std::string, std::string>> skipped;  ///< file, reason
  std::vector<failure> warnings;  ///< of the files done, when kept
};

/// One batch: a thread reads and prepares the inputs in order, `jobs` workers read them, and the
/// calling thread takes them back in input order, so that what it does never depends on the
/// number of workers. convert_tree() and import_tree() each run one, and give only what a
/// worker does with an input and what the in-order consumer does with its outcome.
class pipeline {
 public:
  explicit pipeline(pipeline_plan plan, callbacks on = {});

  /// Runs the batch. `work`, on a worker, gets each input that is neither failed nor skipped by
  /// then, prepared, with the number of inputs no worker had started when it began: it reads it
  /// with read_input() and does what the batch does with the model, or settles it as
  /// done_before; what it throws fails that input. `take`, on the calling thread, gets each
  /// outcome read or done_before, in input order, after the file's warnings went to
  /// callbacks::message (those failed and skipped are counted in totals). Outcome derives from
  /// input_outcome. Returns true when callbacks::stop_requested stopped the batch.
  template <class Outcome>
  bool run(const std::function<void(batch_input&, Outcome&, std::size_t waiting)>& work,
           const std::function<void(Outcome&)>& take) {
    static_assert(std::is_base_of_v<input_outcome, Outcome>);
    return run_outcomes(
        [] { return outcome_ptr(new Outcome(), [](input_outcome* o) { delete static_cast<Outcome*>(o); }); },
        [&work](batch_input& in, input_outcome& out, std::size_t waiting) {
          work(in, static_cast<Outcome&>(out), waiting);
        },
        [&take](input_outcome& o) { take(static_cast<Outcome&>(o)); });
  }

  /// Reads `in`, prepared, on a worker: its entries and warnings go into `out`, which is then
  /// read. Every result file it holds, one for most inputs (several result blocks in one text:
  /// docs/blocks.md). Throws what reading throws.
  std::vector<result_file> read_input(batch_input& in, input_outcome& out) const;

  batch_totals totals;

  /// Why the reader thread stopped before the end, or empty.
  const std::string& reader_error() const { return reader_error_; }

 private:
  using outcome_ptr = std::unique_ptr<input_outcome, void (*)(input_outcome*)>;
  bool run_outcomes(const std::function<outcome_ptr()>& make,
                    const std::function<void(batch_input&, input_outcome&, std::size_t)>& work,
                    const std::function<void(input_outcome&)>& take);
  bool stopping() const { return on_.stop_requested && on_.stop_requested(); }
  // The worker's part that every batch shares; false when `out` is settled (cancelled,
  // failed, skipped).
  bool begin(batch_input& in, input_outcome& out) const;
  // The reader thread's work: every input read and prepared in order, handed to `submit` with
  // its size, until the end or a stop.
  void read_inputs(const std::function<void(batch_input&&, std::size_t)>& submit);
  // The consumer's part that every batch shares; true when the batch takes `o` on.
  bool count(input_outcome& o);

  pipeline_plan plan_;
  callbacks on_;
  input_list listed_;  // with a progress callback only
  progress_counts progress_;
  std::string reader_error_;
};

// ---------------------------------------------------------------------- converting a tree

/// Who renders a file read with one worker (convert_plan::render_on).
enum class renderer {
  by_load,  ///< the writer when the worker is behind, else the worker (docs/performance.md)
  writer,   ///< always the writer (a test's choice: the bytes are the same)
  worker,   ///< always the worker
};

/// What to convert and where to (`iosr convert`).
struct convert_plan {
  std::vector<std::string> inputs;  ///< files, directories, archives, `-`, result IDs
  unsigned jobs = 1;
  input_limits limits;

  /// One output per result file under `out_dir` (empty: none), in format `to`, at the input's
  /// path under it (an archive's members under the archive's name, a named archive's at the
  /// top), with the format's extension.
  std::string out_dir;
  output_format_info to;
  render_options render_with;
  /// Replace outputs that exist; without it they are refused (refuse_existing()), and under
  /// `out_dir` counted as existing.
  bool force = false;
  /// Flush every output to the disk before it takes its name: whole after a power cut too, not
  /// only after a killed process.
  bool sync = false;
  /// Leave an input whose output under `out_dir` exists unconverted: it is whole, since outputs
  /// appear only by rename (to resume a stopped batch).
  bool skip_existing = false;

  /// One output over every result file (empty: none), in `combined_format`. A format that
  /// holds one result file (composite.xml, iosr-json) takes one: each further one fails.
  std::string combined;
  output_format_info combined_format;
  /// When set, the combined output goes to it, piece by piece in input order, instead of to
  /// the file `combined`, which then only names it (the CLI's standard output, `-`).
  std::function<void(std::string_view bytes)> combined_to;

  bool keep_warnings = false;  ///< list every file's warnings in the report
  renderer render_on = renderer::by_load;
};

/// One input converted.
struct converted_file {
  std::string file;
  std::string output;  ///< its own outputs under out_dir, separated by blanks; else empty
  std::size_t entries = 0;
};

/// What convert_tree() did.
struct convert_report {
  /// False when the outputs could not be started (output_errors says why): nothing was read.
  bool started = false;
  bool stopped = false;  ///< callbacks::stop_requested stopped it; outputs left whole
  std::vector<converted_file> converted;
  std::size_t entries = 0;  ///< of the files converted
  std::vector<failure> failures;
  std::vector<std::pair<std::string, std::string>> skipped;  ///< file, reason
  std::vector<std::string> existing;  ///< inputs whose output exists, left as it was
  std::vector<failure> warnings;      ///< of the files converted, with keep_warnings
  /// What kept the combined output from being started or finished (`PATH: why`).
  std::vector<std::string> output_errors;
  std::string reader_error;  ///< why the inputs stopped being read before the end, or empty

  /// Every input converted or left alone, and every output written.
  bool ok() const { return failures.empty() && output_errors.empty() && reader_error.empty(); }
};

/// Converts every result file the plan's inputs hold, read in order, converted in parallel,
/// written in input order by the calling thread alone: the output bytes and the messages never
/// depend on the number of workers. One input that fails never stops the others.
convert_report convert_tree(const convert_plan& plan, const callbacks& on = {});

/// The report as `iosr convert --report` writes it (docs/batch.md, "The report"): JSON, names
/// that are not UTF-8 with their bad bytes replaced.
std::string report_json(const convert_report& report);

// ------------------------------------------------------------------ importing into a store

/// What to import (`iosr db import`).
struct import_plan {
  std::vector<std::string> inputs;  ///< files, directories, archives, `-`, result IDs
  unsigned jobs = 1;                ///< workers that hash and parse; the calling thread writes
  input_limits limits;
};

/// What import_tree() did.
struct import_report {
  bool stopped = false;  ///< callbacks::stop_requested stopped it; each file in is whole
  std::size_t imported = 0, entries = 0;
  std::size_t already = 0;  ///< files whose bytes were in the store before
  std::vector<failure> failures;
  std::vector<std::pair<std::string, std::string>> skipped;  ///< file, reason
  std::string reader_error;  ///< why the inputs stopped being read before the end, or empty

  bool ok() const { return failures.empty() && reader_error.empty(); }
};

/// Adds every result file the plan's inputs hold to `db`, hashed and parsed in parallel and
/// added in input order by the calling thread alone, a few dozen files a transaction: the
/// store never depends on the number of workers, and a file is never reported in before its
/// transaction is. A file whose bytes are in already is left alone (a named one is said through
/// callbacks::message).
import_report import_tree(store& db, const import_plan& plan, const callbacks& on = {});

}  // namespace iosr::batch
