// SPDX-License-Identifier: MIT
// The store read back (reading.hpp), the same SQL and the same steps for every backend.
#include "store/reading.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "iosr/match.hpp"
#include "store/rows.hpp"
#include "strings.hpp"

namespace iosr::db {

bool read_stored_file(row_source& db, int version, std::int64_t id, const test_filter& filter,
                      result_file& f) {
  // Version 4 added the LKP robot's `± N%` (results.relative_deviation) and its parent commit
  // (source_systems.baseline); an older store read as it is gives neither.
  const bool has_v4 = version >= 4;
  const std::vector<query_value> by_id{id};
  {
    auto source =
        db.rows_of("SELECT path, format, title, description FROM sources WHERE id = $1", by_id);
    if (!source->next()) return false;
    f.source_name = source->text(0);
    f.format = source->text(1);
    f.title = source->text(2);
    f.description = source->text(3);
  }
  {
    auto rows = db.rows_of(
        std::string("SELECT sy.label, sy.\"group\", sy.name, sy.scheduler, sy.hardware, "
                    "sy.software, sy.json, ss.\"user\", ss.timestamp, ss.client_version, "
                    "ss.notes, ss.cost, ") +
            (has_v4 ? "ss.baseline" : "0") +
            " FROM source_systems ss JOIN systems sy ON sy.id = ss.system_id WHERE "
            "ss.source_id = $1 ORDER BY ss.position",
        by_id);
    while (rows->next()) {
      system s;
      s.label = rows->text(0);
      s.group = rows->text(1);
      s.name = rows->text(2);
      s.scheduler = rows->text(3);
      s.hardware = fields_from_json(rows->text(4));
      s.software = fields_from_json(rows->text(5));
      s.json = rows->text(6);
      s.user = rows->text(7);
      s.timestamp = rows->text(8);
      s.client_version = rows->text(9);
      s.notes = rows->text(10);
      s.cost = rows->text(11);
      s.baseline = rows->integer(12) != 0;
      f.systems.push_back(std::move(s));
    }
  }
  auto rows = db.rows_of(
      "SELECT r.chart, t.title, t.version, t.description, t.arguments, t.unit, t.direction, "
      "t.test_profile, t.display_format, sy.label, r.value_text, r.value, r.kind, r.min, r.max, "
      "r.samples, r.standard_error, r.sample_count, r.error, r.json, " +
          std::string(has_v4 ? "r.relative_deviation" : "NULL") +
          " FROM results r JOIN tests t ON t.id = r.test_id JOIN systems sy ON sy.id = "
          "r.system_id WHERE r.source_id = $1 ORDER BY r.chart, r.position",
      by_id);
  std::int64_t chart = -1;
  bool keep = false;
  while (rows->next()) {
    if (rows->integer(0) != chart) {
      chart = rows->integer(0);
      result r;
      r.title = rows->text(1);
      r.version = rows->text(2);
      r.description = rows->text(3);
      r.arguments = rows->text(4);
      r.unit = rows->text(5);
      r.direction = direction_from(rows->text(6));
      r.test_id = rows->text(7);
      r.display_format = display_format::from_name(rows->text(8));
      keep = filter.matches(r.title, r.description);
      if (keep) f.results.push_back(std::move(r));
    }
    if (!keep) continue;
    entry e;
    e.label = rows->text(9);
    e.value_text = rows->text(10);
    e.value = rows->optional_real(11);
    e.kind = kind_from(rows->text(12));
    e.min = rows->optional_real(13);
    e.max = rows->optional_real(14);
    if (!rows->is_null(15)) e.samples = split_samples(rows->text(15));
    e.standard_error = rows->optional_real(16);
    if (!rows->is_null(17)) e.sample_count = static_cast<std::size_t>(rows->integer(17));
    e.error = rows->text(18);
    e.json = rows->text(19);
    e.relative_deviation = rows->optional_real(20);
    f.results.back().entries.push_back(std::move(e));
  }
  return true;
}

namespace {

// A system as it ran in one file: the key of the maps below.
std::uint64_t pair_key(std::int64_t source, std::int64_t system_row) {
  return (static_cast<std::uint64_t>(source) << 32) | static_cast<std::uint32_t>(system_row);
}

}  // namespace

namespace {

// read_trend_input, its entries read by the backend's own for_each_run, else (`ordered`) by the
// shared one.
trend_input read_trend(row_source& db, const trend_query& query, bool ordered) {
  read_snapshot snapshot(db);
  trend_input_builder in;
  std::unordered_map<std::int64_t, std::size_t> system_index, test_index;
  // The machines' systems, when some are chosen; `everywhere` when one of them may have
  // entries in a file that does not list it (a label no system of that file has is stored as a
  // system of its own, without hardware): then their entries are looked for in every file.
  // Every system is given to the trend, so that it numbers the machines as it would with
  // every entry (trend_machine::number: their order among all); only the chosen ones' entries
  // are read.
  std::vector<std::int64_t> chosen;
  bool everywhere = false;
  {
    auto rows = db.rows_of(
        "SELECT id, label, \"group\", name, scheduler, kernel, hardware FROM systems ORDER BY id",
        {});
    struct stored_system {
      std::int64_t id;
      system row;
      std::size_t machine;  // its machine's number, from 1, in the order the trend numbers them
    };
    std::vector<stored_system> systems;
    std::map<std::vector<std::pair<std::string, std::string>>, std::size_t> machines;
    std::vector<std::string> machine_texts;  // each machine's name and hardware, lowercase
    // Each hardware text parsed, and its machine told, once: a fleet's thousands of systems
    // ran on a few machines (4,000 systems of 20 in the 1M-entry store, whose JSON parsing was
    // a seventh of a 100k-entry trend's instructions).
    struct parsed_hardware {
      std::vector<field> fields;
      trend_machine machine;
    };
    std::unordered_map<std::string, parsed_hardware> parsed;
    while (rows->next()) {
      stored_system s{rows->integer(0), {}, 0};
      auto& row = s.row;
      auto [hardware, first] = parsed.try_emplace(std::string(rows->text(6)));
      if (first) {
        hardware->second.fields = fields_from_json(hardware->first);
        hardware->second.machine = machine_of(hardware->second.fields);
      }
      row.hardware = hardware->second.fields;
      row.label = rows->text(1);
      row.group = rows->text(2);
      row.name = rows->text(3);
      row.scheduler = rows->text(4);
      if (!rows->text(5).empty()) row.software.push_back({"Kernel", std::string(rows->text(5))});
      const auto& machine = hardware->second.machine;
      std::vector<std::pair<std::string, std::string>> key;
      for (const auto& f : machine.hardware) key.emplace_back(f.key, f.value);
      auto [it, added] = machines.try_emplace(std::move(key), machines.size() + 1);
      if (added) {
        // What a part of a name may match: the name, and every hardware field (alike machines
        // are told apart by fields their names lack), so that the choice here holds at least
        // the machines the trend then chooses exactly.
        std::string text = machine.name;
        for (const auto& f : row.hardware) text += "\n" + f.value;
        machine_texts.push_back(detail::ascii_lower(text));
      }
      s.machine = it->second;
      systems.push_back(std::move(s));
    }
    const auto count = machines.size();
    auto wanted = [&](std::size_t machine) {
      return std::any_of(query.machines.begin(), query.machines.end(), [&](const std::string& w) {
        return names_machine(w, machine, count, machine_texts[machine - 1]);
      });
    };
    for (const auto& s : systems) {
      if (!query.machines.empty() && wanted(s.machine)) {
        chosen.push_back(s.id);
        if (s.row.hardware.empty()) everywhere = true;
      }
      system_index.emplace(s.id, in.add_system(s.row));
    }
  }
  std::vector<std::int64_t> kept_tests;
  std::size_t all_tests = 0;
  {
    auto rows = db.rows_of(
        "SELECT id, title, version, description, unit, direction FROM tests ORDER BY id", {});
    while (rows->next()) {
      ++all_tests;
      test_fields chart;
      chart.direction = direction_from(rows->text(5));
      if (chart.direction == direction::none) continue;
      std::string title(rows->text(1)), description(rows->text(3));
      if (!query.filter.matches(title, description)) continue;
      chart.title = std::move(title);
      chart.version = rows->text(2);
      chart.description = std::move(description);
      chart.unit = rows->text(4);
      kept_tests.push_back(rows->integer(0));
      test_index.emplace(rows->integer(0), in.add_test(chart));
    }
  }
  // A system's timestamp in each file, and each file's date: what dates the system there.
  std::unordered_map<std::int64_t, std::string> source_date;
  std::unordered_map<std::uint64_t, std::string> system_timestamp;
  std::unordered_set<std::int64_t> chosen_set(chosen.begin(), chosen.end());
  std::vector<std::int64_t> chosen_sources;
  {
    auto dates = db.rows_of("SELECT id, run_date FROM sources WHERE run_date IS NOT NULL", {});
    while (dates->next()) source_date.emplace(dates->integer(0), dates->text(1));
    auto links = db.rows_of(
        "SELECT source_id, system_id, timestamp FROM source_systems ORDER BY source_id, position",
        {});
    while (links->next()) {
      const auto source = links->integer(0), system_row = links->integer(1);
      if (!links->text(2).empty()) {
        system_timestamp.try_emplace(pair_key(source, system_row), links->text(2));
      }
      if (chosen_set.contains(system_row) &&
          (chosen_sources.empty() || chosen_sources.back() != source)) {
        chosen_sources.push_back(source);
      }
    }
  }
  // Only the entries wanted are read: of the chosen machines' files (through the primary key,
  // which begins with source_id) and systems, of the tests kept. In the primary key's order,
  // so that every backend gives the trend the runs in the same order.
  std::string conditions;
  std::vector<query_value> values;
  auto condition = [&](const std::string& sql) {
    conditions += (conditions.empty() ? "" : " AND ") + sql;
  };
  if (!query.machines.empty()) {
    if (!everywhere) {
      values.emplace_back(std::move(chosen_sources));
      condition(db.one_of("source_id", static_cast<int>(values.size())));
    }
    values.emplace_back(chosen);
    condition(db.one_of("system_id", static_cast<int>(values.size())));
  }
  if (kept_tests.size() < all_tests) {
    values.emplace_back(std::move(kept_tests));
    condition(db.one_of("test_id", static_cast<int>(values.size())));
  }
  // Room for every entry of the files read, once: the files' entry counts bound the runs, and
  // the room a bound leaves unused is never touched (never in memory). With a --filter, which
  // keeps a few tests' entries, the runs grow as they come instead.
  if (query.filter.empty()) {
    std::string count = "SELECT sum(entries) FROM sources";
    std::vector<query_value> files;
    if (!query.machines.empty() && !everywhere) {
      files.emplace_back(values.front());
      count += " WHERE " + db.one_of("id", 1);
    }
    auto total = db.rows_of(count, files);
    if (total->next() && !total->is_null(0) && total->integer(0) > 0) {
      in.reserve_runs(static_cast<std::size_t>(total->integer(0)));
    }
  }
  std::unordered_map<std::uint64_t, std::size_t> dated;  // (source, system) -> dated system
  std::int64_t last_test = -1, last_system = -1, last_source = -1;
  std::size_t test = 0, sys = 0;
  bool keep = false;
  auto take = [&](const run_row& run) {
    if (run.test != last_test) {
      last_test = run.test;
      auto it = test_index.find(run.test);
      keep = it != test_index.end();
      if (keep) test = it->second;
    }
    if (!keep) return;
    if (run.system != last_system || run.source != last_source) {
      last_system = run.system;
      last_source = run.source;
      const auto key = pair_key(run.source, run.system);
      auto [it, first] = dated.try_emplace(key, 0);
      if (first) {
        const auto ts = system_timestamp.find(key);
        const auto sd = source_date.find(run.source);
        it->second = in.date_system(
            system_index.at(run.system),
            ts != system_timestamp.end() ? std::string_view(ts->second) : std::string_view(),
            sd != source_date.end() ? std::string_view(sd->second) : std::string_view());
      }
      sys = it->second;
    }
    // The runs' noise of each value, which the trend's steps weigh the points by.
    in.add_run(sys, test, run.value, run.standard_error,
               static_cast<std::size_t>(run.sample_count));
  };
  if (ordered) {
    db.row_source::for_each_run(conditions, values, take);
  } else {
    db.for_each_run(conditions, values, take);
  }
  return std::move(in).finish();
}

}  // namespace

void row_source::for_each_run(const std::string& conditions, const std::vector<query_value>& values,
                              const std::function<void(const run_row&)>& take) {
  auto rows = stream_of(
      "SELECT source_id, system_id, test_id, value, standard_error, sample_count FROM results "
      "WHERE value IS NOT NULL AND kind IN ('number', 'series')" +
          (conditions.empty() ? std::string() : " AND " + conditions) +
          " ORDER BY source_id, chart, position",
      values);
  run_row run;
  while (rows->next()) {
    run.source = rows->integer(0);
    run.system = rows->integer(1);
    run.test = rows->integer(2);
    run.value = *rows->optional_real(3);
    run.standard_error = rows->optional_real(4).value_or(0);
    run.sample_count = rows->is_null(5) ? 0 : rows->integer(5);
    take(run);
  }
}

trend_input read_trend_input(row_source& db, const trend_query& query) {
  try {
    return read_trend(db, query, false);
  } catch (const runs_out_of_order&) {
    // From the start: the runs handed on so far, and the systems they dated, are dropped with
    // that reading's input.
    return read_trend(db, query, true);
  }
}

}  // namespace iosr::db
