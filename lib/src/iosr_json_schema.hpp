// SPDX-License-Identifier: MIT
// iosr-json's schema as one table: every member of every object with the model field it holds,
// in the order the writer writes them (docs/json.md). The reader (input/iosr_json/) and the
// writer (render/result/iosr_json_writer.cpp) both walk it, so that a new model field is one
// line here (and one in docs/json.md).
#pragma once

#include <tuple>

#include "field_table.hpp"
#include "iosr/model.hpp"

namespace iosr::detail::iosr_json {

/// The members of the object that holds a T, in the order they are written.
template <class T>
struct schema;

template <>
struct schema<source_position> {
  static constexpr auto members =
      std::make_tuple(of("line", &source_position::line), of("column", &source_position::column));
};

template <>
struct schema<field> {
  static constexpr auto members =
      std::make_tuple(of("key", &field::key), of("value", &field::value));
};

template <>
struct schema<system> {
  static constexpr auto members = std::make_tuple(
      of("label", &system::label, true), of("group", &system::group), of("name", &system::name),
      of("scheduler", &system::scheduler), of("hardware", &system::hardware),
      of("software", &system::software), of("user", &system::user),
      of("timestamp", &system::timestamp), of("client_version", &system::client_version),
      of("notes", &system::notes), of("json", &system::json), of("cost", &system::cost),
      of("baseline", &system::baseline), of("where", &system::where));
};

template <>
struct schema<entry> {
  static constexpr auto members = std::make_tuple(
      of("label", &entry::label, true), of("kind", &entry::kind, true),
      of("value_text", &entry::value_text), of("value", &entry::value), of("min", &entry::min),
      of("max", &entry::max), of("samples", &entry::samples),
      of("standard_error", &entry::standard_error), of("sample_count", &entry::sample_count),
      of("relative_deviation", &entry::relative_deviation), of("error", &entry::error),
      of("json", &entry::json), of("where", &entry::where));
};

template <>
struct schema<result> {
  static constexpr auto members = std::make_tuple(
      of("title", &result::title), of("version", &result::version),
      of("description", &result::description), of("unit", &result::unit),
      of("direction", &result::direction), of("display_format", &result::display_format),
      of("test_id", &result::test_id), of("arguments", &result::arguments),
      of("annotation", &result::annotation), of("parent", &result::parent),
      of("entries", &result::entries), of("where", &result::where));
};

template <>
struct schema<warning> {
  static constexpr auto members =
      std::make_tuple(of("where", &warning::where), of("message", &warning::message, true),
                      of("code", &warning::code));
};

/// The model's members of a document, after its header (`format`, `version` and `source`, which
/// say what the document is and where its model came from: see docs/json.md).
template <>
struct schema<result_file> {
  static constexpr auto members = std::make_tuple(
      of("title", &result_file::title), of("description", &result_file::description),
      of("last_modified", &result_file::last_modified),
      of("test_client", &result_file::test_client), of("notes", &result_file::notes),
      of("internal_tags", &result_file::internal_tags),
      of("reference_id", &result_file::reference_id),
      of("preset_environment", &result_file::preset_environment),
      of("systems", &result_file::systems), of("results", &result_file::results),
      of("warnings", &result_file::warnings));
};

/// A type written as a JSON object of its own.
template <class T>
concept object_type = requires {
  schema<T>::members;
};

/// Calls `visit(member)` for each member of T's object, in order; `required` members must be
/// in a document (a missing one that is not required reads as the field's default).
template <object_type T, class Visit>
void for_each_member(Visit&& visit) {
  detail::for_each_member(schema<T>::members, visit);
}

}  // namespace iosr::detail::iosr_json
