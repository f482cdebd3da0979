// SPDX-License-Identifier: MIT
// The PostgreSQL backend (pg_store.hpp). The same tables, rows and texts as the SQLite store
// (rows.hpp, schema.hpp), so that both give the same files and trends back; text is ordered by
// its bytes (COLLATE "C"), as SQLite orders it.
#include "store/pg_store.hpp"

#include <algorithm>
#include <chrono>
#include <deque>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "iosr/error.hpp"
#include "store/file_selection.hpp"
#include "store/rows.hpp"
#include "store/schema.hpp"

namespace iosr::db {

namespace {

// How many times a transaction that met a serialization failure, a deadlock or another
// importer's row of the same key is run again before the failure is reported.
constexpr int attempts = 8;

// The key of the advisory lock that makes the tables once when importers start together.
constexpr std::string_view schema_lock = "SELECT pg_advisory_xact_lock(1768910706, 0)";
// ... and the one that new systems and tests are added under.
constexpr std::string_view rows_lock = "SELECT pg_advisory_xact_lock(1768910706, 1)";
// ... and the one that keeps `remove` apart from imports: results hold no foreign keys to
// systems and tests (checking them per entry took half an import's time), so an import holds
// this lock shared while it writes ids it has read, and `remove`, which deletes the systems
// and tests no entry uses, holds it alone.
constexpr std::string_view import_lock = "SELECT pg_advisory_xact_lock_shared(1768910706, 2)";
constexpr std::string_view remove_lock = "SELECT pg_advisory_xact_lock(1768910706, 2)";

constexpr std::string_view source_columns =
    "id, sha256, path, format, pts_version, title, run_date, imported_at, entries, bytes";

stored_file source_from(const pg::rows& r, int row) {
  stored_file f;
  f.id = r.integer(row, 0);
  f.sha256 = r.text(row, 1);
  f.path = r.text(row, 2);
  f.format = r.text(row, 3);
  f.pts_version = r.text(row, 4);
  f.title = r.text(row, 5);
  f.run_date = r.text(row, 6);
  f.imported_at = r.text(row, 7);
  f.entries = r.integer(row, 8);
  f.bytes = r.integer(row, 9);
  return f;
}

// A list of SHA-256 digests or identities (hexadecimal digits, nothing to quote) as one
// text[] parameter.
template <class Strings, class Get>
std::string text_array(const Strings& items, const Get& get) {
  std::string list = "{";
  for (const auto& item : items) {
    if (list.size() > 1) list += ',';
    list += get(item);
  }
  return list + '}';
}

std::vector<stored_file> sources_of(const pg::rows& r) {
  std::vector<stored_file> out;
  for (int i = 0; i < r.size(); ++i) out.push_back(source_from(r, i));
  return out;
}

// A transaction rolled back unless committed; a ROLLBACK that fails (the connection is gone)
// leaves the error that got here to be reported.
class pg_transaction {
 public:
  explicit pg_transaction(pg::connection& db) : db_(db) {
    db_.exec("BEGIN", "starting a transaction");
  }
  ~pg_transaction() {
    if (open_) {
      try {
        db_.exec("ROLLBACK");
      } catch (const std::exception&) {
      }
    }
  }
  pg_transaction(const pg_transaction&) = delete;
  pg_transaction& operator=(const pg_transaction&) = delete;
  void commit() {
    open_ = false;
    db_.exec("COMMIT", "committing");
  }

 private:
  pg::connection& db_;
  bool open_ = true;
};

// The shared readers' rows (reading.hpp) from a statement's whole result.
class pg_cursor : public row_cursor {
 public:
  explicit pg_cursor(pg::rows rows) : rows_(std::move(rows)) {}
  bool next() override { return ++row_ < rows_.size(); }
  bool is_null(int column) const override { return rows_.is_null(row_, column); }
  std::string_view text(int column) const override { return rows_.text(row_, column); }
  std::int64_t integer(int column) const override { return rows_.integer(row_, column); }
  std::optional<double> optional_real(int column) const override {
    return rows_.optional_real(row_, column);
  }

 protected:
  pg::rows rows_;
  int row_ = -1;
};

// A reader's values as parameters: a list of ids as one bigint[].
pg::params params_of(const std::vector<query_value>& values) {
  pg::params p;
  for (const auto& value : values) {
    if (const auto* number = std::get_if<std::int64_t>(&value)) {
      p.add(*number);
      continue;
    }
    p.add(text_array(std::get<std::vector<std::int64_t>>(value),
                     [](std::int64_t id) { return std::to_string(id); }));
  }
  return p;
}

// The rows of a cursor (pg_rows::stream_of), fetched a batch at a time into pg_cursor's rows;
// the cursor is closed when done with.
class pg_stream final : public pg_cursor {
 public:
  explicit pg_stream(pg::connection& db) : pg_cursor(pg::rows()), db_(db) {}
  ~pg_stream() override {
    try {
      db_.exec("CLOSE iosr_stream");
    } catch (const std::exception&) {
      // The transaction failed already (its error is what is reported); it ends with it.
    }
  }
  pg_stream(const pg_stream&) = delete;
  pg_stream& operator=(const pg_stream&) = delete;
  bool next() override {
    if (++row_ < rows_.size()) return true;
    if (done_) return false;
    rows_ = db_.run("FETCH FORWARD " + std::to_string(batch) + " FROM iosr_stream", {},
                    "reading");
    row_ = 0;
    done_ = rows_.size() < batch;  // the last batch: no FETCH more
    return rows_.size() > 0;
  }

 private:
  // About 2 MB of rows of a trend's four columns; 61 round trips for a million entries.
  static constexpr int batch = 16384;
  pg::connection& db_;
  bool done_ = false;
};

}  // namespace

std::unique_ptr<row_cursor> pg_rows::stream_of(std::string_view sql,
                                               const std::vector<query_value>& values) {
  db_.run("DECLARE iosr_stream NO SCROLL CURSOR FOR " + std::string(sql), params_of(values),
          "reading");
  return std::make_unique<pg_stream>(db_);
}

// Every query of a reading in one snapshot (REPEATABLE READ), which a cursor needs anyway.
void pg_rows::begin_snapshot() {
  db_.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", "starting to read");
}

// Ended even when the reading was interrupted (a cancelled statement aborts the transaction,
// whose COMMIT then rolls it back): nothing was written.
void pg_rows::end_snapshot() noexcept { db_.end_transaction("COMMIT"); }

std::unique_ptr<row_cursor> pg_rows::rows_of(std::string_view sql,
                                             const std::vector<query_value>& values) {
  return std::make_unique<pg_cursor>(db_.run(sql, params_of(values), "reading"));
}

std::string pg_rows::one_of(std::string_view column, int parameter) const {
  return std::string(column) + " = ANY ($" + std::to_string(parameter) + "::bigint[])";
}

pg_store::pg_store(const std::string& url, bool create) : db_(url) { prepare_schema(create); }

void pg_store::prepare_schema(bool create) {
  const auto has_schema = [&] {
    return db_.query_integer(
               "SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema() "
               "AND tablename = 'iosr_schema'") > 0;
  };
  if (!has_schema()) {
    if (!create) {
      throw error(error_kind::store,
                  location() +
                      ": no iosr store in this database (no iosr_schema table); expected one "
                      "made by 'iosr db import'");
    }
    pg_transaction tx(db_);
    db_.exec(schema_lock, "waiting for another importer to make the tables");
    if (!has_schema()) {
      if (db_.query_integer("SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = "
                            "current_schema()") > 0) {
        throw error(error_kind::store,
                    location() +
                        ": not an iosr database (it has tables of its own and no iosr_schema); "
                        "expected an empty database or one made by 'iosr db import'");
      }
      db_.exec(postgresql_tables(), "making the tables");
      db_.exec(
          "CREATE TABLE iosr_schema (version INTEGER NOT NULL); INSERT INTO iosr_schema "
          "VALUES (" +
              std::to_string(schema_version) + ")",
          "making the tables");
    }
    tx.commit();
  }
  const auto v = version();
  if (v > schema_version) {
    throw error(error_kind::store, location() + ": database version " + std::to_string(v) +
                                       " is newer than this iosr's (" +
                                       std::to_string(schema_version) + "); use a newer iosr");
  }
  // PostgreSQL stores begin at version 1. The steps since run when a store is opened to write
  // (an import): a reader needs only SELECT (docs/db.md), and reads an older store as it is.
  if (v < schema_version && create) {
    pg_transaction tx(db_);
    db_.exec(schema_lock, "waiting for another importer to migrate the tables");
    if (version() < 2) {
      db_.exec(postgresql_migration_to_2(), "migrating to version 2");
      db_.exec("UPDATE iosr_schema SET version = 2", "migrating to version 2");
    }
    if (version() < 3) {
      db_.exec(postgresql_migration_to_3(), "migrating to version 3");
      db_.exec("UPDATE iosr_schema SET version = 3", "migrating to version 3");
    }
    if (version() < 4) {
      db_.exec(postgresql_migration_to_4(), "migrating to version 4");
      db_.exec("UPDATE iosr_schema SET version = 4", "migrating to version 4");
    }
    tx.commit();
  }
}

int pg_store::version() {
  return static_cast<int>(db_.query_integer("SELECT max(version) FROM iosr_schema"));
}

std::unordered_set<std::string> pg_store::known_hashes() {
  std::unordered_set<std::string> out;
  auto r = db_.run("SELECT sha256 FROM sources");
  for (int i = 0; i < r.size(); ++i) out.emplace(r.text(i, 0));
  return out;
}

std::int64_t pg_store::insert_or_find(std::string_view table, std::string_view columns,
                                      const pg::params& p, const std::string& identity) {
  // Another importer may add the same row meanwhile: then it is found, not added.
  std::string values;
  for (std::size_t i = 1; i <= p.values().size(); ++i) {
    values += (i == 1 ? "$" : ", $") + std::to_string(i);
  }
  auto added = db_.run("INSERT INTO " + std::string(table) + " (" + std::string(columns) +
                           ") VALUES (" + values + ") ON CONFLICT (identity) DO NOTHING RETURNING id",
                       p, "adding systems and tests");
  if (added.size() == 1) return added.integer(0, 0);
  pg::params q;
  q.add(identity);
  auto found = db_.run("SELECT id FROM " + std::string(table) + " WHERE identity = $1", q,
                       "finding systems and tests");
  if (found.size() != 1) {
    throw error(error_kind::store, location() + ": a row of " + std::string(table) + " vanished");
  }
  return found.integer(0, 0);
}

std::int64_t pg_store::system_id(const system& s, const std::string& identity) {
  const auto kernel = kernel_of(s);
  const auto version = parse_kernel_version(kernel);
  pg::params p;
  p.add(identity).add(s.label).add(s.group).add(s.name).add(s.scheduler).add(kernel);
  p.add(fields_json(s.hardware)).add(fields_json(s.software)).add(s.json);
  p.add(version ? version->text : std::string()).add(version ? version->sort_key : std::string());
  return insert_or_find("systems",
                        "identity, label, \"group\", name, scheduler, kernel, hardware, software, "
                        "json, kernel_version, kernel_key",
                        p, identity);
}

std::int64_t pg_store::test_id(const result& r, const std::string& identity) {
  pg::params p;
  p.add(identity).add(r.title).add(r.version).add(r.description).add(r.arguments).add(r.unit);
  p.add(to_string(r.direction)).add(r.test_id).add(r.display_format.name());
  return insert_or_find(
      "tests",
      "identity, title, version, description, arguments, unit, direction, test_profile, "
      "display_format",
      p, identity);
}

template <class Row>
std::unordered_map<std::string, std::int64_t> pg_store::known_ids(
    std::string_view table, const std::vector<std::pair<std::string, const Row*>>& rows) {
  std::unordered_map<std::string, std::int64_t> out;
  if (rows.empty()) return out;
  // An array of identities, each once (a batch's files share most of theirs).
  std::unordered_set<std::string_view> once;
  std::vector<std::string_view> identities;
  for (const auto& row : rows) {
    if (once.insert(row.first).second) identities.push_back(row.first);
  }
  pg::params p;
  p.add(text_array(identities, [](std::string_view identity) { return identity; }));
  auto r = db_.run(
      "SELECT identity, id FROM " + std::string(table) + " WHERE identity = ANY ($1::text[])", p,
      "finding systems and tests");
  for (int i = 0; i < r.size(); ++i) out.emplace(r.text(i, 0), r.integer(i, 1));
  return out;
}

store_added pg_store::add(const result_file& file, const store_identities& ids,
                          const std::string& sha256, std::string_view path, std::uint64_t bytes) {
  return add_with_retries({{&file, &ids, sha256, std::string(path), bytes}}).front();
}

std::vector<store_outcome> pg_store::add_all(const std::vector<store_addition>& files) {
  if (files.size() < 2) return store::add_all(files);
  try {
    auto added = add_with_retries(files);
    std::vector<store_outcome> out(files.size());
    for (std::size_t i = 0; i < files.size(); ++i) out[i].added = std::move(added[i]);
    return out;
  } catch (const std::exception&) {
    // Rolled back: each file again on its own, so that only what fails is left out (when the
    // server is gone, each fails with that, naming its file).
    return store::add_all(files);
  }
}

std::vector<store_added> pg_store::add_with_retries(const std::vector<store_addition>& files) {
  for (int attempt = 1;; ++attempt) {
    try {
      return add_once(files);
    } catch (const pg::pg_error& e) {
      if (!e.retryable() || attempt == attempts) throw;
    }
    // Another importer holds what this one needs: let it finish first.
    std::this_thread::sleep_for(std::chrono::milliseconds(2 * attempt * attempt));
  }
}

namespace {

// What one file of a batch needs to be written: its systems in the order the SQLite store adds
// them (its systems, then a row for each label that only entries name, as met) and the
// identity of the system each label names, so that both stores number them alike. Entries
// name their system by label; the first system with that label is the one (as
// result_file::find_system finds it).
struct file_rows {
  std::deque<system> unnamed;
  std::vector<std::pair<std::string, const system*>> systems;
  std::unordered_map<std::string_view, std::string> label_identity;
  std::vector<std::pair<std::string, const result*>> tests;
};

file_rows rows_of(const store_addition& a) {
  file_rows out;
  const auto& file = *a.file;
  for (std::size_t i = 0; i < file.systems.size(); ++i) {
    out.systems.emplace_back(a.ids->systems[i], &file.systems[i]);
    out.label_identity.try_emplace(file.systems[i].label, a.ids->systems[i]);
  }
  for (const auto& r : file.results) {
    for (const auto& e : r.entries) {
      if (out.label_identity.contains(e.label)) continue;
      out.unnamed.push_back(make_system(e.label));
      const auto identity = store::system_identity(out.unnamed.back());
      out.systems.emplace_back(identity, &out.unnamed.back());
      out.label_identity.try_emplace(out.unnamed.back().label, identity);
    }
  }
  for (std::size_t c = 0; c < file.results.size(); ++c) {
    if (!file.results[c].entries.empty()) out.tests.emplace_back(a.ids->tests[c], &file.results[c]);
  }
  return out;
}

}  // namespace

std::vector<store_added> pg_store::add_once(const std::vector<store_addition>& files) {
  pg_transaction tx(db_);
  db_.exec(import_lock, "waiting for a removal to finish");
  // The files already in (another importer may have added some meanwhile), and those that come
  // twice in this batch: each is in once.
  std::unordered_map<std::string, store_added> in;
  {
    pg::params p;
    p.add(text_array(files, [](const store_addition& a) -> const std::string& { return a.sha256; }));
    auto found = db_.run("SELECT sha256, id, path FROM sources WHERE sha256 = ANY ($1::text[])",
                         p, "finding files");
    for (int i = 0; i < found.size(); ++i) {
      in.emplace(found.text(i, 0), store_added{false, std::string(found.text(i, 2)),
                                               found.integer(i, 1)});
    }
  }
  std::vector<file_rows> rows;
  rows.reserve(files.size());
  std::vector<bool> fresh(files.size(), false);
  {
    std::unordered_set<std::string_view> seen;
    for (std::size_t i = 0; i < files.size(); ++i) {
      fresh[i] = !in.contains(files[i].sha256) && seen.insert(files[i].sha256).second;
      rows.push_back(fresh[i] ? rows_of(files[i]) : file_rows{});
    }
  }
  std::vector<std::pair<std::string, const system*>> systems;
  std::vector<std::pair<std::string, const result*>> tests;
  for (const auto& r : rows) {
    systems.insert(systems.end(), r.systems.begin(), r.systems.end());
    tests.insert(tests.end(), r.tests.begin(), r.tests.end());
  }
  auto system_ids = known_ids("systems", systems);
  auto test_ids = known_ids("tests", tests);
  // Rows that are new are added by one importer at a time (a lock held to the commit): two
  // importers adding the same new rows in different orders would otherwise wait for each
  // other in a circle. Rows already there are only read, and need no lock.
  const bool adds = std::any_of(systems.begin(), systems.end(),
                                [&](const auto& s) { return !system_ids.contains(s.first); }) ||
                    std::any_of(tests.begin(), tests.end(),
                                [&](const auto& t) { return !test_ids.contains(t.first); });
  if (adds) db_.exec(rows_lock, "waiting for another importer's new systems and tests");
  for (const auto& [identity, s] : systems) {
    if (!system_ids.contains(identity)) system_ids[identity] = system_id(*s, identity);
  }
  for (const auto& [identity, r] : tests) {
    if (!test_ids.contains(identity)) test_ids[identity] = test_id(*r, identity);
  }

  // Every file's row, then all their systems in one COPY, then all their entries in one COPY
  // sent in pieces as they are written, so that the server stores a piece while the next is
  // written (written whole first, the two took turns: bench/pg_import.py).
  std::vector<store_added> out(files.size());
  std::vector<std::int64_t> sources(files.size(), 0);
  std::string links, entries, samples;
  std::vector<std::optional<std::string>> cells;
  const auto now = utc_now();
  bool any_entries = false;
  for (std::size_t f = 0; f < files.size(); ++f) {
    const auto& a = files[f];
    if (!fresh[f]) {
      out[f] = in.at(a.sha256);
      continue;
    }
    const auto& file = *a.file;
    std::size_t count = 0;
    for (const auto& r : file.results) count += r.entries.size();
    any_entries = any_entries || count > 0;
    pg::params p;
    p.add(a.sha256).add(a.path).add(file.format).add_or_null(pts_version_of(file)).add(file.title);
    p.add(file.description).add_or_null(file.run_date()).add(now);
    p.add(static_cast<std::int64_t>(a.bytes)).add(static_cast<std::int64_t>(count));
    p.add(static_cast<std::int64_t>(file.warnings.size()));
    auto r = db_.run(
        "INSERT INTO sources (sha256, path, format, pts_version, title, description, run_date, "
        "imported_at, bytes, entries, warnings) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, "
        "$11) RETURNING id",
        p, "adding a file");
    const auto source = r.integer(0, 0);
    sources[f] = source;
    out[f] = {true, {}, source};
    in.emplace(a.sha256, store_added{false, a.path, source});  // a later copy is in already
    const auto id_text = std::to_string(source);
    for (std::size_t i = 0; i < file.systems.size(); ++i) {
      const auto& s = file.systems[i];
      cells = {id_text,
               std::to_string(i),
               std::to_string(system_ids.at(a.ids->systems[i])),
               s.user,
               s.timestamp,
               s.client_version,
               s.notes,
               s.cost,
               std::string(s.baseline ? "1" : "0")};
      pg::connection::copy_row(links, cells);
    }
  }
  if (!links.empty()) {
    db_.copy(
        "source_systems (source_id, position, system_id, \"user\", timestamp, "
        "client_version, notes, cost, baseline)",
        links);
  }
  if (!any_entries) {
    tx.commit();
    return out;
  }
  db_.copy_begin(
      "results (source_id, chart, position, system_id, test_id, value_text, value, kind, "
      "min, max, samples, standard_error, sample_count, failed, error, json, "
      "relative_deviation)");
  try {
    constexpr std::size_t piece = 1 << 20;
    for (std::size_t f = 0; f < files.size(); ++f) {
      if (!fresh[f]) continue;
      const auto& a = files[f];
      const auto& file = *a.file;
      const auto source = sources[f];
      for (std::size_t c = 0; c < file.results.size(); ++c) {
        const auto& chart = file.results[c];
        if (chart.entries.empty()) continue;
        const auto test = test_ids.at(a.ids->tests[c]);
        for (std::size_t i = 0; i < chart.entries.size(); ++i) {
          const auto& e = chart.entries[i];
          // Written in place, cell by cell: a vector of strings per entry was most of the
          // client's time.
          pg::copy_writer row(entries);
          row.integer(source);
          row.integer(static_cast<std::int64_t>(c));
          row.integer(static_cast<std::int64_t>(i));
          row.integer(system_ids.at(rows[f].label_identity.at(e.label)));
          row.integer(test);
          row.text(e.value_text);
          row.real(e.value);
          row.text(to_string(e.kind));
          row.real(e.min);
          row.real(e.max);
          samples.clear();
          for (const auto& sample : e.samples) {
            if (!samples.empty()) samples += ':';  // as joined_samples() joins them
            samples += sample;
          }
          row.text_or_null(samples);
          row.real(e.standard_error);
          if (e.sample_count) {
            row.integer(static_cast<std::int64_t>(*e.sample_count));
          } else {
            row.null();
          }
          row.text(e.kind == entry_kind::failed ? "1" : "0");
          row.text_or_null(e.error);
          row.text_or_null(e.json);
          row.real(e.relative_deviation);
          row.end();
        }
        if (entries.size() >= piece) {
          db_.copy_send(entries);
          entries.clear();
        }
      }
    }
    db_.copy_send(entries);
  } catch (...) {
    // The COPY abandoned (its results taken), so that the ROLLBACK can run.
    db_.copy_end("iosr: the import failed");
    throw;
  }
  db_.copy_end();
  tx.commit();
  return out;
}

store_summary pg_store::summarize() {
  store_summary s;
  s.files = db_.query_integer("SELECT count(*) FROM sources");
  s.systems = db_.query_integer("SELECT count(*) FROM systems");
  s.tests = db_.query_integer("SELECT count(*) FROM tests");
  s.entries = db_.query_integer("SELECT count(*) FROM results");
  auto k = db_.run(
      "SELECT kernel_version FROM systems WHERE kernel_key != '' GROUP BY kernel_key, "
      "kernel_version ORDER BY kernel_key COLLATE \"C\", kernel_version COLLATE \"C\"");
  for (int i = 0; i < k.size(); ++i) {
    std::string v(k.text(i, 0));
    if (s.kernels.empty() || s.kernels.back() != v) s.kernels.push_back(std::move(v));
  }
  auto d = db_.run("SELECT run_date FROM sources WHERE run_date IS NOT NULL");
  for (int i = 0; i < d.size(); ++i) {
    auto date = normalized_timestamp(d.text(i, 0));
    if (s.first_date.empty() || date < s.first_date) s.first_date = date;
    if (s.last_date.empty() || date > s.last_date) s.last_date = date;
  }
  return s;
}

std::vector<stored_file> pg_store::files() {
  return sources_of(db_.run("SELECT " + std::string(source_columns) + " FROM sources ORDER BY id"));
}

std::vector<stored_file> pg_store::select_files(const file_query& query) {
  const auto kernels = kernel_key_range_of(query);
  // What SQL cannot tell, told here: the tests the filter keeps and the systems on the machine
  // asked for (the trend's machine names), as ids bound in one array each.
  std::vector<std::int64_t> tests, machines;
  if (!query.tests.empty()) {
    auto t = db_.run("SELECT id, title, description FROM tests ORDER BY id");
    for (int i = 0; i < t.size(); ++i) {
      if (query.tests.matches(std::string(t.text(i, 1)), std::string(t.text(i, 2)))) {
        tests.push_back(t.integer(i, 0));
      }
    }
    if (tests.empty()) return {};
  }
  if (!query.machine.empty()) {
    std::vector<std::pair<std::int64_t, std::string>> systems;
    auto m = db_.run("SELECT id, hardware FROM systems ORDER BY id");
    for (int i = 0; i < m.size(); ++i) systems.emplace_back(m.integer(i, 0), m.text(i, 1));
    machines = systems_on_machine(systems, query);
  }
  // The day a trend by date gives each file's system: normalized here, as the trend does.
  std::vector<std::int64_t> dated;
  if (!query.date.empty()) {
    check_day(query);
    auto d = db_.run(
        "SELECT ss.source_id, ss.system_id, ss.timestamp, so.run_date FROM source_systems ss "
        "JOIN sources so ON so.id = ss.source_id");
    for (int i = 0; i < d.size(); ++i) {
      if (on_query_day(d.text(i, 2), d.text(i, 3), query)) {
        dated.push_back(file_system_key(d.integer(i, 0), d.integer(i, 1)));
      }
    }
  }
  pg::params p;
  p.add(query.text).add(query.machine).add(query.kernel).add(query.scheduler);
  if (query.limit == 0) {
    p.add_null();
  } else {
    p.add(static_cast<std::int64_t>(query.limit));
  }
  p.add(static_cast<std::int64_t>(query.offset));
  p.add(kernels.lower).add(kernels.upper).add(pg_id_array(machines));
  p.add(std::int64_t{query.tests.empty() ? 0 : 1}).add(pg_id_array(tests));
  p.add(query.date).add(pg_id_array(dated));
  // The kernel keys compare as bytes (COLLATE "C"), as SQLite compares them. The files are put
  // in order first (a materialized CTE) and tested one by one until the page is full, as in
  // SQLite (sqlite_store::select_files).
  return sources_of(db_.run(
      "WITH so AS MATERIALIZED (SELECT " + std::string(source_columns) +
          " FROM sources WHERE $1 = '' OR strpos(path, $1) > 0 OR strpos(title, $1) > 0 ORDER BY "
          "run_date IS NULL, run_date COLLATE \"C\" DESC, id DESC) SELECT * FROM so WHERE ($2 = "
          "'' AND $3 = '' AND $4 = '' AND $7 = '' AND $8 = '' AND $12 = '' OR EXISTS (SELECT 1 "
          "FROM "
          "source_systems ss JOIN systems sy ON sy.id = ss.system_id WHERE ss.source_id = so.id "
          "AND ($2 = '' OR sy.label = $2 OR sy.name = $2 OR sy.id = ANY($9::bigint[])) AND ($3 = "
          "'' OR sy.kernel_version = $3) AND ($4 = '' OR sy.scheduler = $4) AND ($7 = '' OR "
          "sy.kernel_key COLLATE \"C\" >= $7) AND ($8 = '' OR sy.kernel_key != '' AND "
          "sy.kernel_key COLLATE \"C\" <= $8) AND ($12 = '' OR ss.source_id * 4294967296 + "
          "ss.system_id = ANY($13::bigint[])))) AND ($10::int = 0 OR EXISTS (SELECT 1 FROM "
          "results r WHERE r.source_id = so.id AND r.test_id = ANY($11::bigint[]))) LIMIT $5 "
          "OFFSET $6",
      p, "selecting files"));
}

// A file's systems without its entries (the list page of iosr serve): the default read the
// whole file back, 1 s for a page of 50 files of 1,250 entries each.
std::vector<std::size_t> pg_store::count_files_on(const std::vector<std::string>& machines) {
  auto r = db_.run(
      "SELECT ss.source_id, sy.label, sy.name, sy.hardware FROM source_systems ss JOIN systems sy "
      "ON sy.id = ss.system_id");
  std::vector<file_system_row> rows(static_cast<std::size_t>(r.size()));
  for (int i = 0; i < r.size(); ++i) {
    auto& row = rows[static_cast<std::size_t>(i)];
    row.source_id = r.integer(i, 0);
    row.label = r.text(i, 1);
    row.name = r.text(i, 2);
    row.hardware = r.text(i, 3);
  }
  return count_files_on_machines(rows, machines);
}

// A file's id comes from its identity column's sequence, which never gives a number twice
// (iosr never writes an id of its own): an import adds a file of an id larger than any before,
// a removal lowers the count, and nothing else changes the files, systems or tests. So the
// count and the largest id tell every change, in one query of the 800 rows of a large store.
std::string pg_store::generation() {
  auto r = db_.run("SELECT count(*), coalesce(max(id), 0) FROM sources", {},
                   "reading the store's generation");
  return "postgresql " + std::string(r.text(0, 0)) + ' ' + std::string(r.text(0, 1));
}

std::vector<system> pg_store::systems_of(std::int64_t id) {
  pg::params p;
  p.add(id);
  auto rows = db_.run(
      "SELECT sy.label, sy.\"group\", sy.name, sy.scheduler, sy.kernel, sy.hardware FROM "
      "source_systems ss JOIN systems sy ON sy.id = ss.system_id WHERE ss.source_id = $1 ORDER "
      "BY ss.position",
      p, "reading a file's systems");
  std::vector<system> out;
  for (int i = 0; i < rows.size(); ++i) {
    system row;
    row.label = rows.text(i, 0);
    row.group = rows.text(i, 1);
    row.name = rows.text(i, 2);
    row.scheduler = rows.text(i, 3);
    if (!rows.text(i, 4).empty()) row.software.push_back({"Kernel", std::string(rows.text(i, 4))});
    row.hardware = fields_from_json(rows.text(i, 5));
    out.push_back(std::move(row));
  }
  return out;
}

std::vector<stored_file> pg_store::find_files(const std::string& spec) {
  pg::params by_path;
  by_path.add(spec);
  auto out = sources_of(
      db_.run("SELECT " + std::string(source_columns) + " FROM sources WHERE path = $1 ORDER BY id",
              by_path, "finding a file"));
  if (!out.empty()) return out;
  const bool hex =
      !spec.empty() && spec.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos;
  if (!hex) return out;
  std::string prefix = spec;
  std::transform(prefix.begin(), prefix.end(), prefix.begin(), [](char ch) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  });
  pg::params by_sha;
  by_sha.add(static_cast<std::int64_t>(prefix.size())).add(prefix);
  // substr, not LIKE: a prefix is matched as the bytes it is.
  return sources_of(db_.run("SELECT " + std::string(source_columns) +
                                " FROM sources WHERE substr(sha256, 1, $1::int) = $2 ORDER BY id",
                            by_sha, "finding a file"));
}

void pg_store::remove(std::int64_t file_id) {
  pg_transaction tx(db_);
  db_.exec(remove_lock, "waiting for the imports under way to finish");
  pg::params p;
  p.add(file_id);
  db_.run("DELETE FROM results WHERE source_id = $1", p, "removing entries");
  db_.run("DELETE FROM source_systems WHERE source_id = $1", p, "removing a file");
  db_.run("DELETE FROM sources WHERE id = $1", p, "removing a file");
  // What only this file used goes with it; what another file shares stays.
  db_.exec(
      "DELETE FROM systems WHERE id NOT IN (SELECT system_id FROM results) AND id NOT IN "
      "(SELECT system_id FROM source_systems);"
      "DELETE FROM tests WHERE id NOT IN (SELECT test_id FROM results)",
      "removing what no file uses");
  tx.commit();
}

void pg_store::for_each_file(const test_filter& filter,
                             const std::function<void(result_file&&)>& take) {
  std::vector<std::int64_t> ids;
  auto r = db_.run("SELECT id FROM sources ORDER BY id");
  for (int i = 0; i < r.size(); ++i) ids.push_back(r.integer(i, 0));
  for_each_file(ids, filter, take);
}

void pg_store::for_each_file(const std::vector<std::int64_t>& ids, const test_filter& filter,
                             const std::function<void(result_file&&)>& take) {
  pg_rows db(db_);
  const int v = version();
  for (const auto id : ids) {
    result_file f;
    if (read_stored_file(db, v, id, filter, f)) take(std::move(f));
  }
}

trend_input pg_store::load_trend_input(const trend_query& query) {
  pg_rows db(db_);
  return read_trend_input(db, query);
}

}  // namespace iosr::db
