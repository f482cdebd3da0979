// SPDX-License-Identifier: MIT
// The one pipeline of a batch (`iosr convert`, `iosr db import`): a thread reads and prepares
// the inputs in order, workers read them, and the calling thread takes them back in input order.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "batch/inputs.hpp"
#include "batch/ordered_pool.hpp"
#include "output_files/output_tree.hpp"
#include "progress_bar.hpp"
#include "stop_signal.hpp"
#include "iosr/error.hpp"
#include "iosr/model.hpp"

namespace iosr::cli::batch {

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

/// current_failure() of reading `in`: an error in a result ID's cached copy is in
/// that file, which the message then names (`ID:12:3: ... (read from the cached copy PATH)`).
failure read_failure(const batch_input& in);

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
  bool named = false;  ///< named on the command line
  std::uint64_t input_bytes = 0;
  failure problem;
  std::string skip_reason;
  std::size_t entries = 0;
  std::string warnings;        ///< the file's warnings as printed, one per line
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
  bool progress = false;       ///< draw the progress bar (standard error is a terminal)
  bool keep_warnings = false;  ///< keep each file's warnings in input_outcome::noted
  /// With --out-dir, the output format's extension: each result file's relative_output is
  /// made its own (output_names). Empty: left as found.
  std::string output_extension;
};

/// What the in-order consumer counted.
struct batch_totals {
  std::size_t done = 0;     ///< files converted or imported, by the batch's own count
  std::size_t entries = 0;  ///< their entries
  std::vector<failure> failures;
  std::vector<std::pair<std::string, std::string>> skipped;  ///< file, reason
  std::vector<failure> warnings;  ///< of the files done, when kept (--report)
};

/// One batch: `iosr convert` and `iosr db import` each run one, and give only what a worker
/// does with an input and what the in-order consumer does with its outcome.
class pipeline {
 public:
  /// Stops on SIGINT and SIGTERM between files for as long as it lives. With the progress bar,
  /// lists the inputs first: the bar needs the totals before the first file.
  explicit pipeline(pipeline_plan plan);

  /// Runs the batch. `work`, on a worker, gets each input that is neither failed nor skipped by
  /// then, prepared, with the number of inputs no worker had started when it began: it reads
  /// it with read_input() and does what the batch does with the model, or settles it as
  /// done_before; what it throws fails that input. `take`, on the calling thread, gets each
  /// outcome read or done_before, in input order, after the file's warnings are printed (those
  /// failed and skipped are counted in totals). Returns the signal that stopped the batch, or 0.
  template <class Outcome>
  int run(const std::function<void(batch_input&, Outcome&, std::size_t waiting)>& work,
          const std::function<void(Outcome&)>& take);

  /// Reads `in`, prepared, on a worker: its entries and warnings go into `out`, which is then
  /// read. Every result file it holds, one for most inputs (several result blocks in one text:
  /// docs/blocks.md). Throws what reading throws.
  std::vector<result_file> read_input(batch_input& in, input_outcome& out) const;

  batch_totals totals;

  /// Why the reader thread stopped before the end, or empty.
  const std::string& reader_error() const { return reader_error_; }
  /// Prints every failure, in input order.
  void print_failures() const;
  /// Says that `signal` stopped `command` (`db import`) and `what` of it is left; returns the
  /// exit code, 128 + signal.
  static int stopped(int signal, std::string_view command, std::string_view what);

 private:
  // The worker's part that every batch shares; false when `out` is settled (cancelled,
  // failed, skipped).
  static bool begin(batch_input& in, input_outcome& out);
  // One input on a worker: begin(), then `work`, its exceptions made failures.
  template <class Outcome>
  static Outcome work_on(batch_input& in, std::size_t waiting,
                         const std::function<void(batch_input&, Outcome&, std::size_t)>& work);
  static void fail(input_outcome& out, const batch_input& in);
  // The reader thread's work: every input read and prepared in order, handed to `submit` with
  // its size, until the end or a stop.
  void read_inputs(const std::function<void(batch_input&&, std::size_t)>& submit);
  // The consumer's part that every batch shares; true when the batch takes `o` on.
  bool count(input_outcome& o);

  stop_on_signal stop_guard_;
  pipeline_plan plan_;
  input_list listed_;  // with the progress bar only
  progress_bar progress_;
  std::string reader_error_;
  std::size_t files_done_ = 0;
  std::uint64_t bytes_done_ = 0;
};

template <class Outcome>
Outcome pipeline::work_on(batch_input& in, std::size_t waiting,
                          const std::function<void(batch_input&, Outcome&, std::size_t)>& work) {
  Outcome out;
  if (!begin(in, out)) return out;
  try {
    work(in, out, waiting);
  } catch (const std::exception&) {
    fail(out, in);
  }
  return out;
}

template <class Outcome>
int pipeline::run(const std::function<void(batch_input&, Outcome&, std::size_t)>& work,
                  const std::function<void(Outcome&)>& take) {
  // At most 64 MiB of input held: memory stays bounded for large files too.
  ordered_pool<batch_input, Outcome> pool(
      plan_.jobs, plan_.inputs_per_worker * (std::size_t{plan_.jobs} + 1), std::size_t{64} << 20,
      [&work, &pool](batch_input& in) { return work_on<Outcome>(in, pool.waiting(), work); });
  std::thread reader([&] {
    read_inputs(
        [&pool](batch_input&& in, std::size_t bytes) { pool.submit(std::move(in), bytes); });
    pool.close();
  });
  for (bool finished = false; !finished;) {
    auto next = pool.next(std::chrono::milliseconds(100), finished);
    // After a stop the rest is drained untaken, so that the reader is never left waiting.
    if (next && !stop_requested() && count(*next)) take(*next);
    if (!stop_requested()) progress_.update(files_done_, bytes_done_);
  }
  reader.join();
  progress_.clear();
  return stop_requested();
}

}  // namespace iosr::cli::batch
