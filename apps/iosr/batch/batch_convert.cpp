// SPDX-License-Identifier: MIT
// The batch runs on three kinds of thread: one reads the inputs in order (files, directory
// walks, archive streams), `jobs` workers parse and render, and this thread takes the results
// back in input order to write them, count them and draw the progress bar. Only this thread
// writes, so the output bytes and the messages never depend on the number of workers.
#include "batch/batch_convert.hpp"

#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <memory>
#include <optional>
#include <set>
#include <thread>

#include "batch/atomic_file.hpp"
#include "batch/hand_back.hpp"
#include "batch/inputs.hpp"
#include "batch/ordered_pool.hpp"
#include "batch/output_tree.hpp"
#include "batch/progress_bar.hpp"
#include "batch/stop_signal.hpp"
#include "cli_support.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"

namespace iosr::cli::batch {

namespace {

namespace fs = std::filesystem;

struct failure {
  std::string file;
  source_position where;
  std::string message;

  std::string text() const { return format_diagnostic(file, where, message); }
};

// The failure of input `name` that the exception being handled stands for: a parse_error at
// its place, any other exception at the input (never stop the batch for one file).
failure current_failure(const std::string& name) {
  try {
    throw;
  } catch (const parse_error& e) {
    return {e.file(), e.where(), e.message()};
  } catch (const std::exception& e) {
    return {name, {}, e.what()};
  }
}

// What became of one input.
struct outcome {
  enum class state { converted, failed, skipped, existing, cancelled };
  state status = state::cancelled;
  std::string name, relative_output, unsafe_reason, skip_reason;
  failure problem;
  std::string combined;  // its part of the combined output
  std::string own;       // its own output under --out-dir
  std::unique_ptr<result_file> unrendered;  // read, for the writer to render (writer_renders)
  std::size_t entries = 0;
  std::string warnings;        // as printed, one per line
  std::vector<failure> noted;  // the same, kept for --report
  std::uint64_t input_bytes = 0;
};

// Renders `file` into its part of the combined output and its own output under --out-dir (not
// for an input whose output is not safe to write: it fails when it is taken).
void render_outputs(const result_file& file, const batch_plan& plan,
                    const std::string& unsafe_reason, std::size_t input_bytes,
                    std::string& combined, std::string& own) {
  if (!plan.combined.empty()) {
    render_options options = plan.render_with;
    // A dataset has one header, written once before every file's rows.
    options.header = !plan.combined_format.combines;
    // A composite.xml's rows take about half its bytes: with room for as many as it had,
    // the output is not grown, and copied, again and again (3 % of a conversion).
    combined.reserve(input_bytes);
    render({&file, 1}, plan.combined_format.name, options, combined);
  }
  if (!plan.out_dir.empty() && unsafe_reason.empty()) {
    render({&file, 1}, plan.to.name, plan.render_with, own);
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
enum class renderer { by_load, writer, worker };
bool writer_renders(const batch_plan& plan, renderer who, std::size_t inputs_waiting,
                    std::size_t window) {
  if (plan.jobs != 1 || who == renderer::worker) return false;
  return who == renderer::writer || inputs_waiting >= window / 4;
}

// A test hook: IOSR_TEST_RENDER=writer or =worker fixes who renders with one worker, so that
// tests/batch_test.py checks that both ways give the same bytes.
renderer renderer_from_environment() {
  const char* who = std::getenv("IOSR_TEST_RENDER");
  if (who == nullptr) return renderer::by_load;
  if (std::string_view(who) == "writer") return renderer::writer;
  if (std::string_view(who) == "worker") return renderer::worker;
  return renderer::by_load;
}

// The models the writer rendered, handed back to the worker that made them to be freed there
// (hand_back.hpp). Handing the inputs back to the reader the same way measured no faster
// (docs/performance.md, step 19).
using rendered_models = hand_back<std::unique_ptr<result_file>>;

// Reads one input; renders it too unless `render_on_writer` (see writer_renders()).
outcome convert_one(batch_input& in, const batch_plan& plan, bool render_on_writer) {
  outcome out;
  out.name = in.name;
  out.relative_output = std::move(in.relative_output);
  out.unsafe_reason = std::move(in.unsafe_reason);
  out.input_bytes = in.input_bytes;
  if (stop_requested()) return out;  // cancelled: the batch is stopping
  auto fail = [&](failure problem) {
    out.status = outcome::state::failed;
    out.problem = std::move(problem);
    return std::move(out);
  };
  if (!in.read_error.empty()) return fail({in.name, in.read_error_at, in.read_error});
  // Files found in directories and archives are recognised by their content; the others
  // are skipped. A file named on the command line must be a result file.
  if (in.skip_reason.empty() && !in.named && in.prepared->detected_format().empty()) {
    in.skip_reason = "not a result file";
  }
  if (!in.skip_reason.empty()) {
    out.status = outcome::state::skipped;
    out.skip_reason = std::move(in.skip_reason);
    return out;
  }
  if (plan.skip_existing && out.unsafe_reason.empty()) {
    std::error_code ec;
    auto path = output_path(plan.out_dir, out.relative_output, plan.to.extension);
    // Only a file: anything else there fails as usual when the output is written.
    if (fs::is_regular_file(fs::symlink_status(path, ec))) {
      out.status = outcome::state::existing;
      return out;
    }
  }
  try {
    // Read in place (a composite.xml is not copied); the bytes are freed before rendering, so
    // that memory stays flat.
    auto file = read_results(std::move(*in.prepared));
    in.prepared.reset();
    for (const auto& w : file.warnings) {
      (out.warnings += format_diagnostic(file.source_name, w.where, "warning: " + w.message)) +=
          '\n';
      if (!plan.report.empty()) out.noted.push_back({file.source_name, w.where, w.message});
    }
    for (const auto& r : file.results) out.entries += r.entries.size();
    out.status = outcome::state::converted;
    if (render_on_writer) {
      out.unrendered = std::make_unique<result_file>(std::move(file));
    } else {
      render_outputs(file, plan, out.unsafe_reason, out.input_bytes, out.combined, out.own);
    }
    return out;
  } catch (const std::exception&) {
    return fail(current_failure(in.name));
  }
}

// Takes the outcomes in input order: writes outputs, counts, remembers failures for the end.
class collector {
 public:
  collector(const batch_plan& plan, rendered_models& models) : plan_(plan), models_(models) {}

  // Opens the combined output; false after saying why.
  bool start() {
    if (plan_.combined.empty()) return true;
    const auto& format = plan_.combined_format;
    std::string header;
    if (format.combines) render({}, format.name, plan_.render_with, header);
    if (plan_.combined == "-") {
      std::fwrite(header.data(), 1, header.size(), stdout);
      return true;
    }
    std::error_code ec;
    if (!plan_.overwrite_combined && !plan_.force && fs::exists(plan_.combined, ec)) {
      std::cerr << plan_.combined << ": exists; not overwritten (use --force)\n";
      return false;
    }
    std::string error;
    if (!combined_file_.open(plan_.combined, error, durability())) {
      std::cerr << plan_.combined << ": " << error << '\n';
      return false;
    }
    combined_file_.write(header);
    return true;
  }

  void take(outcome& o, progress_bar& progress) {
    bytes_done_ += o.input_bytes;
    ++files_done_;
    if (!o.warnings.empty()) {
      progress.clear();
      // One write per file: std::cerr is unbuffered, and an archive can hold many warnings.
      std::cerr.write(o.warnings.data(), static_cast<std::streamsize>(o.warnings.size()));
    }
    switch (o.status) {
      case outcome::state::cancelled:
        return;
      case outcome::state::skipped:
        skipped_.push_back({o.name, o.skip_reason});
        return;
      case outcome::state::failed:
        failures_.push_back(o.problem);
        return;
      case outcome::state::existing:
        if (auto problem = keep_existing(o)) {
          failures_.push_back({o.name, {}, *problem});
        } else {
          existing_.push_back(o.name);
        }
        return;
      case outcome::state::converted:
        break;
    }
    const std::string* combined = &o.combined;
    const std::string* own = &o.own;
    if (o.unrendered) {
      // Rendered here, into buffers kept from file to file; the model then goes back to the
      // worker that made it, to be freed there.
      combined_buffer_.clear();
      own_buffer_.clear();
      try {
        render_outputs(*o.unrendered, plan_, o.unsafe_reason, o.input_bytes, combined_buffer_,
                       own_buffer_);
      } catch (const std::exception&) {
        failures_.push_back(current_failure(o.name));
        return;
      }
      models_.give(o.unrendered, o.input_bytes);
      combined = &combined_buffer_;
      own = &own_buffer_;
    }
    if (!plan_.combined.empty()) {
      if (plan_.combined == "-") {
        std::fwrite(combined->data(), 1, combined->size(), stdout);
      } else {
        combined_file_.write(*combined);
      }
    }
    if (!plan_.out_dir.empty()) {
      if (auto problem = write_own(o, *own)) {
        failures_.push_back({o.name, {}, *problem});
        return;
      }
    }
    ++converted_;
    entries_ += o.entries;
    for (auto& w : o.noted) warnings_.push_back(std::move(w));
  }

  // Moves the combined output into place; false after saying why.
  bool finish() {
    if (plan_.combined.empty()) return true;
    if (plan_.combined == "-") return std::fflush(stdout) == 0;
    std::string error;
    if (combined_file_.commit(error)) return true;
    std::cerr << plan_.combined << ": " << error << '\n';
    return false;
  }

  void print_end(bool totals_line) const {
    for (const auto& f : failures_) std::cerr << f.text() << '\n';
    if (totals_line) {
      std::cerr << "converted " << converted_ << " files (" << entries_ << " entries); "
                << failures_.size() << " failed, " << skipped_.size() << " skipped";
      if (plan_.skip_existing) std::cerr << ", " << existing_.size() << " skipped (exist)";
      std::cerr << '\n';
    }
  }

  bool write_report(const std::string& path) const {
    nlohmann::ordered_json report;
    report["converted"] = converted_;
    report["entries"] = entries_;
    report["failed"] = failures_.size();
    report["skipped"] = skipped_.size();
    if (plan_.skip_existing) report["skipped_existing"] = existing_.size();
    report["warnings"] = warnings_.size();
    auto list = [](nlohmann::ordered_json& array, const std::vector<failure>& items) {
      for (const auto& f : items) {
        auto& item = array.emplace_back();
        item["file"] = f.file;
        item["line"] = f.where.line ? nlohmann::ordered_json(f.where.line) : nullptr;
        item["column"] = f.where.column ? nlohmann::ordered_json(f.where.column) : nullptr;
        item["message"] = f.message;
        item["diagnostic"] = f.text();
      }
    };
    list(report["failures"] = nlohmann::ordered_json::array(), failures_);
    auto& skipped = report["skipped_files"] = nlohmann::ordered_json::array();
    for (const auto& [file, reason] : skipped_) {
      auto& item = skipped.emplace_back();
      item["file"] = file;
      item["reason"] = reason;
    }
    if (plan_.skip_existing) report["existing_files"] = existing_;
    // What was read anyway, transport layers undone among it (quoted-printable decoded, ...).
    list(report["warning_list"] = nlohmann::ordered_json::array(), warnings_);
    std::string error;
    // Names come from the file system and may be any bytes: replace what is not UTF-8.
    auto text = report.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
    if (write_atomically(path, text, error, durability())) return true;
    std::cerr << path << ": " << error << '\n';
    return false;
  }

  bool any_failed() const { return !failures_.empty(); }
  std::size_t files_done() const { return files_done_; }
  std::uint64_t bytes_done() const { return bytes_done_; }

 private:
  // Counts o's output, found in place by --skip-existing, as this run's: a later input with
  // the same output fails as it would have in the run that wrote it. A temporary file left
  // beside it by a run that was killed while overwriting it (--force) is removed.
  std::optional<std::string> keep_existing(const outcome& o) {
    auto path = output_path(plan_.out_dir, o.relative_output, plan_.to.extension).string();
    if (!written_.insert(path).second) {
      return "not written: " + path + " is the output of an earlier input";
    }
    std::error_code ec;
    fs::remove(path + std::string(temporary_suffix), ec);
    return std::nullopt;
  }

  // Writes o's own output under --out-dir; returns why it could not.
  std::optional<std::string> write_own(const outcome& o, const std::string& text) {
    if (!o.unsafe_reason.empty()) return o.unsafe_reason;
    std::string error;
    auto path = prepare_output_path(plan_.out_dir, o.relative_output, plan_.to.extension, error);
    if (path.empty()) return "not written: " + error;
    if (!written_.insert(path.string()).second) {
      return "not written: " + path.string() + " is the output of an earlier input";
    }
    std::error_code ec;
    if (!plan_.force && fs::exists(fs::symlink_status(path, ec))) {
      return path.string() + ": exists; not overwritten (use --force)";
    }
    if (!write_atomically(path.string(), text, error, durability())) {
      return path.string() + ": " + error;
    }
    return std::nullopt;
  }

  atomic_file::durability durability() const {
    return plan_.sync ? atomic_file::durability::synced : atomic_file::durability::cached;
  }

  const batch_plan& plan_;
  rendered_models& models_;  // what the writer rendered, back to the worker
  atomic_file combined_file_;
  std::string combined_buffer_, own_buffer_;  // what the writer renders (writer_renders())
  std::set<std::string> written_;
  std::vector<failure> failures_;
  std::vector<failure> warnings_;  // of the converted files, for --report
  std::vector<std::pair<std::string, std::string>> skipped_;
  std::vector<std::string> existing_;  // inputs whose output --skip-existing found
  std::size_t converted_ = 0, entries_ = 0, files_done_ = 0;
  std::uint64_t bytes_done_ = 0;
};

}  // namespace

int run_batch(const batch_plan& plan) {
  stop_on_signal stop_guard;
  // The bar needs the totals before the first file; without it the inputs are read as the
  // directory walk finds them, so that a large tree's walk overlaps its conversion.
  input_list inputs;
  if (plan.progress) inputs = list_inputs(plan.inputs, plan.out_dir);
  // Archives add members as they are read; an archive inside a directory shows as the file
  // count running past the total, which the bar then leaves out.
  bool counts_known = true;
  for (const auto& s : inputs.sources) {
    if (s.named && s.path != "-" && is_archive_file(s.path)) counts_known = false;
  }
  progress_bar progress(plan.progress, counts_known ? inputs.sources.size() : 0,
                        inputs.total_bytes);

  rendered_models models(std::size_t{16} << 20);
  collector results(plan, models);
  if (!results.start()) return exit_input_failed;

  // Enough items per worker that the reader's and the writer's pauses never leave a worker
  // idle, and at most 64 MiB of input held: memory stays bounded for large files too. 64 a
  // worker rather than 16: the writer and the reader are woken a quarter as often, each
  // wake-up tens of microseconds on a virtual machine (3 % of a conversion of the benchmark
  // set, for a peak RSS of 29 MB instead of 16).
  const std::size_t window = 64 * std::size_t{plan.jobs} + 64;
  const renderer who = renderer_from_environment();
  ordered_pool<batch_input, outcome> pool(
      plan.jobs, window, std::size_t{64} << 20, [&plan, &models, &pool, who, window](batch_input& in) {
        models.destroy_handed_back();
        return convert_one(in, plan, writer_renders(plan, who, pool.waiting(), window));
      });
  std::string reader_error;
  // Result IDs are fetched by the reader thread, one at a time, in input order.
  const input_limits limits{plan.read_with, plan.archive_with, plan.ids};
  std::thread reader([&] {
    try {
      auto submit = [&](batch_input&& in) {
        if (stop_requested()) return false;
        auto bytes = in.bytes.size();
        // Prepared here, while the bytes are in this core's cache: the binary-byte scan, the
        // sniffing and the line ends were a tenth of a worker's time (docs/performance.md).
        if (in.read_error.empty() && in.skip_reason.empty()) {
          in.prepared = prepare_input(std::move(in.bytes), in.name, plan.read_with);
        }
        pool.submit(std::move(in), bytes);
        return true;
      };
      if (plan.progress) {
        read_sources(inputs, limits, submit);
      } else {
        walk_inputs(plan.inputs, plan.out_dir, [&](input_list::source&& source) {
          return read_source(source, limits, submit);
        });
      }
    } catch (const std::exception& e) {
      reader_error = e.what();
    }
    pool.close();
  });
  for (bool finished = false; !finished;) {
    auto next = pool.next(std::chrono::milliseconds(100), finished);
    // After a stop the rest is drained unwritten, so that the reader is never left waiting.
    if (next && !stop_requested()) results.take(*next, progress);
    if (!stop_requested()) progress.update(results.files_done(), results.bytes_done());
  }
  reader.join();
  progress.clear();

  if (int signal = stop_requested()) {
    // The combined output's temporary file goes with `results`; per-file outputs already
    // written are complete, and none is left half-written.
    std::cerr << "iosr convert: stopped by signal " << signal << "; no partial output left\n";
    return 128 + signal;
  }
  bool ok = results.finish();
  if (!reader_error.empty()) {
    std::cerr << "iosr convert: " << reader_error << '\n';
    ok = false;
  }
  results.print_end(plan.totals_line);
  if (!plan.report.empty()) ok = results.write_report(plan.report) && ok;
  return ok && !results.any_failed() ? exit_ok : exit_input_failed;
}

}  // namespace iosr::cli::batch
