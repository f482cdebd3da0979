// SPDX-License-Identifier: MIT
// The PostgreSQL backend (pg_store.hpp). The same tables, rows and texts as the SQLite store
// (rows.hpp, writing.hpp, schema.hpp), so that both give the same files and trends back; text is
// ordered by its bytes (COLLATE "C"), as SQLite orders it.
#include "store/pg_store.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
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
#include "store/writing.hpp"

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
    } else if (const auto* text = std::get_if<std::string>(&value)) {
      p.add(*text);
    } else {
      p.add(pg_id_array(std::get<std::vector<std::int64_t>>(value)));
    }
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

// The shared readers' rows (reading.hpp) from a PostgreSQL connection.
class pg_rows final : public row_source {
 public:
  explicit pg_rows(pg::connection& db) : db_(db) {}

  std::unique_ptr<row_cursor> rows_of(std::string_view sql, const std::vector<query_value>& values,
                                      std::string_view doing) override {
    return std::make_unique<pg_cursor>(db_.run(sql, params_of(values), doing));
  }

  std::string one_of(std::string_view column, int parameter) const override {
    return std::string(column) + " = ANY ($" + std::to_string(parameter) + "::bigint[])";
  }

  std::string contains(std::string_view column, int parameter) const override {
    return "strpos(" + std::string(column) + ", $" + std::to_string(parameter) + ") > 0";
  }

  // The database's collation may be a language's; the "C" collation is the bytes.
  std::string_view byte_order() const override { return " COLLATE \"C\""; }

  /// Through a cursor, a batch of rows at a time: a result of a million rows held whole by
  /// libpq took 150 bytes a row.
  std::unique_ptr<row_cursor> stream_of(std::string_view sql,
                                        const std::vector<query_value>& values) override {
    db_.run("DECLARE iosr_stream NO SCROLL CURSOR FOR " + std::string(sql), params_of(values),
            "reading");
    return std::make_unique<pg_stream>(db_);
  }

  // Every query of a reading in one snapshot (REPEATABLE READ), which a cursor needs anyway.
  void begin_snapshot() override {
    db_.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", "starting to read");
  }

  // Ended even when the reading was interrupted (a cancelled statement aborts the transaction,
  // whose COMMIT then rolls it back): nothing was written.
  void end_snapshot() noexcept override { db_.end_transaction("COMMIT"); }

  void interrupt() override { db_.interrupt(); }
  void resume() override { db_.resume(); }

 private:
  pg::connection& db_;
};

// A statement's parameters as the shared rows write them (writing.hpp), in order.
struct param_row {
  pg::params& p;
  void integer(std::int64_t v) { p.add(v); }
  void real(const std::optional<double>& v) { p.add(v); }
  void text(std::string_view t) { p.add(t); }
  void text_or_null(std::string_view t) { p.add_or_null(t); }
  void null() { p.add_null(); }
  void end() {}
};

}  // namespace

pg_store::pg_store(const std::string& url, bool create) : db_(url) {
  rows_ = std::make_unique<pg_rows>(db_);
  prepare_schema(create);
}

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

// As many rows a statement as its parameters allow (PostgreSQL takes at most 65,535), and no
// more than 1,000: a batch's new systems in a few round trips instead of one each (the 4,000
// systems of 800 files were 4,000 statements, each waiting for the server: bench/pg_import.py).
namespace {
std::size_t rows_a_statement(std::string_view columns) {
  return std::min<std::size_t>(1000, 65535 / column_count(columns));
}
}  // namespace

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

template <class Write>
void pg_store::insert_rows(std::string_view table, std::string_view columns, std::size_t count,
                           std::string_view returning, const doing_texts& doing, Write write,
                           std::unordered_map<std::string, std::int64_t>& ids) {
  const auto most = rows_a_statement(columns);
  for (std::size_t at = 0; at < count; at += most) {
    const auto rows = std::min(most, count - at);
    pg::params p;
    param_row row{p};
    for (std::size_t i = at; i < at + rows; ++i) write(row, i);
    auto r = db_.run(insert_into(table, columns, rows) + std::string(returning), p,
                     rows == 1 ? doing.one : doing.many);
    for (int i = 0; i < r.size(); ++i) ids.emplace(std::string(r.text(i, 0)), r.integer(i, 1));
  }
}

template <class Row, class Write>
void pg_store::add_missing(std::string_view table, std::string_view columns,
                           const std::vector<std::pair<std::string, const Row*>>& rows,
                           std::unordered_map<std::string, std::int64_t>& ids, Write write) {
  // Each identity once, the first row that names it, in order: the ids are given in that order.
  std::unordered_set<std::string_view> once;
  std::vector<const std::pair<std::string, const Row*>*> missing;
  for (const auto& row : rows) {
    if (!ids.contains(row.first) && once.insert(row.first).second) missing.push_back(&row);
  }
  // Another importer may add the same rows meanwhile: those are found below, not added.
  insert_rows(
      table, columns, missing.size(), " ON CONFLICT (identity) DO NOTHING RETURNING identity, id",
      {"adding systems and tests", "adding systems and tests"},
      [&](param_row& row, std::size_t i) { write(row, *missing[i]->second, missing[i]->first); },
      ids);
  std::vector<std::pair<std::string, const Row*>> elsewhere;
  for (const auto* row : missing) {
    if (!ids.contains(row->first)) elsewhere.push_back(*row);
  }
  if (elsewhere.empty()) return;
  for (auto& [identity, id] : known_ids(table, elsewhere)) ids.emplace(identity, id);
  for (const auto& row : elsewhere) {
    if (!ids.contains(row.first)) {
      throw error(error_kind::store, location() + ": a row of " + std::string(table) + " vanished");
    }
  }
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
      rows.push_back(fresh[i] ? file_rows_of(files[i]) : file_rows{});
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
  add_missing("systems", system_columns, systems, system_ids,
              [](param_row& row, const system& s, const std::string& identity) {
                write_system(row, s, identity);
              });
  add_missing("tests", test_columns, tests, test_ids,
              [](param_row& row, const result& r, const std::string& identity) {
                write_test(row, r, identity);
              });

  // Every file's row, then all their systems in one COPY, then all their entries in one COPY
  // sent in pieces as they are written, so that the server stores a piece while the next is
  // written (written whole first, the two took turns: bench/pg_import.py).
  std::vector<store_added> out(files.size());
  std::vector<std::int64_t> sources(files.size(), 0);
  // One buffer for both COPYs, kept from batch to batch (copy_buffer).
  auto& rows_out = copy_rows_;
  rows_out.clear();
  const auto now = utc_now();
  // The new files' rows, many a statement, in the batch's order (their ids in that order).
  std::vector<std::size_t> added;
  for (std::size_t f = 0; f < files.size(); ++f) {
    if (fresh[f]) added.push_back(f);
  }
  std::unordered_map<std::string, std::int64_t> source_of;  // by SHA-256, unique
  insert_rows(
      "sources", source_columns_written, added.size(), " RETURNING sha256, id",
      {"adding a file", "adding files"},
      [&](param_row& row, std::size_t i) { write_source(row, files[added[i]], now); }, source_of);
  bool any_entries = false;
  for (std::size_t f = 0; f < files.size(); ++f) {
    const auto& a = files[f];
    if (!fresh[f]) {
      out[f] = in.at(a.sha256);
      continue;
    }
    const auto& file = *a.file;
    any_entries = any_entries || !rows[f].tests.empty();
    const auto source = source_of.at(a.sha256);
    sources[f] = source;
    out[f] = {true, {}, source};
    in.emplace(a.sha256, store_added{false, a.path, source});  // a later copy is in already
    for (std::size_t i = 0; i < file.systems.size(); ++i) {
      write_link(rows_out, source, i, system_ids.at(a.ids->systems[i]), file.systems[i]);
    }
  }
  if (!rows_out.empty()) {
    db_.copy("source_systems (" + std::string(link_columns) + ")", rows_out.rows());
    rows_out.clear();
  }
  if (!any_entries) {
    tx.commit();
    return out;
  }
  db_.copy_begin("results (" + std::string(result_columns) + ")");
  try {
    // Sent in pieces of about 128 KiB, which stay in the processor's cache between being
    // written here and copied by libpq (1 MiB before).
    constexpr std::size_t piece = 1 << 17;
    // Each entry's system id by its label, looked up once a file: the label's identity, then
    // the identity's id, were two hash lookups of strings an entry (0.24 G of the writer's
    // 3.06 G instructions for a million entries, callgrind). A chart's entries mostly name the
    // file's systems in their order, so the system at the entry's position is tried first; its
    // id is the one its label names (the first system of that label).
    std::unordered_map<std::string_view, std::int64_t> by_label;
    std::vector<std::int64_t> by_position;
    for (std::size_t f = 0; f < files.size(); ++f) {
      if (!fresh[f]) continue;
      const auto& a = files[f];
      const auto& file = *a.file;
      by_label.clear();
      for (const auto& [label, identity] : rows[f].label_identity) {
        by_label.emplace(label, system_ids.at(identity));
      }
      by_position.clear();
      for (const auto& s : file.systems) by_position.push_back(by_label.at(s.label));
      const auto system_of = [&](std::size_t i, const std::string& label) {
        return i < file.systems.size() && file.systems[i].label == label ? by_position[i]
                                                                         : by_label.at(label);
      };
      for (std::size_t c = 0; c < file.results.size(); ++c) {
        const auto& chart = file.results[c];
        if (chart.entries.empty()) continue;
        const auto test = test_ids.at(a.ids->tests[c]);
        for (std::size_t i = 0; i < chart.entries.size(); ++i) {
          const auto& e = chart.entries[i];
          write_result(rows_out, sources[f], c, i, system_of(i, e.label), test, e);
        }
        if (rows_out.size() >= piece) {
          db_.copy_send(rows_out.rows());
          rows_out.clear();
        }
      }
    }
    db_.copy_send(rows_out.rows());
    rows_out.clear();
  } catch (...) {
    // The COPY abandoned (its results taken), so that the ROLLBACK can run.
    db_.copy_end("iosr: the import failed");
    throw;
  }
  db_.copy_end();
  tx.commit();
  return out;
}

// A file's id comes from its identity column's sequence, which never gives a number twice
// (iosr never writes an id of its own), and a file's systems, tests and entries are added and
// removed with it: so the set of the files' ids tells one state of the store from another. Not
// its count and largest id: importers commit in any order, so a file can come in below the
// largest id, and a removal after that can bring back a count and largest id an earlier state
// had. One query over the ids (800 rows in a large store), hashed by the server.
std::string pg_store::generation() {
  auto r = db_.run(
      "SELECT count(*), md5(coalesce(string_agg(id::text, ',' ORDER BY id), '')) FROM sources",
      {}, "reading the store's generation");
  return "postgresql " + std::string(r.text(0, 0)) + ' ' + std::string(r.text(0, 1));
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

}  // namespace iosr::db
