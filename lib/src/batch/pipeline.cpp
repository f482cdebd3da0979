// SPDX-License-Identifier: MIT
// The batch pipeline (see iosr/batch.hpp): a reader thread, the workers of an ordered_pool, and
// the calling thread taking the outcomes back in input order.
#include <chrono>
#include <optional>
#include <thread>
#include <utility>

#include "batch/inputs.hpp"
#include "batch/ordered_pool.hpp"
#include "iosr/batch.hpp"
#include "iosr/read_in_place.hpp"

namespace iosr::batch {

namespace {

// The files a progress bar counts to, or 0 when that is not known. Archives add members as
// they are read; an archive inside a directory shows as the file count running past the total,
// which a bar then leaves out.
std::size_t known_file_count(const input_list& inputs) {
  for (const auto& s : inputs.sources) {
    if (s.named && s.path != "-" && is_archive_file(s.path)) return 0;
  }
  return inputs.sources.size();
}

}  // namespace

failure current_failure(const std::string& name, std::string_view prefix) {
  try {
    throw;
  } catch (const parse_error& e) {
    return {e.file(), e.where(), std::string(prefix) + e.message()};
  } catch (const std::exception& e) {
    return {name, {}, std::string(prefix) + e.what()};
  }
}

failure read_failure(const batch_input& in) {
  auto f = current_failure(in.name);
  if (!in.cached_copy.empty()) {
    f.message += " (read from the cached copy " + in.cached_copy + ")";
  }
  return f;
}

pipeline::pipeline(pipeline_plan plan, callbacks on)
    : plan_(std::move(plan)),
      on_(std::move(on)),
      // Without a progress callback the inputs are read as the directory walk finds them, so
      // that a large tree's walk overlaps its reading.
      listed_(on_.progress ? list_inputs(plan_.inputs, plan_.exclude) : input_list{}) {
  progress_.total_files = known_file_count(listed_);
  progress_.total_bytes = listed_.total_bytes;
}

std::vector<result_file> pipeline::read_input(batch_input& in, input_outcome& out) const {
  // Read in place (a composite.xml is not copied); the bytes are freed before the model is
  // used, so that memory stays flat.
  auto files = read_all_results(std::move(*in.prepared));
  in.prepared.reset();
  for (const auto& file : files) {
    for (const auto& w : file.warnings) {
      (out.warnings += format_diagnostic(file.source_name, w.where, "warning: " + w.message)) +=
          '\n';
      if (plan_.keep_warnings) out.noted.push_back({file.source_name, w.where, w.message});
    }
    for (const auto& r : file.results) out.entries += r.entries.size();
  }
  out.status = input_outcome::state::read;
  return files;
}

bool pipeline::run_outcomes(
    const std::function<outcome_ptr()>& make,
    const std::function<void(batch_input&, input_outcome&, std::size_t)>& work,
    const std::function<void(input_outcome&)>& take) {
  // One input on a worker: begin(), then `work`, its exceptions made failures.
  auto work_on = [&](batch_input& in, std::size_t waiting) {
    outcome_ptr out = make();
    if (!begin(in, *out)) return out;
    try {
      work(in, *out, waiting);
    } catch (const std::exception&) {
      out->status = input_outcome::state::failed;
      out->problem = read_failure(in);
    }
    return out;
  };
  // At most 64 MiB of input held: memory stays bounded for large files too.
  ordered_pool<batch_input, outcome_ptr> pool(
      plan_.jobs, plan_.inputs_per_worker * (std::size_t{plan_.jobs} + 1), std::size_t{64} << 20,
      [&work_on, &pool](batch_input& in) { return work_on(in, pool.waiting()); });
  std::thread reader([&] {
    read_inputs(
        [&pool](batch_input&& in, std::size_t bytes) { pool.submit(std::move(in), bytes); });
    pool.close();
  });
  for (bool finished = false; !finished;) {
    auto next = pool.next(std::chrono::milliseconds(100), finished);
    // After a stop the rest is drained untaken, so that the reader is never left waiting.
    if (next && !stopping() && count(**next)) take(**next);
    if (on_.progress && !stopping()) on_.progress(progress_);
  }
  reader.join();
  return stopping();
}

bool pipeline::begin(batch_input& in, input_outcome& out) const {
  out.name = in.name;
  out.named = in.named;
  out.input_bytes = in.input_bytes;
  if (stopping()) return false;  // cancelled: the batch is stopping
  if (!in.read_error.empty()) {
    out.status = input_outcome::state::failed;
    out.problem = {in.name, in.read_error_at, in.read_error};
    return false;
  }
  // Files found in directories and archives are recognised by their content; the others are
  // skipped. A file named by the user must be a result file.
  if (in.skip_reason.empty() && !in.named && in.prepared->detected_format().empty()) {
    in.skip_reason = "not a result file";
  }
  if (!in.skip_reason.empty()) {
    out.status = input_outcome::state::skipped;
    out.skip_reason = std::move(in.skip_reason);
    return false;
  }
  return true;
}

void pipeline::read_inputs(const std::function<void(batch_input&&, std::size_t)>& submit) {
  // Result IDs are had by this thread, one at a time, in input order.
  std::optional<output_names> outputs;
  if (!plan_.output_extension.empty()) outputs.emplace(plan_.output_extension);
  try {
    auto prepared = [&](batch_input&& in) {
      if (stopping()) return false;
      auto bytes = in.bytes.size();
      // Prepared here, while the bytes are in this core's cache: the binary-byte scan, the
      // sniffing and the line ends were a tenth of a worker's time (docs/performance.md).
      if (in.read_error.empty() && in.skip_reason.empty()) {
        in.prepared = prepare_input(std::move(in.bytes), in.name, plan_.limits.read_with);
        // Only result files take an output name: a README beside run.xml leaves it run.csv.
        if (outputs && !in.relative_output.empty() && !in.prepared->detected_format().empty()) {
          in.relative_output = outputs->claim(in.relative_output);
        }
      }
      submit(std::move(in), bytes);
      return true;
    };
    if (on_.progress) {
      read_sources(listed_, plan_.limits, prepared);
    } else {
      walk_inputs(plan_.inputs, plan_.exclude, [&](input_list::source&& source) {
        return read_source(source, plan_.limits, prepared);
      });
    }
  } catch (const std::exception& e) {
    reader_error_ = e.what();
  }
}

bool pipeline::count(input_outcome& o) {
  progress_.bytes_done += o.input_bytes;
  ++progress_.files_done;
  // One message per file: a terminal's standard error is unbuffered, and an archive can hold
  // many warnings.
  if (!o.warnings.empty() && on_.message) on_.message(o.warnings);
  switch (o.status) {
    case input_outcome::state::cancelled:
      return false;
    case input_outcome::state::skipped:
      totals.skipped.emplace_back(o.name, std::move(o.skip_reason));
      return false;
    case input_outcome::state::failed:
      totals.failures.push_back(std::move(o.problem));
      return false;
    case input_outcome::state::done_before:
    case input_outcome::state::read:
      break;
  }
  return true;
}

}  // namespace iosr::batch
