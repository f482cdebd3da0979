// SPDX-License-Identifier: MIT
// PTS's JSON export: the composite.xml facts as one object. `systems` is keyed by identifier,
// `results` by identity hash and each result's `results` by entry identifier; empty fields
// are left out, and numbers are JSON numbers (PHP writes 1304.00 as 1304).
#include "input/pts_json/pts_json_reader.hpp"

#include <map>

#include "field_table.hpp"
#include "input/json_tree.hpp"
#include "input/reader_context.hpp"
#include "input/stored_result.hpp"
#include "iosr/error.hpp"
#include "number.hpp"

namespace iosr::detail {

namespace {

// The reader's state (reader_context) with positions taken from the parsed values: a member is
// placed at its key, which names it.
struct json_context : reader_context {
  using reader_context::at;
  using reader_context::fail;
  using reader_context::warn;
  source_position at(const json_value& v) const { return at(v.member_offset); }
  void warn(const json_value& v, message_code code, std::string message) const {
    reader_context::warn(v.member_offset, code, std::move(message));
  }
  [[noreturn]] void fail(const json_value& v, std::string message) const {
    reader_context::fail(v.member_offset, std::move(message));
  }
};

// A member that should be a string: numbers are taken as written, anything else is reported.
std::string text_of(const json_context& ctx, const json_value& v, std::string_view key) {
  if (v.is_string() || v.is_number()) return v.text;
  // Appended, not "'" + std::string(key): GCC 12's -Wrestrict misreads that inlined (PR 105329).
  ctx.warn(v, message_code::json_not_a_string,
           std::string(1, '\'').append(key).append("' is not a string; not read"));
  return {};
}

// The members of PTS's export that each hold one text field of the model (field_table.hpp's
// rows, all of one type, so an array).
template <class Owner>
using text_member = table_member<Owner, std::string>;

constexpr text_member<result_file> file_texts[] = {
    of("title", &result_file::title),
    of("description", &result_file::description),
    of("last_modified", &result_file::last_modified),
    of("notes", &result_file::notes),
    of("internal_tags", &result_file::internal_tags),
    of("reference_id", &result_file::reference_id),
    of("preset_environment_variables", &result_file::preset_environment),
};
constexpr text_member<system> system_texts[] = {
    of("user", &system::user),
    of("timestamp", &system::timestamp),
    of("client_version", &system::client_version),
    of("notes", &system::notes),
};
constexpr text_member<result> result_texts[] = {
    of("identifier", &result::test_id),      of("title", &result::title),
    of("app_version", &result::version),     of("arguments", &result::arguments),
    of("description", &result::description), of("scale", &result::unit),
    of("annotation", &result::annotation),   of("parent", &result::parent),
};

// Reads `value` into the text field of `out` that `key` names among `members`; false when it
// names none of them.
template <class Owner, std::size_t N>
bool read_text_member(const json_context& ctx, const text_member<Owner> (&members)[N],
                      const std::string& key, const json_value& value, Owner& out) {
  for (const auto& m : members) {
    if (m.key != key) continue;
    out.*m.field = text_of(ctx, value, key);
    return true;
  }
  return false;
}

// The members of an object, later duplicates replacing earlier ones at the earlier place (as
// PHP reads them, so as PTS does), each duplicate reported.
std::vector<std::pair<std::string, const json_value*>> unique_members(const json_context& ctx,
                                                                      const json_value& object,
                                                                      std::string_view what) {
  std::vector<std::pair<std::string, const json_value*>> out;
  std::map<std::string, std::size_t> place;
  for (const auto& [key, value] : object.members) {
    auto [it, fresh] = place.emplace(key, out.size());
    if (fresh) {
      out.emplace_back(key, &value);
      continue;
    }
    ctx.warn(value, message_code::json_member_repeated,
             std::string(what) + " '" + key +
                 "' appears twice; the later one is kept, "
                 "as PTS does");
    out[it->second].second = &value;
  }
  return out;
}

const json_value* object_member(const json_context& ctx, const json_value& parent,
                                std::string_view key) {
  const auto* v = parent.find(key);
  if (v && !v->is_object()) {
    ctx.warn(*v, message_code::json_not_an_object,
             std::string(1, '\'').append(key).append("' is not an object; not read"));
    return nullptr;
  }
  return v;
}

std::vector<field> read_fields(const json_context& ctx, const json_value& object) {
  std::vector<field> fields;
  for (const auto& [key, value] : unique_members(ctx, object, "key")) {
    fields.push_back({key, text_of(ctx, *value, key)});
  }
  return fields;
}

void read_system(const json_context& ctx, const std::string& key, const json_value& v) {
  auto s = make_system(key);
  s.where = ctx.at(v);
  if (!v.is_object()) {
    ctx.warn(v, message_code::json_not_an_object,
             "system '" + key + "' is not an object; read as a label only");
    ctx.out.systems.push_back(std::move(s));
    return;
  }
  for (const auto& [member, value] : v.members) {
    if (read_text_member(ctx, system_texts, member, value, s)) continue;
    if (member == "identifier") {
      if (value.text != key) {
        ctx.warn(value, message_code::system_identifier_differs,
                 "system '" + key + "' gives the identifier '" + value.text +
                     "'; the key is used, as PTS does");
      }
    } else if (member == "hardware" || member == "software") {
      if (!value.is_object()) {
        ctx.warn(value, message_code::json_not_an_object,
                 "'" + member + "' of system '" + key + "' is not an object; not read");
        continue;
      }
      (member == "hardware" ? s.hardware : s.software) = read_fields(ctx, value);
    } else if (member == "data") {
      s.json = to_json_text(value);
    } else {
      ctx.warn(value, message_code::json_unknown_member,
               "'" + member + "' of system '" + key +
                   "' is not a key of PTS's JSON "
                   "export; not read");
    }
  }
  fill_scheduler(s);
  ctx.out.systems.push_back(std::move(s));
}

direction read_proportion(const json_context& ctx, const json_value& v) {
  auto read = direction_of_proportion(text_of(ctx, v, "proportion"), "proportion");
  if (!read.unknown.empty()) ctx.warn(v, message_code::direction_unknown, std::move(read.unknown));
  return read.value;
}

// `min_result` / `max_result`: the range of a line graph kept as one average.
std::optional<double> extreme(const json_value* runs, bool lowest) {
  std::optional<double> out;
  if (!runs || !runs->is_array()) return out;
  for (const auto& run : runs->items) {
    if (auto v = parse_number(run.text)) {
      out = !out ? *v : lowest ? std::min(*out, *v) : std::max(*out, *v);
    }
  }
  return out;
}

entry read_entry(const json_context& ctx, const std::string& label, const json_value& v,
                 const result& chart) {
  entry e;
  e.label = label;
  e.where = ctx.at(v);
  auto about = "'" + label + "' in '" + chart.title + "': ";
  if (!v.is_object()) {
    ctx.warn(v, message_code::json_not_an_object,
             about + "the entry is not an object; read as a failed run");
    e.kind = entry_kind::failed;
    return e;
  }
  const auto* details = v.find("details");
  if (details) {
    e.json = to_json_text(*details);
    if (const auto* error = details->is_object() ? details->find("error") : nullptr) {
      e.error = error->text;
    }
  }
  const auto* value = v.find("value");
  if (!value || (value->text.empty() && !value->is_number())) {
    e.kind = entry_kind::failed;
    return e;
  }
  if (!value->is_number() && !value->is_string()) {
    ctx.warn(*value, message_code::json_value_unreadable,
             about + "the value is neither a number nor a string; read as a failed run");
    e.kind = entry_kind::failed;
    return e;
  }
  e.value_text = value->text;
  if (auto odd = read_stored_value(e, chart.display_format); !odd.empty()) {
    ctx.warn(*value, odd.code, about + odd.text);
  }
  if (e.kind == entry_kind::series && e.value_text.find(',') == std::string::npos) {
    if (auto low = extreme(v.find("min_result"), true)) e.min = low;
    if (auto high = extreme(v.find("max_result"), false)) e.max = high;
  }
  const auto* raw = v.find("raw_values");
  std::vector<std::string> runs;
  std::string joined;
  if (raw && raw->is_array()) {
    for (const auto& run : raw->items) runs.push_back(run.text);
    for (const auto& run : raw->items) joined += (joined.empty() ? "" : ":") + run.text;
  } else if (const auto* all = v.find("all_results"); all && all->is_string()) {
    // The layout before PTS 10.8: the runs as composite.xml's RawString, "a:b:c".
    raw = all;
    joined = all->text;
    for (std::size_t at = 0; !joined.empty();) {
      auto colon = joined.find(':', at);
      runs.push_back(joined.substr(at, colon - at));
      if (colon == std::string::npos) break;
      at = colon + 1;
    }
  }
  if (e.kind == entry_kind::number && raw && !runs.empty()) {
    // As with composite.xml's RawString: one run equal to the value lists no runs.
    if (joined != e.value_text) {
      e.samples = std::move(runs);
      if (!fill_standard_error(e)) {
        ctx.warn(*raw, message_code::runs_not_numbers,
                 about +
                     "raw_values holds runs that are not numbers; the standard error "
                     "uses the numeric ones");
      }
    }
  }
  return e;
}

// A result of either layout begins so: where it stands, and a failure when it is no object
// (`members` says what it should hold). `key` names it in messages.
result new_result(const json_context& ctx, const std::string& key, const json_value& v,
                  std::string_view members) {
  result r;
  r.where = ctx.at(v);
  if (!v.is_object()) {
    ctx.fail(v,
             "result '" + key + "' is not an object; expected the members " + std::string(members));
  }
  return r;
}

// ... and ends so: its entries read from `results` (when it had one), then the result added to
// the file. The layout before PTS 10.8 may write no entries as [], which PHP makes of an empty
// array; `empty_list_too` lets that pass without a warning.
void end_result(const json_context& ctx, const std::string& key, result r,
                const json_value* entries, bool empty_list_too) {
  if (entries && entries->is_object()) {
    for (const auto& [label, e] : unique_members(ctx, *entries, "entry")) {
      ctx.add_entry(r, read_entry(ctx, label, *e, r));
    }
  } else if (entries && !(empty_list_too && entries->is_array())) {
    ctx.warn(*entries, message_code::json_not_an_object,
             "'results' of result '" + key + "' is not an object; not read");
  }
  ctx.out.results.push_back(std::move(r));
}

void read_result(const json_context& ctx, const std::string& hash, const json_value& v) {
  result r = new_result(ctx, hash, v, "title, scale, results, ...");
  const json_value* entries = nullptr;
  for (const auto& [member, value] : v.members) {
    if (read_text_member(ctx, result_texts, member, value, r)) continue;
    if (member == "proportion") {
      r.direction = read_proportion(ctx, value);
    } else if (member == "display_format") {
      r.display_format = display_format::from_name(text_of(ctx, value, member));
    } else if (member == "results") {
      entries = &value;
    } else {
      ctx.warn(
          value, message_code::json_unknown_member,
          "'" + member + "' of result '" + hash + "' is not a key of PTS's JSON export; not read");
    }
  }
  if (r.title.empty())
    ctx.warn(v, message_code::chart_without_title, "result '" + hash + "' has no title");
  end_result(ctx, hash, std::move(r), entries, false);
}

// PTS 5.8 to 10.6's layout (docs/pts-json.md, "Layouts"): a result is `test` (the profile),
// `arguments` (the options as PTS describes them, what today's layout calls `description`),
// `units` and `results`, whose entries hold `value` and, from PTS 8.0, `all_results` (the runs
// joined by ':', as composite.xml's RawString). Nothing gives a title or direction: the test
// profile stands for the title, as in the CSV of those versions. Before PTS 8.8 the results
// are keyed by test profile (PHP kept the last result of each; the export lost the others).
// `key` names the result in messages: its test profile (before 8.8) or its place ("#2").
void read_profile_result(const json_context& ctx, const std::string& key, const json_value& v,
                         bool keyed_by_profile) {
  result r = new_result(ctx, key, v, "test, arguments, units and results");
  if (keyed_by_profile) r.test_id = key;
  const json_value* entries = nullptr;
  for (const auto& [member, value] : v.members) {
    if (member == "test") {
      r.test_id = text_of(ctx, value, member);
    } else if (member == "arguments") {
      r.description = text_of(ctx, value, member);
    } else if (member == "units") {
      r.unit = text_of(ctx, value, member);
    } else if (member == "results") {
      entries = &value;
    } else {
      ctx.warn(value, message_code::json_unknown_member,
               "'" + member + "' of result '" + key +
                   "' is not a key of PTS's JSON export before 10.8; not read");
    }
  }
  r.title = r.test_id;
  end_result(ctx, key, std::move(r), entries, true);
}

// Today's layout names a result's unit `scale` and its profile `identifier`; the layout before
// PTS 10.8 `units`, which it always writes, and `test`, and lists the results as an array from
// PTS 8.8 on. A hand-added `units` in today's layout does not make it the old one.
bool is_profile_layout(const json_value& results) {
  if (results.is_array()) return true;
  if (!results.is_object()) return false;
  bool units = false;
  for (const auto& [key, value] : results.members) {
    if (!value.is_object()) continue;
    if (value.find("scale") || value.find("identifier")) return false;
    units = units || value.find("units");
  }
  return units;
}

}  // namespace

bool sniff_pts_json(std::string_view text) {
  auto start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos || text[start] != '{') return false;
  // iosr's own JSON names itself at the top; PTS's has `systems` and `results` objects.
  auto head = text.substr(start, 512);
  if (head.find("\"iosr-result\"") != std::string_view::npos) return false;
  return text.find("\"results\"") != std::string_view::npos;
}

void read_pts_json(reader_context& base, const read_options& options) {
  json_context ctx{base};
  auto& file = ctx.out;

  auto parsed = read_json_tree(ctx, options, {"PTS's result-file-to-json output", 7});
  const auto& root = parsed.root;
  if (!root.is_object()) {
    ctx.fail(root,
             "the top level is not an object; expected PTS's result-file-to-json object "
             "with 'systems' and 'results'");
  }
  for (const auto& [key, value] : unique_members(ctx, root, "key")) {
    if (read_text_member(ctx, file_texts, key, *value, file)) continue;
    if (key != "systems" && key != "results") {
      ctx.warn(*value, message_code::json_unknown_member,
               "'" + key + "' is not a key of PTS's JSON export; not read");
    }
  }
  if (const auto* systems = object_member(ctx, root, "systems")) {
    for (const auto& [key, value] : unique_members(ctx, *systems, "system")) {
      read_system(ctx, key, *value);
    }
  }
  if (!root.find("results")) {
    ctx.fail(root, "no 'results' object; expected PTS's result-file-to-json output");
  }
  if (const auto* listed = root.find("results"); is_profile_layout(*listed)) {
    if (listed->is_array()) {
      for (std::size_t i = 0; i < listed->items.size(); ++i) {
        // Appended, not "#" + text: GCC 12's -Wrestrict misreads that once inlined (PR 105329).
        std::string key = "#";
        key += std::to_string(i + 1);
        read_profile_result(ctx, key, listed->items[i], false);
      }
    } else {
      for (const auto& [key, value] : unique_members(ctx, *listed, "result")) {
        read_profile_result(ctx, key, *value, true);
      }
    }
    return;
  }
  const auto* results = object_member(ctx, root, "results");
  if (results) {
    for (const auto& [hash, value] : unique_members(ctx, *results, "result")) {
      read_result(ctx, hash, *value);
    }
  }
}

}  // namespace iosr::detail
