// SPDX-License-Identifier: MIT
// What both backends' select_files compute outside SQL for a file_query (iosr/store.hpp): the
// kernel range as sort keys, and the tests and machines as ids, which SQL cannot tell (a
// regular expression, the trend's machine names), bound to the statement as one array value.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/model.hpp"
#include "iosr/store.hpp"

namespace iosr::db {

/// A kernel range as kernel_version::sort_key bounds: a system's key k is in it when
/// `lower <= k && k <= upper`, byte-wise (empty: that side open; a system without a parsed
/// kernel, key "", is in no range that has a bound).
struct kernel_key_range {
  std::string lower, upper;
  bool any() const { return !lower.empty() || !upper.empty(); }
};

/// The range of file_query::kernel_from and kernel_to. A bound takes the whole of what it names:
/// `6.8` is 6.8-rc1 to every 6.8.N, `6.8.2` its own commits after the tag too, `6.8-rc3` that
/// candidate. Throws iosr::error (usage) naming a bound that is not a kernel version.
kernel_key_range kernel_key_range_of(const file_query& query);

/// Checks file_query::date: throws iosr::error (usage) naming it unless it is `YYYY-MM-DD`.
void check_day(const file_query& query);
/// Whether a system with `timestamp` in a file of `run_date` ran on file_query::date's day.
bool on_query_day(std::string_view timestamp, std::string_view run_date, const file_query& query);
/// A file's system as one number (`source_id << 32 | system_id`), as SQL computes it too.
inline std::int64_t file_system_key(std::int64_t source_id, std::int64_t system_id) {
  return source_id * 4294967296 + system_id;
}

/// The systems on the machine file_query::machine names, of `systems` (id, hardware as stored):
/// those whose machine name (as the trend names machines) is it, in any case, when some machine
/// has that whole name (a trend point's link: `…, 1000GB Samsung SSD 980 PRO` is not
/// `…, 1000GB Samsung SSD 980 PRO 1TB`); else those whose name has it in it.
std::vector<std::int64_t> systems_on_machine(
    const std::vector<std::pair<std::int64_t, std::string>>& systems, const file_query& query);

/// A file's system as count_files_on_machines reads it: the file, the system's label, name and
/// hardware as stored.
struct file_system_row {
  std::int64_t source_id = 0;
  std::string label, name, hardware;
};

/// store::count_files_on from every file's systems, read in one query: per machine, the files
/// that have a system labelled or named so, or on that machine (systems_on_machine's rule).
std::vector<std::size_t> count_files_on_machines(const std::vector<file_system_row>& rows,
                                                 const std::vector<std::string>& machines);

/// `[1,2,3]`: ids as one bound value for SQLite's json_each.
std::string json_id_array(const std::vector<std::int64_t>& ids);
/// `{1,2,3}`: ids as one bound value of a PostgreSQL bigint[].
std::string pg_id_array(const std::vector<std::int64_t>& ids);

}  // namespace iosr::db
