// SPDX-License-Identifier: MIT
// convert_tree() (iosr/batch.hpp), `iosr convert`'s work, on the batch pipeline: its workers
// parse and render, and the calling thread takes the results back in input order to write
// them. Only that thread writes, so the output bytes and the messages never depend on the
// number of workers.
#include <exception>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <vector>

#include "batch/hand_back.hpp"
#include "iosr/batch.hpp"
#include "iosr/output_files.hpp"
#include "iosr/read.hpp"

namespace iosr::batch {

namespace {

namespace fs = std::filesystem;

// What became of one input: read is converted, done_before an output --skip-existing found.
struct outcome : input_outcome {
  std::string relative_output, unsafe_reason;
  std::string combined;  // its part of the combined output
  // Its own outputs under --out-dir: one, or one for each result file the input holds
  // (several result blocks in one text, docs/blocks.md: NAME.1.EXT, NAME.2.EXT, ...).
  std::vector<std::string> own;
  std::unique_ptr<std::vector<result_file>> unrendered;  // for the writer to render
};

// Renders `files`, an input's, into its part of the combined output and its own outputs under
// --out-dir (not for an input whose output is not safe to write: it fails when it is taken).
void render_outputs(const std::vector<result_file>& files, const convert_plan& plan,
                    const std::string& unsafe_reason, std::size_t input_bytes,
                    std::string& combined, std::vector<std::string>& own) {
  if (!plan.combined.empty()) {
    // A format of one result file a file (composite.xml, iosr-json) takes one to -o.
    if (files.size() > 1 && !plan.combined_format.combines) {
      throw std::runtime_error("holds " + std::to_string(files.size()) +
                               " result files (docs/blocks.md); --to " +
                               std::string(plan.combined_format.name) +
                               " writes one a file: give --out-dir DIR, which writes NAME.1." +
                               std::string(plan.combined_format.extension) + ", NAME.2." +
                               std::string(plan.combined_format.extension) + ", ...");
    }
    render_options options = plan.render_with;
    // A dataset has one header, written once before every file's rows.
    options.header = !plan.combined_format.combines;
    // A composite.xml's rows take about half its bytes: with room for as many as it had,
    // the output is not grown, and copied, again and again (3 % of a conversion).
    combined.reserve(input_bytes);
    render(files, plan.combined_format.name, options, combined);
  }
  own.resize(files.size());
  if (!plan.out_dir.empty() && unsafe_reason.empty()) {
    for (std::size_t i = 0; i < files.size(); ++i) {
      own[i].clear();
      render({&files[i], 1}, plan.to.name, plan.render_with, own[i]);
    }
  }
}

// Who renders a file read with one worker: the writer, when the worker is the slowest of the
// three threads, and the worker itself otherwise. The reader and the writer share the other
// cores, and rendering a combined CSV is a fifth of a worker's time: on large files (the
// benchmark set) the reader is far ahead and the worker's time is the batch's; on small files
// the reader is the slowest, and rendering on its core slowed the batch (docs/performance.md).
// Inputs waiting show which: with a quarter of the window waiting, the worker is behind. A
// writer that falls behind in turn makes the reader wait for room, the inputs waiting run out,
// and the worker renders again. With more workers they render, in parallel: handing their
// models to one writer was slower.
bool writer_renders(const convert_plan& plan, renderer who, std::size_t inputs_waiting,
                    std::size_t window) {
  if (plan.jobs != 1 || who == renderer::worker) return false;
  return who == renderer::writer || inputs_waiting >= window / 4;
}

// The models the writer rendered, handed back to the worker that made them to be freed there
// (hand_back.hpp). Handing the inputs back to the reader the same way measured no faster
// (docs/performance.md, step 19).
using rendered_models = hand_back<std::unique_ptr<std::vector<result_file>>>;

// `relative` (`run/notes.md`) with `.N` before its extension (`run/notes.N.md`): where the Nth of
// an input's several result files goes; output_path() then gives it the format's extension.
std::string numbered(const std::string& relative, std::size_t n) {
  fs::path p(relative);
  auto with = p.parent_path() / (p.stem().string() + "." + std::to_string(n) + "." +
                                 (p.has_extension() ? p.extension().string().substr(1) : "x"));
  return with.string();
}

// A worker's part of one input, after the pipeline's: reads it, and renders it too unless
// `render_on_writer` (see writer_renders()).
void convert_one(batch_input& in, outcome& out, const pipeline& batch, const convert_plan& plan,
                 bool render_on_writer) {
  out.relative_output = std::move(in.relative_output);
  out.unsafe_reason = std::move(in.unsafe_reason);
  if (plan.skip_existing && out.unsafe_reason.empty()) {
    std::error_code ec;
    auto path = output_path(plan.out_dir, out.relative_output, plan.to.extension);
    // Several result files of one input: its first output stands for them.
    auto first = output_path(plan.out_dir, numbered(out.relative_output, 1), plan.to.extension);
    // Only a file: anything else there fails as usual when the output is written.
    if (fs::is_regular_file(fs::symlink_status(path, ec)) ||
        fs::is_regular_file(fs::symlink_status(first, ec))) {
      out.status = outcome::state::done_before;
      return;
    }
  }
  auto files = batch.read_input(in, out);
  if (render_on_writer) {
    out.unrendered = std::make_unique<std::vector<result_file>>(std::move(files));
  } else {
    render_outputs(files, plan, out.unsafe_reason, out.input_bytes, out.combined, out.own);
  }
}

// Takes the outcomes read or found done in input order: writes outputs, counts, remembers
// failures for the end (in the pipeline's totals).
class collector {
 public:
  collector(const convert_plan& plan, rendered_models& models, batch_totals& totals)
      : plan_(plan), models_(models), totals_(totals) {}

  // Opens the combined output; false after saying why (`errors`). Its header is written with
  // the first file converted (write_combined()), so that a run that reads nothing writes
  // nothing.
  bool start(std::vector<std::string>& errors) {
    if (plan_.combined.empty()) return true;
    const auto& format = plan_.combined_format;
    if (format.combines) render({}, format.name, plan_.render_with, header_);
    if (plan_.combined_to) return true;
    if (auto refused = refuse_existing(plan_.combined, plan_.force)) {
      errors.push_back(*refused);
      return false;
    }
    std::string error;
    if (!combined_file_.open(plan_.combined, error, durability())) {
      errors.push_back(plan_.combined + ": " + error);
      return false;
    }
    return true;
  }

  void take(outcome& o) {
    if (o.status == outcome::state::done_before) {
      if (auto problem = keep_existing(o)) {
        totals_.failures.push_back({o.name, {}, *problem});
      } else {
        existing_.push_back(o.name);
      }
      return;
    }
    const std::string* combined = &o.combined;
    const std::vector<std::string>* own = &o.own;
    if (o.unrendered) {
      // Rendered here, into buffers kept from file to file; the model then goes back to the
      // worker that made it, to be freed there.
      combined_buffer_.clear();
      try {
        render_outputs(*o.unrendered, plan_, o.unsafe_reason, o.input_bytes, combined_buffer_,
                       own_buffer_);
      } catch (const std::exception&) {
        totals_.failures.push_back(current_failure(o.name));
        return;
      }
      models_.give(o.unrendered, o.input_bytes);
      combined = &combined_buffer_;
      own = &own_buffer_;
    }
    if (combines()) {
      // A format of one result file a file (composite.xml, iosr-json) takes one to the
      // combined output: an archive on standard input can hold several.
      if (!plan_.combined_format.combines && !combined->empty() && !first_combined_) {
        totals_.failures.push_back(
            {o.name, {}, "not written: --to " + std::string(plan_.combined_format.name) +
                             " writes one result file to one output, and an earlier input " +
                             "had it; give --out-dir DIR, which writes one file per input"});
        return;
      }
      if (!combined->empty()) first_combined_ = false;
      write_combined(*combined);
    }
    std::string output;
    if (!plan_.out_dir.empty()) {
      for (std::size_t i = 0; i < own->size(); ++i) {
        // Several result files of one input: NAME.1.EXT, NAME.2.EXT, ... (docs/blocks.md).
        auto relative = o.relative_output;
        if (own->size() > 1) relative = numbered(relative, i + 1);
        auto written = write_own(o, relative, (*own)[i]);
        if (written.status == own_output::failed) {
          totals_.failures.push_back({o.name, {}, written.text});
          return;
        }
        if (written.status == own_output::exists) {
          existing_.push_back(o.name);
          // Converted all the same when its rows went into the combined output.
          if (plan_.combined.empty()) return;
        } else {
          if (!output.empty()) output += ' ';
          output += written.text;
        }
      }
    }
    converted_.push_back({o.name, std::move(output), o.entries});
    ++totals_.done;
    totals_.entries += o.entries;
    for (auto& w : o.noted) totals_.warnings.push_back(std::move(w));
  }

  // Moves the combined output into place, or says why not in `errors`. A run that converted
  // nothing and failed writes nothing: no dataset of a header alone stands for inputs that
  // could not be read (with no failure, an empty dataset is the honest answer).
  void finish(std::vector<std::string>& errors) {
    if (!combines()) return;
    if (header_pending_ && totals_.done == 0 && !totals_.failures.empty()) return;
    write_combined({});
    if (plan_.combined_to) return;
    std::string error;
    if (!combined_file_.commit(error)) errors.push_back(plan_.combined + ": " + error);
  }

  // What was converted and left alone, into `report`.
  void report(convert_report& report) {
    report.converted = std::move(converted_);
    report.existing = std::move(existing_);
  }

 private:
  // Counts o's output, found in place by --skip-existing, as this run's: a later input with
  // the same output fails as it would have in the run that wrote it. A temporary file left
  // beside it by a run that was killed while overwriting it (--force) is removed.
  std::optional<std::string> keep_existing(const outcome& o) {
    auto path = output_path(plan_.out_dir, o.relative_output, plan_.to.extension).string();
    // An input of several result files has NAME.1.EXT and on: the first stands for them.
    std::error_code ec;
    if (!fs::exists(path, ec)) {
      path =
          output_path(plan_.out_dir, numbered(o.relative_output, 1), plan_.to.extension).string();
    }
    if (!written_.insert(path).second) {
      return "not written: " + path + " is the output of an earlier input";
    }
    fs::remove(path + std::string(temporary_suffix), ec);
    return std::nullopt;
  }

  // What became of an input's own output under --out-dir: written (`text` its path), left as
  // it was since it exists (the overwrite rule, refuse_existing()), or failed (`text` why).
  struct own_output {
    enum { written, exists, failed } status;
    std::string text;
  };

  // Writes one of o's own outputs under --out-dir, at `relative`.
  own_output write_own(const outcome& o, const std::string& relative, const std::string& text) {
    if (!o.unsafe_reason.empty()) return {own_output::failed, o.unsafe_reason};
    std::string error;
    auto path = prepare_output_path(plan_.out_dir, relative, plan_.to.extension, error);
    if (path.empty()) return {own_output::failed, "not written: " + error};
    if (!written_.insert(path.string()).second) {
      return {own_output::failed,
              "not written: " + path.string() + " is the output of an earlier input"};
    }
    if (refuse_existing(path.string(), plan_.force)) return {own_output::exists, path.string()};
    if (!write_atomically(path.string(), text, error, durability())) {
      return {own_output::failed, path.string() + ": " + error};
    }
    return {own_output::written, path.string()};
  }

  // Appends to the combined output, after its header the first time.
  void write_combined(std::string_view rows) {
    if (header_pending_) {
      header_pending_ = false;
      write_combined(header_);
    }
    if (plan_.combined_to) {
      if (!rows.empty()) plan_.combined_to(rows);
    } else {
      combined_file_.write(rows);
    }
  }

  bool combines() const { return !plan_.combined.empty(); }

  atomic_file::durability durability() const {
    return plan_.sync ? atomic_file::durability::synced : atomic_file::durability::cached;
  }

  const convert_plan& plan_;
  rendered_models& models_;  // what the writer rendered, back to the worker
  batch_totals& totals_;
  atomic_file combined_file_;
  std::string combined_buffer_;  // what the writer renders (writer_renders())
  std::vector<std::string> own_buffer_;
  std::set<std::string> written_;
  std::vector<std::string> existing_;      // inputs whose output exists, left as it was
  std::vector<converted_file> converted_;  // for the report
  std::string header_;                     // the combined output's, written with the first file
  bool header_pending_ = true;
  bool first_combined_ = true;  // nothing written to the combined output yet
};

}  // namespace

convert_report convert_tree(const convert_plan& plan, const callbacks& on) {
  // 64 inputs a worker rather than 16: the writer and the reader are woken a quarter as often,
  // each wake-up tens of microseconds on a virtual machine (3 % of a conversion of the
  // benchmark set, for a peak RSS of 29 MB instead of 16).
  constexpr std::size_t inputs_per_worker = 64;
  pipeline batch(
      {.inputs = plan.inputs,
       .exclude = plan.out_dir,
       .limits = plan.limits,
       .jobs = plan.jobs,
       .inputs_per_worker = inputs_per_worker,
       .keep_warnings = plan.keep_warnings,
       .output_extension = plan.out_dir.empty() ? std::string() : std::string(plan.to.extension)},
      on);
  convert_report report;
  rendered_models models(std::size_t{16} << 20);
  collector results(plan, models, batch.totals);
  if (!results.start(report.output_errors)) return report;
  report.started = true;

  const std::size_t window = inputs_per_worker * (std::size_t{plan.jobs} + 1);
  report.stopped = batch.run<outcome>(
      [&](batch_input& in, outcome& out, std::size_t waiting) {
        models.destroy_handed_back();
        convert_one(in, out, batch, plan, writer_renders(plan, plan.render_on, waiting, window));
      },
      [&](outcome& o) { results.take(o); });
  // When stopped, the combined output's temporary file goes with `results`; the outputs of
  // their own already written are whole, and none is left half-written.
  if (!report.stopped) results.finish(report.output_errors);
  results.report(report);
  report.entries = batch.totals.entries;
  report.failures = std::move(batch.totals.failures);
  report.skipped = std::move(batch.totals.skipped);
  report.warnings = std::move(batch.totals.warnings);
  report.reader_error = batch.reader_error();
  return report;
}

}  // namespace iosr::batch
