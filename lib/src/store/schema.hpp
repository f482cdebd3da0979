// SPDX-License-Identifier: MIT
// The database layout (docs/db.md): version 0's tables, and the migrations from each version
// to the next, applied in order when a database is opened.
#pragma once

#include <string>

#include "store/sqlite.hpp"

namespace iosr::db {

/// The version this iosr writes (`PRAGMA user_version`).
inline constexpr int schema_version = 4;

/// Brings the database to schema_version in one transaction: creates version 0's tables in an
/// empty database, then runs each migration. Throws sqlite_error, and iosr::error (store) for a
/// database of a newer version or one that is not iosr's.
void migrate(connection& db);
/// Throws iosr::error (store) unless `db` is an iosr database at this iosr's version: what a
/// read-only store checks instead of migrating.
void check_version(connection& db);

/// Version schema_version's tables in PostgreSQL's words: the same text as SQLite's steps, each
/// type said as PostgreSQL says it, so that the layout is described once.
std::string postgresql_tables();
/// What brings a PostgreSQL store of version 1 to version 2: the index results_by_system, and
/// results' foreign keys to systems and tests dropped (PostgreSQL's alone; see schema.cpp).
std::string postgresql_migration_to_2();
/// ... and from version 2 to 3: that index dropped again, source_systems_by_system made, and
/// results' foreign key to sources dropped (see schema.cpp).
std::string postgresql_migration_to_3();
/// ... and from version 3 to 4: results' relative_deviation, source_systems' baseline, and the
/// tidy view with both (see schema.cpp).
std::string postgresql_migration_to_4();

}  // namespace iosr::db
