// SPDX-License-Identifier: MIT
// import_tree() (iosr/batch.hpp), `iosr db import`'s work, on the batch pipeline: its workers
// hash and parse, and the calling thread adds the files to the store in input order. Only that
// thread writes, so the store never depends on the worker count.
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_set>
#include <vector>

#include "iosr/batch.hpp"
#include "iosr/store.hpp"

namespace iosr::batch {

namespace {

// What became of one input: read is parsed, done_before already in the database by its hash.
struct parsed : input_outcome {
  std::string sha256;
  std::uint64_t bytes = 0;
  std::optional<result_file> file;
  store_identities ids;  // of its systems and tests, computed here, not by the writer
};

// A worker's part of one input, after the pipeline's.
void parse_one(batch_input& in, parsed& out, const pipeline& batch,
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

import_report import_tree(store& db, const import_plan& plan, const callbacks& on) {
  // No output directory to leave out of the walks, and no report of warnings. 16 inputs a
  // worker: the writer is the bound here, and a larger window would only hold more models.
  pipeline batch({.inputs = plan.inputs,
                  .exclude = {},
                  .limits = plan.limits,
                  .jobs = plan.jobs,
                  .inputs_per_worker = 16,
                  .keep_warnings = false,
                  .output_extension = {}},
                 on);
  const auto known = db.known_hashes();

  import_report report;
  disposer freer;
  auto& totals = batch.totals;
  auto say = [&on](const std::string& text) {
    if (on.message) on.message(text);
  };
  // Files are added a batch at a time (store::add_all: one transaction while all go in), and
  // reported once their batch is in, in input order: never as imported before their commit.
  struct waiting {
    std::string name, sha256;
    bool named = false, done_before = false;
    std::size_t entries = 0;
    std::uint64_t bytes = 0;
    result_file file;
    store_identities ids;
  };
  std::vector<waiting> pending;
  std::size_t pending_entries = 0;
  auto add_pending = [&] {
    std::vector<store_addition> additions;
    for (const auto& w : pending) {
      if (!w.done_before) additions.push_back({&w.file, &w.ids, w.sha256, w.name, w.bytes});
    }
    const auto outcomes = additions.empty() ? std::vector<store_outcome>() : db.add_all(additions);
    std::size_t next = 0;
    for (auto& w : pending) {
      if (w.done_before) {
        ++report.already;
        if (w.named) say(w.name + ": already in the database; nothing changed\n");
        continue;
      }
      const auto& o = outcomes[next++];
      if (o.failure) {
        try {
          std::rethrow_exception(o.failure);
        } catch (const std::exception&) {
          totals.failures.push_back(current_failure(w.name, "not imported: "));
        }
      } else if (!o.added.imported) {
        ++report.already;
        if (w.named) {
          say(w.name + ": already in the database (as " + o.added.existing_path +
              "); nothing changed\n");
        }
      } else {
        ++totals.done;
        totals.entries += w.entries;
      }
      freer.dispose(std::move(w.file));
    }
    pending.clear();
    pending_entries = 0;
  };
  // A batch of at most 64 files or 50,000 entries: past that a commit costs little beside the
  // rows, and the models waiting stay small.
  constexpr std::size_t batch_files = 64, batch_entries = 50'000;
  report.stopped = batch.run<parsed>(
      [&](batch_input& in, parsed& out, std::size_t) { parse_one(in, out, batch, known); },
      [&](parsed& p) {
        waiting w{p.name, std::move(p.sha256), p.named,
                  p.status == parsed::state::done_before, p.entries, p.bytes, {}, {}};
        if (!w.done_before) {
          w.file = std::move(*p.file);
          w.ids = std::move(p.ids);
        }
        pending_entries += w.entries;
        pending.push_back(std::move(w));
        if (pending.size() >= batch_files || pending_entries >= batch_entries) add_pending();
      });
  // What was read before the end (or a stop) is added too: each file whole.
  add_pending();
  report.imported = totals.done;
  report.entries = totals.entries;
  report.failures = std::move(totals.failures);
  report.skipped = std::move(totals.skipped);
  report.reader_error = batch.reader_error();
  return report;
}

}  // namespace iosr::batch
