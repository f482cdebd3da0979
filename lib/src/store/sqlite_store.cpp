// SPDX-License-Identifier: MIT
// The results database (store.hpp). Systems and tests are stored once, found by the SHA-256 of
// what identifies them; ids are cached per process, and only once their transaction commits.
#include "store/sqlite_store.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <unordered_map>
#include <variant>
#include <vector>

#include <unistd.h>

#include "iosr/error.hpp"
#include "store/file_selection.hpp"
#include "store/reading.hpp"
#include "store/rows.hpp"
#include "store/schema.hpp"
#include "store/writing.hpp"

namespace iosr::db {

namespace {

namespace fs = std::filesystem;

// How long a writer waits for another import's transaction (one file) before giving up.
constexpr int busy_milliseconds = 60'000;

// SQLite's numbered parameters are ?N where the shared SQL writes $N (reading.hpp).
std::string question_marks(std::string_view sql) {
  std::string text(sql);
  std::replace(text.begin(), text.end(), '$', '?');
  return text;
}

// The shared readers' rows (reading.hpp) from SQLite: $N is SQLite's ?N, and a list of ids is
// bound as one JSON array.
class sqlite_cursor final : public row_cursor {
 public:
  sqlite_cursor(connection& db, std::string_view sql) : st_(db, sql) {}
  statement& st() { return st_; }
  bool next() override { return st_.step(); }
  bool is_null(int column) const override { return st_.is_null(column); }
  std::string_view text(int column) const override { return st_.text(column); }
  std::int64_t integer(int column) const override { return st_.integer(column); }
  std::optional<double> optional_real(int column) const override {
    return st_.optional_real(column);
  }

 private:
  statement st_;
};

// A reader's values bound to `st`'s parameters 1, 2, ...: a list of ids as one JSON array.
void bind_values(statement& st, const std::vector<query_value>& values) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    const int index = static_cast<int>(i) + 1;
    if (const auto* number = std::get_if<std::int64_t>(&values[i])) {
      st.bind(index, *number);
    } else if (const auto* text = std::get_if<std::string>(&values[i])) {
      st.bind(index, std::string_view(*text));
    } else {
      st.bind(index, json_id_array(std::get<std::vector<std::int64_t>>(values[i])));
    }
  }
}

class sqlite_rows final : public row_source {
 public:
  explicit sqlite_rows(connection& db) : db_(db) {}

  // SQLite says what failed itself; `doing` is PostgreSQL's.
  std::unique_ptr<row_cursor> rows_of(std::string_view sql, const std::vector<query_value>& values,
                                      std::string_view /*doing*/) override {
    auto out = std::make_unique<sqlite_cursor>(db_, question_marks(sql));
    bind_values(out->st(), values);
    return out;
  }

  // A trend's entries, a million in the fleet store, read inside one step (connection::each_row):
  // SQLite's own code took 2,030 instructions an entry for the shared query's rows, each handed
  // back by sqlite3_step and read by nine column calls, and takes 1,430 here (the whole scan of
  // docs/performance.md's floor: 930). The value and kind are tested here, not in SQL, where the
  // comparison of the kind's text cost 300 an entry. No ORDER BY applies to an aggregate's rows:
  // they come in the order the plan visits them, and the one b-tree `results` has (WITHOUT
  // ROWID, no other index since schema version 3) is visited in its key's order, (source_id,
  // chart, position), whether scanned whole or sought by source_id. That order is checked, key
  // by key: an index someone added to the store (which the plan may take instead) or a reversed
  // scan (PRAGMA reverse_unordered_selects) would break it, and then the shared, ordered query
  // reads them again. So does a store whose text is not UTF-8 (PRAGMA encoding), whose kinds'
  // bytes would not be the ones compared below.
  void for_each_run(const std::string& conditions, const std::vector<query_value>& values,
                    const std::function<void(const run_row&)>& take) override {
    if (!utf8_) {
      statement encoding(db_, "PRAGMA encoding");
      utf8_ = encoding.step() && encoding.text(0) == "UTF-8";
    }
    if (!*utf8_) {
      row_source::for_each_run(conditions, values, take);
      return;
    }
    const std::string sql =
        "SELECT iosr_each(source_id, chart, position, system_id, test_id, value, kind, "
        "standard_error, sample_count) FROM results" +
        (conditions.empty() ? std::string() : " WHERE " + question_marks(conditions));
    run_row run;
    run.source = -1;
    std::int64_t chart = 0, position = 0;
    db_.each_row(
        sql, [&](statement& st) { bind_values(st, values); },
        [&](const row_values& row) {
          const auto source = row.integer(0), row_chart = row.integer(1), at = row.integer(2);
          if (source < run.source ||
              (source == run.source &&
               (row_chart < chart || (row_chart == chart && at <= position)))) {
            throw runs_out_of_order{};
          }
          run.source = source;
          chart = row_chart;
          position = at;
          // value IS NOT NULL AND kind IN ('number', 'series'): the bytes of a text, as SQL's
          // BINARY comparison has them.
          if (row.is_null(5) || !row.is_text(6)) return;
          const auto kind = row.bytes(6);
          if (kind != "number" && kind != "series") return;
          run.system = row.integer(3);
          run.test = row.integer(4);
          run.value = row.real(5);
          run.standard_error = row.real(7);  // 0 for a NULL, as the shared query's reading
          run.sample_count = row.integer(8);
          take(run);
        });
  }

  std::string one_of(std::string_view column, int parameter) const override {
    return std::string(column) + " IN (SELECT value FROM json_each($" +
           std::to_string(parameter) + "))";
  }

  std::string contains(std::string_view column, int parameter) const override {
    return "instr(" + std::string(column) + ", $" + std::to_string(parameter) + ") > 0";
  }

  // SQLite's default collation, BINARY, is the bytes.
  std::string_view byte_order() const override { return ""; }

  // A read transaction: its first SELECT fixes what every later one sees (WAL mode).
  void begin_snapshot() override { db_.exec("BEGIN"); }

  void interrupt() override { db_.interrupt(); }
  void resume() override { db_.resume(); }

  void end_snapshot() noexcept override {
    try {
      db_.exec("COMMIT");
    } catch (const std::exception&) {
      // Nothing was written: a failed end leaves nothing to undo.
    }
  }

 private:
  connection& db_;
  std::optional<bool> utf8_;  // the store's text encoding is UTF-8 (read once)
};

// A statement's parameters as the shared rows write them (writing.hpp), bound in order. The
// texts are not copied: the statement runs at the row's end, while they are alive.
class bound_row {
 public:
  explicit bound_row(statement& st) : st_(st) {}
  void integer(std::int64_t v) { st_.bind(++index_, v); }
  void real(const std::optional<double>& v) { st_.bind(++index_, v); }
  void text(std::string_view t) { st_.bind_view(++index_, t); }
  void text_or_null(std::string_view t) { t.empty() ? null() : text(t); }
  /// `parts` joined by `separator` (an entry's runs), \N when that is empty; joined into room
  /// kept by the row, alive until the statement runs.
  void joined_or_null(const std::vector<std::string>& parts, char separator) {
    joined_.clear();
    for (const auto& part : parts) {
      if (!joined_.empty()) joined_ += separator;  // as joined_samples() joins them
      joined_ += part;
    }
    text_or_null(joined_);
  }
  /// The double alone: SQLite stores its bits, not a text.
  void real_as_written(const std::optional<double>& v, std::string_view) { real(v); }
  void null() { st_.bind_null(++index_); }
  void end() {
    st_.run();
    index_ = 0;
  }

 private:
  statement& st_;
  int index_ = 0;
  std::string joined_;  // the runs joined, reused from row to row (an import writes a million)
};

}  // namespace

// How a database file is opened: what the user may do with it decides, before SQLite is asked.
struct opening {
  bool read_only = false;
  bool immutable = false;  // read-only, and no -wal or -shm file can be made beside it
};

namespace {

// Turning a new database to WAL needs it to itself, and SQLite answers a second process that
// opened it meanwhile with SQLITE_BUSY at once, without the busy handler: two imports into one
// new database then failed one time in six. So wait as the busy timeout would, a little at a
// time; once either process has set it, the mode is WAL for both.
void set_wal(connection& db) {
  constexpr int pause_milliseconds = 5;
  for (int waited = 0;; waited += pause_milliseconds) {
    try {
      db.query_integer("PRAGMA journal_mode = WAL");
      return;
    } catch (const sqlite_error& e) {
      if (!e.busy() || waited >= busy_milliseconds) throw;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(pause_milliseconds));
  }
}

bool writable(const fs::path& p) { return ::access(p.c_str(), W_OK) == 0; }

opening plan_opening(const std::string& path, bool create, bool read_only) {
  std::error_code ec;
  const fs::path file(path);
  const auto folder = file.parent_path().empty() ? fs::path(".") : file.parent_path();
  if (fs::is_directory(file, ec)) {
    throw error(error_kind::store, path +
                                       ": is a directory; expected an SQLite file made by 'iosr "
                                       "db import', or a postgresql:// URL");
  }
  const bool exists = fs::exists(file, ec);
  if (create) {
    if (!exists) {
      fs::create_directories(folder, ec);
    } else if (!writable(file) || !writable(folder)) {
      throw error(error_kind::store,
                  path + ": you may not write " +
                      (writable(file) ? "its folder (SQLite keeps its log beside it)"
                                      : "it") +
                      "; expected a database you may write to import into ('iosr db list', "
                      "'export' and 'trend' read it as it is)");
    }
    return {};
  }
  if (!exists) {
    throw error(error_kind::store, path +
                                       ": no database there; expected one made by 'iosr db import' "
                                       "(--db FILE or IOSR_DB choose another)");
  }
  // SQLite takes an empty file for a new database, and would write one there.
  if (fs::file_size(file, ec) == 0 && !ec) {
    throw error(error_kind::store, path +
                                       ": an empty file, not an iosr database; expected a file "
                                       "made by 'iosr db import'");
  }
  // A database the user may only read (a team's file, a read-only mount) is read as it is:
  // nothing is migrated or set. SQLite reads a WAL database through its -shm file, which a
  // reader makes when none is there; where it cannot, the file is read as immutable (no log
  // beside it means every change is in the file).
  opening o;
  o.read_only = read_only || !writable(file) || !writable(folder);
  if (o.read_only && !writable(folder)) {
    o.immutable = !fs::exists(path + "-wal", ec) && !fs::exists(path + "-shm", ec);
  }
  return o;
}
}  // namespace

sqlite_store::sqlite_store(const std::string& path, bool create, bool read_only)
    : sqlite_store(path, create, plan_opening(path, create, read_only)) {}

sqlite_store::sqlite_store(const std::string& path, bool create, const opening& how)
    : db_(path, create, how.read_only, how.immutable),
      systems_{"systems", "system"},
      tests_{"tests", "test"} {
  rows_ = std::make_unique<sqlite_rows>(db_);
  db_.busy_timeout(busy_milliseconds);
  // WAL: readers never wait for the writer, and a killed writer leaves no torn page behind.
  // synchronous=NORMAL syncs at checkpoints, not at every commit: safe when the process is
  // killed, not when the power fails (docs/db.md). A checkpoint every 16384 pages (64 MiB of
  // log) rather than SQLite's 1000: an import of many small files rewrites the same pages at
  // every commit, and each checkpoint copies them back and syncs. Foreign keys are declared
  // but not checked (SQLite's default, said here): an import writes only the ids of rows it has
  // just read or added in its own transaction, under the write lock, and checking three parents
  // per entry took a quarter of an import's time; `remove` deletes a file's rows itself.
  try {
    if (how.read_only) {
      // Nothing is set or migrated: a version other than this iosr's is refused instead.
      check_version(db_);
      return;
    }
    set_wal(db_);
    db_.exec(
        "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF; PRAGMA wal_autocheckpoint = 16384");
    migrate(db_);
  } catch (const sqlite_error& e) {
    // SQLite's own words ("file is not a database") name neither the file's fault nor what
    // --db wants; an SQLite file of other tables is refused by migrate(), by name too.
    if (!e.not_a_database()) throw;
    throw error(error_kind::store, path +
                                       ": not an iosr database (not an SQLite file); expected "
                                       "a file made by 'iosr db import', or a new one");
  }
}

int sqlite_store::version() { return static_cast<int>(db_.query_integer("PRAGMA user_version")); }

void sqlite_store::stored_once::commit() {
  committed.merge(pending);
  pending.clear();
}

template <class Write>
std::int64_t sqlite_store::row_id(stored_once& rows, const std::string& identity,
                                  std::string_view columns, const Write& write) {
  if (auto it = rows.committed.find(identity); it != rows.committed.end()) return it->second;
  if (auto it = rows.pending.find(identity); it != rows.pending.end()) return it->second;
  if (!rows.insert) {
    rows.insert = std::make_unique<statement>(
        db_, question_marks(insert_into(rows.table, columns)) + " ON CONFLICT (identity) DO NOTHING");
    rows.find = std::make_unique<statement>(
        db_, "SELECT id FROM " + std::string(rows.table) + " WHERE identity = ?");
  }
  bound_row row(*rows.insert);
  write(row);
  rows.find->bind(1, identity);
  if (!rows.find->step()) {
    throw error(error_kind::store, db_.path() + ": a " + std::string(rows.row) + " row vanished");
  }
  const auto id = rows.find->integer(0);
  rows.find->reset();
  rows.pending.emplace(identity, id);
  return id;
}

std::int64_t sqlite_store::system_id(const system& s, const std::string& identity) {
  return row_id(systems_, identity, system_columns,
                [&](bound_row& row) { write_system(row, s, identity); });
}

std::int64_t sqlite_store::test_id(const result& r, const std::string& identity) {
  return row_id(tests_, identity, test_columns,
                [&](bound_row& row) { write_test(row, r, identity); });
}

void sqlite_store::begin_adding() {
  systems_.pending.clear();
  tests_.pending.clear();
  // Another connection's commit (an `iosr db remove`, say) may have removed rows whose ids are
  // cached: SQLite's data_version changes then, and only then, and the caches are dropped.
  if (const auto seen = db_.query_integer("PRAGMA data_version"); seen != data_version_) {
    data_version_ = seen;
    systems_.committed.clear();
    tests_.committed.clear();
  }
  if (!find_sha_) {
    find_sha_ = std::make_unique<statement>(db_, "SELECT id, path FROM sources WHERE sha256 = ?");
    insert_source_ = std::make_unique<statement>(
        db_, question_marks(insert_into("sources", source_columns_written)));
    insert_source_system_ =
        std::make_unique<statement>(db_, question_marks(insert_into("source_systems", link_columns)));
    insert_result_ =
        std::make_unique<statement>(db_, question_marks(insert_into("results", result_columns)));
  }
}

store_added sqlite_store::add(const result_file& file, const store_identities& ids,
                              const std::string& sha256, std::string_view path,
                              std::uint64_t bytes) {
  transaction tx(db_);
  begin_adding();
  // Checked inside the transaction: another import may have added these bytes meanwhile.
  find_sha_->bind(1, sha256);
  if (find_sha_->step()) {
    store_added a{false, std::string(find_sha_->text(1)), find_sha_->integer(0)};
    find_sha_->reset();
    return a;  // the transaction rolls back: nothing was written
  }
  find_sha_->reset();

  const store_addition addition{&file, &ids, sha256, std::string(path), bytes};
  {
    bound_row row(*insert_source_);
    write_source(row, addition, utc_now());
  }
  const auto source = db_.last_insert_rowid();

  // The systems in the order the shared rows give them (writing.hpp), the file's first.
  const auto rows = file_rows_of(addition);
  std::unordered_map<std::string_view, std::int64_t> system_ids;  // by identity
  for (std::size_t i = 0; i < rows.systems.size(); ++i) {
    const auto& [identity, s] = rows.systems[i];
    const auto id = system_id(*s, identity);
    system_ids.try_emplace(identity, id);
    if (i < file.systems.size()) {
      bound_row link(*insert_source_system_);
      write_link(link, source, i, id, *s);
    }
  }
  std::unordered_map<std::string_view, std::int64_t> by_label;
  for (const auto& [label, identity] : rows.label_identity) {
    by_label.emplace(label, system_ids.at(identity));
  }
  bound_row row(*insert_result_);
  for (std::size_t c = 0; c < file.results.size(); ++c) {
    const auto& r = file.results[c];
    if (r.entries.empty()) continue;
    const auto test = test_id(r, ids.tests[c]);
    for (std::size_t p = 0; p < r.entries.size(); ++p) {
      const auto& e = r.entries[p];
      write_result(row, source, c, p, by_label.at(e.label), test, e);
    }
  }
  tx.commit();
  systems_.commit();
  tests_.commit();
  return {true, {}, source};
}

void sqlite_store::remove(std::int64_t file_id) {
  transaction tx(db_);
  statement results(db_, "DELETE FROM results WHERE source_id = ?");
  results.bind(1, file_id).run();
  statement links(db_, "DELETE FROM source_systems WHERE source_id = ?");
  links.bind(1, file_id).run();
  statement source(db_, "DELETE FROM sources WHERE id = ?");
  source.bind(1, file_id).run();
  // What only this file used goes with it; what another file shares stays.
  db_.exec(
      "DELETE FROM systems WHERE id NOT IN (SELECT system_id FROM results) AND id NOT IN "
      "(SELECT system_id FROM source_systems);"
      "DELETE FROM tests WHERE id NOT IN (SELECT test_id FROM results)");
  tx.commit();
  systems_.committed.clear();  // ids removed may be reused: forget them all
  tests_.committed.clear();
}

std::vector<stored_file> sqlite_store::select_files(const file_query& query) {
  const auto version = db_.query_integer("PRAGMA data_version");
  const auto changes = db_.total_changes();
  if (version != selections_.data_version || changes != selections_.changes) {
    selections_.data_version = version;
    selections_.changes = changes;
    selections_.answers.clear();
  }
  std::string key;
  for (const auto* part : {&query.text, &query.machine, &query.kernel, &query.kernel_from,
                           &query.kernel_to, &query.scheduler, &query.date, &query.tests.pattern()}) {
    key += *part;
    key += '\0';
  }
  key += std::to_string(query.offset) + ' ' + std::to_string(query.limit);
  if (const auto it = selections_.answers.find(key); it != selections_.answers.end()) {
    return it->second;
  }
  auto answer = select_files_now(query);
  if (answer.size() <= kept_selection_size) {
    if (selections_.answers.size() >= kept_selections) selections_.answers.clear();
    selections_.answers.emplace(std::move(key), answer);
  }
  return answer;
}

// SQLite gives a removed row's id again (the largest id plus one, without AUTOINCREMENT), so
// no count or largest id tells every change: the generation is a hash of every file's,
// system's and test's id and identity, which is what the entries hang on (an entry's values
// are its file's bytes, named by their SHA-256). The hash is the standard library's, not
// SHA-256: the value is compared within one process only (the server's kept pages), and a
// server that only reads must not need libcrypto for it. It is read again only when the file
// has changed since, as data_version (another connection's commits) and total_changes (this
// one's) tell: otherwise two PRAGMAs. Read data_version first, so that the value is never newer than
// the state it is kept for.
std::string sqlite_store::generation() {
  const auto version = db_.query_integer("PRAGMA data_version");
  const auto changes = db_.total_changes();
  if (version == generation_.data_version && changes == generation_.changes) {
    return generation_.value;
  }
  std::string ids;
  {
    sqlite_rows rows(db_);
    read_snapshot one_state(rows);  // the three tables as one commit left them
    for (const auto* sql : {"SELECT id, sha256 || ' ' || path || ' ' || imported_at FROM sources "
                            "ORDER BY id",
                            "SELECT id, identity FROM systems ORDER BY id",
                            "SELECT id, identity FROM tests ORDER BY id"}) {
      statement s(db_, sql);
      while (s.step()) {
        const auto text = s.text(1);
        // Each text after its length: no path can make two states read alike.
        ids += std::to_string(s.integer(0)) + ' ' + std::to_string(text.size()) + ' ';
        ids += text;
      }
      ids += '\n';
    }
  }
  generation_ = {version, changes,
                 "sqlite " + std::to_string(ids.size()) + ' ' +
                     std::to_string(std::hash<std::string_view>{}(ids))};
  return generation_.value;
}

}  // namespace iosr::db
