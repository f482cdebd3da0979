// SPDX-License-Identifier: MIT
// The one switch over a chart's direction, for every set of names it goes by (`higher`, `HIB`,
// `higher is better`, `↑`): each caller gives its names, and a new direction is one edit here.
#pragma once

#include "iosr/model.hpp"

namespace iosr::detail {

/// `higher`, `lower` or `none`, as `d` is.
template <class Name>
constexpr Name by_direction(direction d, Name higher, Name lower, Name none) {
  switch (d) {
    case direction::higher:
      return higher;
    case direction::lower:
      return lower;
    case direction::none:
      break;
  }
  return none;
}

}  // namespace iosr::detail
