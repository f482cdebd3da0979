// SPDX-License-Identifier: MIT
// An enum's names as options, outputs and messages spell them, in one table per enum:
// to_string() and from_string() read the same table, and a usage message lists its choices.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace iosr {

/// Specialised beside each enum that has names: `static constexpr std::pair<E,
/// std::string_view> values[]`, every value once, in the order help texts list them.
template <class E>
struct enum_names;

/// The name of `value` (empty for a value the table lacks, which the tests rule out).
template <class E>
constexpr std::string_view name_of(E value) {
  for (const auto& [v, name] : enum_names<E>::values) {
    if (v == value) return name;
  }
  return {};
}

/// The value named `name` exactly (`from_string<group_by>("input+group")`), or nothing.
template <class E>
constexpr std::optional<E> from_string(std::string_view name) {
  for (const auto& [v, n] : enum_names<E>::values) {
    if (n == name) return v;
  }
  return std::nullopt;
}

/// The names for a message: `input+group, group, input or none`.
template <class E>
std::string choices_of() {
  std::string list;
  const std::size_t count = std::size(enum_names<E>::values);
  for (std::size_t i = 0; i < count; ++i) {
    if (i > 0) list += i + 1 == count ? " or " : ", ";
    list += enum_names<E>::values[i].second;
  }
  return list;
}

}  // namespace iosr
