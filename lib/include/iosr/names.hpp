// SPDX-License-Identifier: MIT
// An enum's names as options, outputs and messages spell them, in one table per enum:
// to_string() and from_string() read the same table, and a usage message lists its choices.
#pragma once

#include <cstddef>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

namespace iosr {

/// Specialised beside each enum that has names: `static constexpr std::string_view names[]`,
/// the name of each value in the order the enum declares them (its values are 0, 1, 2...).
template <class E>
struct enum_names;

/// The name of `value` (empty for a value past the table, which the tests rule out).
template <class E>
constexpr std::string_view name_of(E value) {
  const auto i = static_cast<std::size_t>(value);
  return i < std::size(enum_names<E>::names) ? enum_names<E>::names[i] : std::string_view();
}

/// The value named `name` exactly (`from_string<group_by>("input+group")`), or nothing.
template <class E>
constexpr std::optional<E> from_string(std::string_view name) {
  for (std::size_t i = 0; i < std::size(enum_names<E>::names); ++i) {
    if (enum_names<E>::names[i] == name) return static_cast<E>(i);
  }
  return std::nullopt;
}

/// The names for a message: `input+group, group, input or none`.
template <class E>
std::string choices_of() {
  std::string list;
  const std::size_t count = std::size(enum_names<E>::names);
  for (std::size_t i = 0; i < count; ++i) {
    if (i > 0) list += i + 1 == count ? " or " : ", ";
    list += enum_names<E>::names[i];
  }
  return list;
}

}  // namespace iosr
