// SPDX-License-Identifier: MIT
// Version 0's tables and the migrations. A new database is created as version 0 and migrated
// like any old one, so every migration runs on every new database, not only on old files.
#include "store/schema.hpp"

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iosr/error.hpp"
#include "iosr/trend.hpp"

namespace iosr::db {

namespace {

// Version 0: the files, the systems and tests they share, and one row per entry.
constexpr const char* version_0 = R"sql(
CREATE TABLE sources (
  id INTEGER PRIMARY KEY,
  sha256 TEXT NOT NULL UNIQUE,
  path TEXT NOT NULL,
  format TEXT NOT NULL,
  pts_version TEXT,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  run_date TEXT,
  imported_at TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  entries INTEGER NOT NULL,
  warnings INTEGER NOT NULL
);
CREATE TABLE systems (
  id INTEGER PRIMARY KEY,
  identity TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  "group" TEXT NOT NULL,
  name TEXT NOT NULL,
  scheduler TEXT NOT NULL,
  kernel TEXT NOT NULL,
  hardware TEXT NOT NULL,
  software TEXT NOT NULL,
  json TEXT NOT NULL
);
CREATE TABLE source_systems (
  source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  system_id INTEGER NOT NULL REFERENCES systems(id),
  "user" TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  client_version TEXT NOT NULL,
  notes TEXT NOT NULL,
  cost TEXT NOT NULL,
  PRIMARY KEY (source_id, position)
) WITHOUT ROWID;
CREATE TABLE tests (
  id INTEGER PRIMARY KEY,
  identity TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  version TEXT NOT NULL,
  description TEXT NOT NULL,
  arguments TEXT NOT NULL,
  unit TEXT NOT NULL,
  direction TEXT NOT NULL,
  test_profile TEXT NOT NULL,
  display_format TEXT NOT NULL
);
CREATE TABLE results (
  source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
  chart INTEGER NOT NULL,
  position INTEGER NOT NULL,
  system_id INTEGER NOT NULL REFERENCES systems(id),
  test_id INTEGER NOT NULL REFERENCES tests(id),
  value_text TEXT NOT NULL,
  value REAL,
  kind TEXT NOT NULL,
  min REAL,
  max REAL,
  samples TEXT,
  standard_error REAL,
  sample_count INTEGER,
  failed INTEGER NOT NULL,
  error TEXT,
  json TEXT,
  PRIMARY KEY (source_id, chart, position)
) WITHOUT ROWID;
)sql";

// Version 1: each system's kernel parsed (its series point and sort key, which SQL cannot
// compute). Version 1 also made the first tidy view; version 4 drops it and makes today's, and a
// store is always migrated to the newest version in one transaction, so that view is no longer
// made here: stores made at versions 1 to 3 have it, and version 4 replaces it.
constexpr const char* version_1 = R"sql(
ALTER TABLE systems ADD COLUMN kernel_version TEXT NOT NULL DEFAULT '';
ALTER TABLE systems ADD COLUMN kernel_key TEXT NOT NULL DEFAULT '';
)sql";

// Version 2: each entry found by its system, so that a trend of some machines reads their
// entries only (store::load_trend_input with trend_query::machines).
constexpr const char* version_2 = R"sql(
CREATE INDEX results_by_system ON results (system_id);
)sql";

// Version 3: the index of version 2 dropped again. Entries are stored in their file's order
// (the primary key begins with source_id), and a machine's entries are in its own files: a
// trend of some machines reads those files' entries through the primary key, which costs less
// than an index that every import had to keep (it took 40% of an import's time on SQLite). A
// system's files are found through source_systems_by_system, a small table's index.
constexpr const char* version_3 = R"sql(
DROP INDEX IF EXISTS results_by_system;
CREATE INDEX source_systems_by_system ON source_systems (system_id);
)sql";

// Version 4: what the model holds beyond PTS's fields: an entry's relative deviation (an LKP
// report's `± 7%`: 7; NULL when the input gives none) and whether the file names a system its
// baseline (a report's first commit, the parent). The baseline belongs to the file, not to the
// system (another file may compare the same kernel against an older one), so it is a column of
// source_systems. The tidy view gains both, at its end, as the tidy CSV does (docs/csv.md);
// rows of older files read NULL and 0.
constexpr const char* version_4 = R"sql(
ALTER TABLE results ADD COLUMN relative_deviation REAL;
ALTER TABLE source_systems ADD COLUMN baseline INTEGER NOT NULL DEFAULT 0;
DROP VIEW IF EXISTS tidy;
CREATE VIEW tidy AS
SELECT so.path AS file, t.title AS result_title, t.version, t.description, t.unit, t.direction,
       sy.label, sy."group", sy.name, sy.scheduler, r.value_text AS value, r.kind, r.samples,
       r.standard_error, r.sample_count, t.test_profile AS test_id, t.display_format, r.error,
       t.arguments, r.value AS numeric_value, r.min, r.max,
       so.id AS source_id, r.chart, r.position, sy.kernel_version, so.run_date,
       r.relative_deviation,
       (SELECT max(ss.baseline) FROM source_systems ss
        WHERE ss.source_id = r.source_id AND ss.system_id = r.system_id) AS baseline
FROM results r
JOIN sources so ON so.id = r.source_id
JOIN systems sy ON sy.id = r.system_id
JOIN tests t ON t.id = r.test_id
ORDER BY r.source_id, r.chart, r.position;
)sql";

void migrate_to_1(connection& db) {
  db.exec(version_1);
  statement rows(db, "SELECT id, kernel FROM systems");
  statement update(db, "UPDATE systems SET kernel_version = ?, kernel_key = ? WHERE id = ?");
  std::vector<std::pair<std::int64_t, std::string>> kernels;
  while (rows.step()) kernels.emplace_back(rows.integer(0), std::string(rows.text(1)));
  for (const auto& [id, kernel] : kernels) {
    auto v = parse_kernel_version(kernel);
    if (!v) continue;
    update.bind(1, v->text).bind(2, v->sort_key).bind(3, id).run();
  }
}

}  // namespace

// PostgreSQL's version 3 also drops results' foreign key to sources, for the same reason as
// version 2's: an import writes the id of the file row it has just added, in its transaction.
constexpr const char* postgresql_version_3 = R"sql(
ALTER TABLE results DROP CONSTRAINT IF EXISTS results_source_id_fkey;
)sql";

// PostgreSQL's version 2 also drops results' foreign keys to systems and tests: checked per
// entry by the server they took half an import's time, and the store writes only ids it has
// just read, under a lock that keeps `remove` out (pg_store.cpp, import_lock).
constexpr const char* postgresql_version_2 = R"sql(
ALTER TABLE results DROP CONSTRAINT IF EXISTS results_system_id_fkey;
ALTER TABLE results DROP CONSTRAINT IF EXISTS results_test_id_fkey;
)sql";

std::string postgresql_migration_to_2() {
  return std::string(version_2) + postgresql_version_2;
}

std::string postgresql_migration_to_3() {
  return std::string(version_3) + postgresql_version_3;
}

std::string postgresql_migration_to_4() {
  std::string sql = version_4;
  // PostgreSQL's words for SQLite's (as postgresql_tables() says them).
  using words = std::pair<std::string_view, std::string_view>;
  for (auto [from, to] : {words{" REAL", " DOUBLE PRECISION"}, words{" INTEGER", " BIGINT"}}) {
    for (auto p = sql.find(from); p != std::string::npos; p = sql.find(from, p + to.size())) {
      sql.replace(p, from.size(), to);
    }
  }
  return sql;
}

std::string postgresql_tables() {
  // SQLite's words for the same columns, in PostgreSQL's: ids that PostgreSQL numbers, 64-bit
  // integers, doubles, and no WITHOUT ROWID (every PostgreSQL table is a heap).
  std::string sql = std::string(version_0) + version_1 + version_2 + postgresql_version_2 +
                    version_3 + postgresql_version_3 + version_4;
  auto replace_all = [&](std::string_view from, std::string_view to) {
    for (auto p = sql.find(from); p != std::string::npos; p = sql.find(from, p + to.size())) {
      sql.replace(p, from.size(), to);
    }
  };
  replace_all("INTEGER PRIMARY KEY", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY");
  replace_all(" INTEGER", " BIGINT");
  replace_all(" REAL", " DOUBLE PRECISION");
  replace_all(") WITHOUT ROWID;", ");");
  return sql;
}

void check_version(connection& db) {
  const auto version = db.query_integer("PRAGMA user_version");
  if (version == schema_version) return;
  throw error(error_kind::store,
              db.path() + ": database version " + std::to_string(version) + ", not " +
                  std::to_string(schema_version) +
                  "; expected a database at this iosr's version (opened read-only, it is not "
                  "migrated: 'iosr db list' migrates it, a newer one needs a newer iosr)");
}

void migrate(connection& db) {
  // A current database is left alone without taking the write lock, so that a reader (list,
  // export, trend) never waits for an import's transaction.
  if (db.query_integer("PRAGMA user_version") == schema_version) return;
  transaction tx(db);
  // Read again under the lock: another process may have migrated it meanwhile.
  auto version = db.query_integer("PRAGMA user_version");
  const bool empty = db.query_integer("SELECT count(*) FROM sqlite_schema") == 0;
  const bool ours = db.query_integer(
                        "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN "
                        "('sources', 'systems', 'tests', 'results')") == 4;
  if (version > schema_version) {
    throw error(error_kind::store, db.path() + ": database version " + std::to_string(version) +
                                       " is newer than this iosr's (" +
                                       std::to_string(schema_version) + "); use a newer iosr");
  }
  if (version == schema_version) return;
  if (empty) {
    db.exec(version_0);
  } else if (!ours) {
    throw error(error_kind::store,
                db.path() +
                    ": not an iosr database (no sources, systems, tests and results "
                    "tables); expected a file made by 'iosr db import'");
  }
  if (version < 1) migrate_to_1(db);
  if (version < 2) db.exec(version_2);
  if (version < 3) db.exec(version_3);
  if (version < 4) db.exec(version_4);
  db.exec("PRAGMA user_version = " + std::to_string(schema_version));
  tx.commit();
}

}  // namespace iosr::db
