// SPDX-License-Identifier: MIT
// composite.xml's elements as tables: the children of Generated, System and Result in the order
// PTS writes them, each with the model field it holds (docs/composite-xml.md, "The format").
// The reader (input/composite_xml/) and the writer (render/result/composite_xml_writer.cpp)
// both walk them, so that an element is one line here.
#pragma once

#include <array>
#include <tuple>

#include "field_table.hpp"
#include "iosr/model.hpp"

namespace iosr::detail::composite_xml {

// `required`: PTS always writes the element, empty or not; the others only when they are set.

inline constexpr auto generated_elements = std::make_tuple(
    of("Title", &result_file::title, true), of("LastModified", &result_file::last_modified, true),
    of("TestClient", &result_file::test_client, true),
    of("Description", &result_file::description, true), of("Notes", &result_file::notes),
    of("InternalTags", &result_file::internal_tags), of("ReferenceID", &result_file::reference_id),
    of("PreSetEnvironmentVariables", &result_file::preset_environment));

inline constexpr auto system_elements = std::make_tuple(
    of("Identifier", &system::label, true), of("Hardware", &system::hardware, true),
    of("Software", &system::software, true), of("User", &system::user, true),
    of("TimeStamp", &system::timestamp, true),
    of("TestClientVersion", &system::client_version, true), of("Notes", &system::notes, true),
    of("JSON", &system::json), of("CostValueForComparison", &system::cost));

inline constexpr auto result_elements = std::make_tuple(
    of("Identifier", &result::test_id, true), of("Title", &result::title, true),
    of("AppVersion", &result::version, true), of("Arguments", &result::arguments, true),
    of("Description", &result::description, true), of("Scale", &result::unit, true),
    of("Proportion", &result::direction, true), of("DisplayFormat", &result::display_format, true),
    of("Annotation", &result::annotation), of("Parent", &result::parent));

/// The element names of a table, in order, as C strings (for pugixml).
template <class Table>
constexpr auto names_of(const Table& table) {
  return std::apply(
      [](const auto&... m) { return std::array<const char*, sizeof...(m)>{m.key.data()...}; },
      table);
}

}  // namespace iosr::detail::composite_xml
