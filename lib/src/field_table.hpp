// SPDX-License-Identifier: MIT
// Tables of model fields for the formats that read and write the model member by member
// (iosr_json_schema.hpp, composite_xml_schema.hpp): each row names a member of the format and
// the model field it holds, so that the reader and the writer of a format walk one list.
#pragma once

#include <string_view>
#include <tuple>

namespace iosr::detail {

/// One member of a format's object: its name, the model field it holds, and whether the
/// format always has it (what that means is the table's to say).
template <class Owner, class Field>
struct table_member {
  using owner_type = Owner;
  using field_type = Field;
  std::string_view key;
  Field Owner::*field;
  bool required;
};

template <class Owner, class Field>
constexpr table_member<Owner, Field> of(std::string_view key, Field Owner::*field,
                                        bool required = false) {
  return {key, field, required};
}

/// Calls `visit(member)` for each member of a table (a tuple of table_member), in order.
template <class Table, class Visit>
void for_each_member(const Table& table, Visit&& visit) {
  std::apply([&](const auto&... m) { (visit(m), ...); }, table);
}

}  // namespace iosr::detail
