// SPDX-License-Identifier: MIT
// The import runs on three kinds of thread, as batch conversion does: one reads the inputs in
// order, `jobs` workers hash and parse them, and this thread adds them to the database in
// input order. Only this thread writes, so the database never depends on the worker count.
#include "db/import.hpp"

#include <chrono>
#include <condition_variable>
#include <exception>
#include <iostream>
#include <mutex>
#include <thread>
#include <unordered_set>

#include "batch/inputs.hpp"
#include "batch/ordered_pool.hpp"
#include "batch/stop_signal.hpp"
#include "db/sha256.hpp"
#include "db/store.hpp"
#include "iosr/error.hpp"

namespace iosr::cli::db {

namespace {

struct parsed {
  enum class state { read, known, failed, skipped, cancelled };
  state status = state::cancelled;
  bool named = false;
  std::string name, sha256, message;  // message: the failure, or why it was skipped
  std::uint64_t bytes = 0;
  std::optional<result_file> file;
  store::identities ids;  // of its systems and tests, computed here, not by the writer
  std::string warnings;   // the file's warnings as printed, one per line
};

parsed parse_one(batch::batch_input& in, const import_plan& plan,
                 const std::unordered_set<std::string>& known) {
  parsed out;
  out.name = in.name;
  out.named = in.named;
  out.bytes = in.bytes.size();
  if (batch::stop_requested()) return out;
  if (!in.read_error.empty()) {
    out.status = parsed::state::failed;
    // At its place, when it has one (a fetched result's XML), as convert says it.
    out.message = format_diagnostic(in.name, in.read_error_at, in.read_error);
    return out;
  }
  if (in.skip_reason.empty() && !in.named && detect_input_format(in.bytes).empty()) {
    in.skip_reason = "not a result file";
  }
  if (!in.skip_reason.empty()) {
    out.status = parsed::state::skipped;
    out.message = in.skip_reason;
    return out;
  }
  out.sha256 = sha256_hex(in.bytes);
  if (known.contains(out.sha256)) {
    out.status = parsed::state::known;  // in already: not parsed again
    return out;
  }
  try {
    out.file = read_results_in_place(in.bytes, in.name, plan.read_with);  // hashed already
    out.ids = store::identities_of(*out.file);
    for (const auto& w : out.file->warnings) {
      (out.warnings +=
       format_diagnostic(out.file->source_name, w.where, "warning: " + w.message)) += '\n';
    }
    out.status = parsed::state::read;
  } catch (const parse_error& e) {
    out.status = parsed::state::failed;
    out.message = e.what();
  } catch (const std::exception& e) {
    out.status = parsed::state::failed;  // never stop the import for one file
    out.message = in.name + ": " + e.what();
  }
  return out;
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
  batch::stop_on_signal stop_guard;
  store db(plan.database, true);
  const auto known = db.known_hashes();

  batch::ordered_pool<batch::batch_input, parsed> pool(
      plan.jobs, 16 * std::size_t{plan.jobs} + 16, std::size_t{64} << 20,
      [&](batch::batch_input& in) { return parse_one(in, plan, known); });
  std::string reader_error;
  // Result IDs are had by the reader thread, one at a time, in input order, as in convert.
  const batch::input_limits limits{plan.read_with, plan.archive_with, plan.ids};
  std::thread reader([&] {
    try {
      auto submit = [&](batch::batch_input&& in) {
        if (batch::stop_requested()) return false;
        auto bytes = in.bytes.size();
        pool.submit(std::move(in), bytes);
        return true;
      };
      for (const auto& argument : plan.inputs) {
        if (!batch::walk_inputs({argument}, "", [&](batch::input_list::source&& source) {
              return batch::read_source(source, limits, submit);
            })) {
          break;
        }
      }
    } catch (const std::exception& e) {
      reader_error = e.what();
    }
    pool.close();
  });

  disposer freer;
  std::size_t imported = 0, entries = 0, already = 0, skipped = 0;
  std::vector<std::string> failures;
  for (bool finished = false; !finished;) {
    auto next = pool.next(std::chrono::milliseconds(100), finished);
    if (!next || batch::stop_requested()) continue;  // after a stop, drained unwritten
    auto& p = *next;
    switch (p.status) {
      case parsed::state::cancelled:
        break;
      case parsed::state::skipped:
        ++skipped;
        break;
      case parsed::state::failed:
        failures.push_back(p.message);
        break;
      case parsed::state::known:
        ++already;
        if (p.named) std::cerr << p.name << ": already in the database; nothing changed\n";
        break;
      case parsed::state::read: {
        // One write per file: std::cerr is unbuffered, and an archive can hold many warnings.
        std::cerr.write(p.warnings.data(), static_cast<std::streamsize>(p.warnings.size()));
        try {
          auto added = db.add(*p.file, p.ids, p.sha256, p.name, p.bytes);
          if (!added.imported) {
            ++already;
            if (p.named) {
              std::cerr << p.name << ": already in the database (as " << added.existing_path
                        << "); nothing changed\n";
            }
          } else {
            ++imported;
            for (const auto& r : p.file->results) entries += r.entries.size();
          }
        } catch (const std::exception& e) {
          failures.push_back(p.name + ": not imported: " + e.what());
        }
        freer.dispose(std::move(*p.file));
        break;
      }
    }
  }
  reader.join();
  if (int signal = batch::stop_requested()) {
    std::cerr << "iosr db import: stopped by signal " << signal << "; " << imported
              << " files imported before it, each whole\n";
    return 128 + signal;
  }
  for (const auto& f : failures) std::cerr << f << '\n';
  if (!reader_error.empty()) std::cerr << "iosr db import: " << reader_error << '\n';
  std::cerr << "imported " << imported << " files (" << entries << " entries) into " << db.path()
            << "; " << already << " already in, " << failures.size() << " failed, " << skipped
            << " skipped\n";
  return failures.empty() && reader_error.empty() ? exit_ok : exit_input_failed;
}

}  // namespace iosr::cli::db
