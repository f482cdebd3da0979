// SPDX-License-Identifier: MIT
// The results database (store.hpp). Systems and tests are stored once, found by the SHA-256 of
// what identifies them; ids are cached per process, and only once their transaction commits.
#include "store/sqlite_store.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <unistd.h>

#include "iosr/error.hpp"
#include "iosr/match.hpp"
#include "store/file_selection.hpp"
#include "store/rows.hpp"
#include "store/schema.hpp"
#include "store/sha256.hpp"

namespace iosr::db {

namespace {

namespace fs = std::filesystem;

// How long a writer waits for another import's transaction (one file) before giving up.
constexpr int busy_milliseconds = 60'000;

// The text must live until the statement has run: it is not copied.
void bind_text_or_null(statement& st, int index, std::string_view text) {
  if (text.empty()) {
    st.bind_null(index);
  } else {
    st.bind_view(index, text);
  }
}

stored_file source_from(const statement& s) {
  stored_file r;
  r.id = s.integer(0);
  s.read_columns(1, r.sha256, r.path, r.format, r.pts_version, r.title, r.run_date, r.imported_at);
  r.entries = s.integer(8);
  r.bytes = s.integer(9);
  return r;
}

constexpr std::string_view source_columns =
    "id, sha256, path, format, pts_version, title, run_date, imported_at, entries, bytes";

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

}  // namespace

std::unique_ptr<row_cursor> sqlite_rows::rows_of(std::string_view sql,
                                                 const std::vector<query_value>& values) {
  std::string text(sql);
  std::replace(text.begin(), text.end(), '$', '?');
  auto out = std::make_unique<sqlite_cursor>(db_, text);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const int index = static_cast<int>(i) + 1;
    if (const auto* number = std::get_if<std::int64_t>(&values[i])) {
      out->st().bind(index, *number);
      continue;
    }
    std::string list = "[";
    for (const auto id : std::get<std::vector<std::int64_t>>(values[i])) {
      if (list.size() > 1) list += ',';
      list += std::to_string(id);
    }
    out->st().bind(index, list + "]");
  }
  return out;
}

std::string sqlite_rows::one_of(std::string_view column, int parameter) const {
  return std::string(column) + " IN (SELECT value FROM json_each(?" + std::to_string(parameter) +
         "))";
}

// A read transaction: its first SELECT fixes what every later one sees (WAL mode).
void sqlite_rows::begin_snapshot() { db_.exec("BEGIN"); }

void sqlite_rows::end_snapshot() noexcept {
  try {
    db_.exec("COMMIT");
  } catch (const std::exception&) {
    // Nothing was written: a failed end leaves nothing to undo.
  }
}

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
      systems_{
          "systems", "system",
          "INSERT INTO systems (identity, label, \"group\", name, scheduler, kernel, hardware, "
          "software, json, kernel_version, kernel_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
          "?) ON CONFLICT (identity) DO NOTHING"},
      tests_{"tests", "test",
             "INSERT INTO tests (identity, title, version, description, arguments, unit, "
             "direction, test_profile, display_format) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON "
             "CONFLICT (identity) DO NOTHING"} {
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

std::unordered_set<std::string> sqlite_store::known_hashes() {
  std::unordered_set<std::string> out;
  statement s(db_, "SELECT sha256 FROM sources");
  while (s.step()) out.emplace(s.text(0));
  return out;
}

void sqlite_store::stored_once::commit() {
  committed.merge(pending);
  pending.clear();
}

template <class Bind>
std::int64_t sqlite_store::row_id(stored_once& rows, std::string identity, const Bind& bind) {
  if (auto it = rows.committed.find(identity); it != rows.committed.end()) return it->second;
  if (auto it = rows.pending.find(identity); it != rows.pending.end()) return it->second;
  if (!rows.insert) {
    rows.insert = std::make_unique<statement>(db_, rows.insert_sql);
    rows.find = std::make_unique<statement>(
        db_, "SELECT id FROM " + std::string(rows.table) + " WHERE identity = ?");
  }
  bind(*rows.insert);
  rows.insert->run();
  rows.find->bind(1, identity);
  if (!rows.find->step()) {
    throw error(error_kind::store, db_.path() + ": a " + std::string(rows.row) + " row vanished");
  }
  const auto id = rows.find->integer(0);
  rows.find->reset();
  rows.pending.emplace(std::move(identity), id);
  return id;
}

std::int64_t sqlite_store::system_id(const system& s, std::string identity) {
  return row_id(systems_, identity, [&](statement& insert) {
    const auto kernel = kernel_of(s);
    const auto version = parse_kernel_version(kernel);
    insert.bind_all(identity, s.label, s.group, s.name, s.scheduler, kernel,
                    fields_json(s.hardware), fields_json(s.software), s.json,
                    version ? version->text : std::string(),
                    version ? version->sort_key : std::string());
  });
}

std::int64_t sqlite_store::test_id(const result& r, std::string identity) {
  return row_id(tests_, identity, [&](statement& insert) {
    insert.bind_all(identity, r.title, r.version, r.description, r.arguments, r.unit,
                    to_string(r.direction), r.test_id, r.display_format.name());
  });
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
        db_,
        "INSERT INTO sources (sha256, path, format, pts_version, title, description, run_date, "
        "imported_at, bytes, entries, warnings) VALUES (?, ?, ?, ?, ?, ?, ?, "
        "strftime('%Y-%m-%d %H:%M:%S', 'now'), ?, ?, ?)");
    insert_source_system_ = std::make_unique<statement>(
        db_,
        "INSERT INTO source_systems (source_id, position, system_id, user, timestamp, "
        "client_version, notes, cost, baseline) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert_result_ = std::make_unique<statement>(
        db_,
        "INSERT INTO results (source_id, chart, position, system_id, test_id, value_text, "
        "value, kind, min, max, samples, standard_error, sample_count, failed, error, json, "
        "relative_deviation) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
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

  std::size_t entries = 0;
  for (const auto& r : file.results) entries += r.entries.size();
  const auto pts = pts_version_of(file);
  const auto date = file.run_date();
  insert_source_->bind(1, sha256).bind(2, path).bind(3, file.format);
  bind_text_or_null(*insert_source_, 4, pts);
  insert_source_->bind(5, file.title).bind(6, file.description);
  bind_text_or_null(*insert_source_, 7, date);
  insert_source_->bind(8, static_cast<std::int64_t>(bytes))
      .bind(9, static_cast<std::int64_t>(entries))
      .bind(10, static_cast<std::int64_t>(file.warnings.size()))
      .run();
  const auto source = db_.last_insert_rowid();

  // Entries name their system by label; the first system with that label is the one
  // (as result_file::find_system finds it), and a label no system has gets a row of its own.
  std::unordered_map<std::string_view, std::int64_t> by_label;
  for (std::size_t i = 0; i < file.systems.size(); ++i) {
    const auto& s = file.systems[i];
    const auto id = system_id(s, ids.systems[i]);
    by_label.try_emplace(s.label, id);
    insert_source_system_->bind(1, source)
        .bind(2, static_cast<std::int64_t>(i))
        .bind(3, id)
        .bind(4, s.user)
        .bind(5, s.timestamp)
        .bind(6, s.client_version)
        .bind(7, s.notes)
        .bind(8, s.cost)
        .bind(9, std::int64_t{s.baseline})
        .run();
  }
  std::deque<system> unnamed;  // kept in place: by_label holds views of their labels
  std::string samples;         // the runs joined, reused from entry to entry
  for (std::size_t c = 0; c < file.results.size(); ++c) {
    const auto& r = file.results[c];
    if (r.entries.empty()) continue;
    const auto test = test_id(r, ids.tests[c]);
    for (std::size_t p = 0; p < r.entries.size(); ++p) {
      const auto& e = r.entries[p];
      auto it = by_label.find(e.label);
      if (it == by_label.end()) {
        unnamed.push_back(make_system(e.label));
        it = by_label
                 .emplace(unnamed.back().label,
                          system_id(unnamed.back(), system_identity(unnamed.back())))
                 .first;
      }
      auto& ins = *insert_result_;
      samples.clear();
      for (const auto& sample : e.samples) {
        if (!samples.empty()) samples += ':';
        samples += sample;
      }
      ins.bind(1, source)
          .bind(2, static_cast<std::int64_t>(c))
          .bind(3, static_cast<std::int64_t>(p))
          .bind(4, it->second)
          .bind(5, test)
          .bind_view(6, e.value_text)
          .bind(7, e.value)
          .bind(8, to_string(e.kind))
          .bind(9, e.min)
          .bind(10, e.max);
      bind_text_or_null(ins, 11, samples);
      ins.bind(12, e.standard_error);
      if (e.sample_count) {
        ins.bind(13, static_cast<std::int64_t>(*e.sample_count));
      } else {
        ins.bind_null(13);
      }
      ins.bind(14, std::int64_t{e.kind == entry_kind::failed});
      bind_text_or_null(ins, 15, e.error);
      bind_text_or_null(ins, 16, e.json);
      ins.bind(17, e.relative_deviation);
      ins.run();
    }
  }
  tx.commit();
  systems_.commit();
  tests_.commit();
  return {true, {}, source};
}

store_summary sqlite_store::summarize() {
  store_summary s;
  s.files = db_.query_integer("SELECT count(*) FROM sources");
  s.systems = db_.query_integer("SELECT count(*) FROM systems");
  s.tests = db_.query_integer("SELECT count(*) FROM tests");
  s.entries = db_.query_integer("SELECT count(*) FROM results");
  statement k(db_,
              "SELECT kernel_version FROM systems WHERE kernel_key != '' GROUP BY kernel_key, "
              "kernel_version ORDER BY kernel_key");
  while (k.step()) {
    std::string v(k.text(0));
    if (s.kernels.empty() || s.kernels.back() != v) s.kernels.push_back(std::move(v));
  }
  // Normalized here, not in SQL: a database imported by an older iosr holds PTS 0.1's
  // `April 4, 2008 02:51 PM` as written, which neither sorts nor cuts as a date.
  statement d(db_, "SELECT run_date FROM sources WHERE run_date IS NOT NULL");
  while (d.step()) {
    auto date = normalized_timestamp(d.text(0));
    if (s.first_date.empty() || date < s.first_date) s.first_date = date;
    if (s.last_date.empty() || date > s.last_date) s.last_date = date;
  }

  return s;
}

std::vector<stored_file> sqlite_store::files() {
  std::vector<stored_file> out;
  statement s(db_, "SELECT " + std::string(source_columns) + " FROM sources ORDER BY id");
  while (s.step()) out.push_back(source_from(s));
  return out;
}

std::vector<stored_file> sqlite_store::find_files(const std::string& spec) {
  std::vector<stored_file> out;
  statement by_path(
      db_, "SELECT " + std::string(source_columns) + " FROM sources WHERE path = ? ORDER BY id");
  by_path.bind(1, spec);
  while (by_path.step()) out.push_back(source_from(by_path));
  if (!out.empty()) return out;
  const bool hex =
      !spec.empty() && spec.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos;
  if (!hex) return out;
  std::string prefix = spec;
  for (auto& ch : prefix) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  // substr, not LIKE or GLOB: a prefix is matched as the bytes it is.
  statement by_sha(db_, "SELECT " + std::string(source_columns) +
                            " FROM sources WHERE substr(sha256, 1, ?) = ? ORDER BY id");
  by_sha.bind(1, static_cast<std::int64_t>(prefix.size())).bind(2, prefix);
  while (by_sha.step()) out.push_back(source_from(by_sha));
  return out;
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

void sqlite_store::for_each_file(const test_filter& filter,
                                 const std::function<void(result_file&&)>& take) {
  std::vector<std::int64_t> ids;
  {
    statement s(db_, "SELECT id FROM sources ORDER BY id");
    while (s.step()) ids.push_back(s.integer(0));
  }
  for_each_file(ids, filter, take);
}

void sqlite_store::for_each_file(const std::vector<std::int64_t>& ids, const test_filter& filter,
                                 const std::function<void(result_file&&)>& take) {
  sqlite_rows db(db_);
  const int v = version();
  for (const auto id : ids) {
    result_file f;
    if (read_stored_file(db, v, id, filter, f)) take(std::move(f));
  }
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

std::vector<stored_file> sqlite_store::select_files_now(const file_query& query) {
  const auto kernels = kernel_key_range_of(query);
  // What SQL cannot tell, told here: the tests the filter keeps and the systems on the machine
  // asked for (the trend's machine names), as ids bound in one JSON array each.
  std::vector<std::int64_t> tests, machines;
  if (!query.tests.empty()) {
    statement t(db_, "SELECT id, title, description FROM tests ORDER BY id");
    std::string title, description;
    while (t.step()) {
      t.read_columns(1, title, description);
      if (query.tests.matches(title, description)) tests.push_back(t.integer(0));
    }
    if (tests.empty()) return {};
  }
  if (!query.machine.empty()) {
    std::vector<std::pair<std::int64_t, std::string>> systems;
    statement m(db_, "SELECT id, hardware FROM systems ORDER BY id");
    while (m.step()) systems.emplace_back(m.integer(0), m.text(1));
    machines = systems_on_machine(systems, query);
  }
  // The day a trend by date gives each file's system: normalized here, as the trend does.
  std::vector<std::int64_t> dated;
  if (!query.date.empty()) {
    check_day(query);
    statement d(db_,
                "SELECT ss.source_id, ss.system_id, ss.timestamp, so.run_date FROM source_systems "
                "ss JOIN sources so ON so.id = ss.source_id");
    while (d.step()) {
      if (on_query_day(d.text(2), d.text(3), query)) {
        dated.push_back(file_system_key(d.integer(0), d.integer(1)));
      }
    }
  }
  const auto test_ids = json_id_array(tests), machine_ids = json_id_array(machines);
  const auto dated_ids = json_id_array(dated);
  // Every condition is always in the statement, switched off by an empty value, so that one
  // statement serves every query and every value is bound. instr(), not LIKE: the text is
  // matched as the bytes it is, '%' and '_' included. The kernel keys compare as bytes
  // (SQLite's BINARY collation). The files are put in order first (a materialized CTE, which
  // SQLite scans in that order) and tested one by one until the page is full: ordering after
  // the tests ran them on every file, 110 ms instead of 7 for a test filter over 1,000,000
  // entries.
  statement s(
      db_,
      "WITH so AS MATERIALIZED (SELECT " + std::string(source_columns) +
          " FROM sources WHERE ?1 = '' OR instr(path, ?1) > 0 OR instr(title, ?1) > 0 "
          "ORDER BY run_date IS NULL, run_date DESC, id DESC) SELECT * FROM so WHERE (?2 = '' "
          "AND ?3 = '' AND ?4 = '' AND ?7 = '' AND ?8 = '' AND ?12 = '' OR EXISTS (SELECT 1 FROM "
          "source_systems ss JOIN systems sy ON sy.id = ss.system_id WHERE ss.source_id = "
          "so.id AND (?2 = '' OR sy.label = ?2 OR sy.name = ?2 OR sy.id IN (SELECT value FROM "
          "json_each(?9))) AND (?3 = '' OR sy.kernel_version = ?3) AND (?4 = '' OR "
          "sy.scheduler = ?4) AND (?7 = '' OR sy.kernel_key >= ?7) AND (?8 = '' OR "
          "sy.kernel_key != '' AND sy.kernel_key <= ?8) AND (?12 = '' OR ss.source_id * "
          "4294967296 + ss.system_id IN (SELECT value FROM json_each(?13))))) AND (?10 = 0 OR "
          "EXISTS (SELECT 1 "
          "FROM results r WHERE r.source_id = so.id AND r.test_id IN (SELECT value FROM "
          "json_each(?11)))) LIMIT ?5 OFFSET ?6");
  s.bind(1, query.text).bind(2, query.machine).bind(3, query.kernel).bind(4, query.scheduler);
  s.bind(5, query.limit == 0 ? std::int64_t{-1} : static_cast<std::int64_t>(query.limit));
  s.bind(6, static_cast<std::int64_t>(query.offset));
  s.bind(7, kernels.lower).bind(8, kernels.upper).bind(9, machine_ids);
  s.bind(10, std::int64_t{query.tests.empty() ? 0 : 1}).bind(11, test_ids);
  s.bind(12, query.date).bind(13, dated_ids);
  std::vector<stored_file> out;
  while (s.step()) out.push_back(source_from(s));
  return out;
}

std::vector<system> sqlite_store::systems_of(std::int64_t id) {
  statement s(db_,
              "SELECT sy.label, sy.\"group\", sy.name, sy.scheduler, sy.kernel, sy.hardware FROM "
              "source_systems ss JOIN systems sy ON sy.id = ss.system_id WHERE ss.source_id = ? "
              "ORDER BY ss.position");
  s.bind(1, id);
  std::vector<system> out;
  while (s.step()) {
    system row;
    s.read_columns(0, row.label, row.group, row.name, row.scheduler);
    if (!s.text(4).empty()) row.software.push_back({"Kernel", std::string(s.text(4))});
    row.hardware = fields_from_json(s.text(5));
    out.push_back(std::move(row));
  }
  return out;
}

std::vector<std::size_t> sqlite_store::count_files_on(const std::vector<std::string>& machines) {
  statement s(db_,
              "SELECT ss.source_id, sy.label, sy.name, sy.hardware FROM source_systems ss JOIN "
              "systems sy ON sy.id = ss.system_id");
  std::vector<file_system_row> rows;
  while (s.step()) {
    auto& row = rows.emplace_back();
    row.source_id = s.integer(0);
    s.read_columns(1, row.label, row.name, row.hardware);
  }
  return count_files_on_machines(rows, machines);
}

// SQLite gives a removed row's id again (the largest id plus one, without AUTOINCREMENT), so
// no count or largest id tells every change: the generation is the SHA-256 of every file's,
// system's and test's id and identity, which is what the entries hang on (an entry's values
// are its file's bytes, named by their SHA-256). That is read again only when the file has
// changed since, as data_version (another connection's commits) and total_changes (this one's)
// tell: otherwise two PRAGMAs. Read data_version first, so that the value is never newer than
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
  generation_ = {version, changes, "sqlite " + sha256_hex(ids)};
  return generation_.value;
}

trend_input sqlite_store::load_trend_input(const trend_query& query) {
  sqlite_rows db(db_);
  return read_trend_input(db, query);
}

}  // namespace iosr::db
