// SPDX-License-Identifier: MIT
// `iosr db import` on the batch pipeline (batch/pipeline.hpp): its workers hash and parse, and
// this thread adds the files to the database in input order. Only this thread writes, so the
// database never depends on the worker count.
#include "db/import.hpp"

#include <condition_variable>
#include <exception>
#include <iostream>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_set>
#include <vector>

#include "batch/pipeline.hpp"
#include "iosr/counted.hpp"
#include "iosr/store.hpp"

namespace iosr::cli::db {

namespace {

// What became of one input: read is parsed, done_before already in the database by its hash.
struct parsed : batch::input_outcome {
  std::string sha256;
  std::uint64_t bytes = 0;
  std::optional<result_file> file;
  store_identities ids;  // of its systems and tests, computed here, not by the writer
};

// A worker's part of one input, after the pipeline's.
void parse_one(batch::batch_input& in, parsed& out, const batch::pipeline& batch,
               const std::unordered_set<std::string>& known) {
  const std::string_view bytes = in.prepared->bytes();
  out.bytes = bytes.size();
  out.sha256 = store::sha256_hex(bytes);
  if (known.contains(out.sha256)) {
    out.status = parsed::state::done_before;  // in already: not parsed again
    return;
  }
  auto files = batch.read_input(in, out);  // hashed already
  // The store keys a result file by its input's hash: one result file an input.
  if (files.size() > 1) {
    throw std::runtime_error("holds " + std::to_string(files.size()) +
                             " result files (docs/blocks.md); iosr db import stores one result "
                             "file per input: convert it with 'iosr convert --out-dir DIR --to "
                             "xml' and import the files written");
  }
  out.file = std::move(files.front());
  out.ids = store::identities_of(*out.file);
}

// Freeing a parsed file's many small strings costs about as much as inserting them: a thread
// of its own does it, so that the one thread that writes only writes. Files are handed over in
// batches, since waking a thread costs as much as a small file's work on a virtual machine.
class disposer {
 public:
  disposer() : thread_([this] { run(); }) {}
  ~disposer() {
    flush();
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    ready_.notify_one();
    thread_.join();
  }
  disposer(const disposer&) = delete;
  disposer& operator=(const disposer&) = delete;

  void dispose(result_file&& file) {
    batch_.push_back(std::move(file));
    if (batch_.size() >= 32) flush();
  }

 private:
  void flush() {
    if (batch_.empty()) return;
    {
      std::lock_guard lock(mutex_);
      for (auto& f : batch_) queue_.push_back(std::move(f));
    }
    batch_.clear();
    ready_.notify_one();
  }

  void run() {
    std::unique_lock lock(mutex_);
    for (;;) {
      ready_.wait(lock, [&] { return done_ || !queue_.empty(); });
      if (queue_.empty()) return;
      auto doomed = std::move(queue_);
      queue_.clear();
      lock.unlock();
      doomed.clear();
      lock.lock();
    }
  }

  std::vector<result_file> batch_, queue_;
  std::mutex mutex_;
  std::condition_variable ready_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace

int run_import(const import_plan& plan) {
  // No output directory to leave out of the walks, no progress bar and no report. 16 inputs a
  // worker: the writer is the bound here, and a larger window would only hold more models.
  batch::pipeline batch({.inputs = plan.inputs,
                         .exclude = {},
                         .limits = {plan.read_with, plan.archive_with, plan.ids},
                         .jobs = plan.jobs,
                         .inputs_per_worker = 16,
                         .progress = false,
                         .keep_warnings = false,
                         .output_extension = {}});
  const auto db = store::open(plan.database, store_access::write);
  const auto known = db->known_hashes();

  disposer freer;
  std::size_t already = 0;
  auto& totals = batch.totals;
  const int signal = batch.run<parsed>(
      [&](batch::batch_input& in, parsed& out, std::size_t) { parse_one(in, out, batch, known); },
      [&](parsed& p) {
        if (p.status == parsed::state::done_before) {
          ++already;
          if (p.named) std::cerr << p.name << ": already in the database; nothing changed\n";
          return;
        }
        try {
          auto added = db->add(*p.file, p.ids, p.sha256, p.name, p.bytes);
          if (!added.imported) {
            ++already;
            if (p.named) {
              std::cerr << p.name << ": already in the database (as " << added.existing_path
                        << "); nothing changed\n";
            }
          } else {
            ++totals.done;
            totals.entries += p.entries;
          }
        } catch (const std::exception&) {
          totals.failures.push_back(batch::current_failure(p.name, "not imported: "));
        }
        freer.dispose(std::move(*p.file));
      });
  if (signal != 0) {
    return batch::pipeline::stopped(
        signal, "db import", counted(totals.done, "file") + " imported before it, each whole");
  }
  batch.print_failures();
  if (!batch.reader_error().empty()) {
    std::cerr << "iosr db import: " << batch.reader_error() << '\n';
  }
  std::cerr << "imported " << counted(totals.done, "file") << " ("
            << counted(totals.entries, "entry", "entries") << ") into " << db->location() << "; "
            << already << " already in, " << totals.failures.size() << " failed, "
            << totals.skipped.size() << " skipped\n";
  return totals.failures.empty() && batch.reader_error().empty() ? exit_ok : exit_input_failed;
}

}  // namespace iosr::cli::db
