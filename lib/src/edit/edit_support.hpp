// SPDX-License-Identifier: MIT
// What the merge and the edits share (lib/src/edit/).
#pragma once

#include <string>

#include "iosr/model.hpp"

namespace iosr::detail {

/// Gives `s` the identifier `to`: its label, group, name and scheduler, as make_system() splits
/// them, the scheduler as the composite.xml reader tells it (the name's, else the JSON's or the
/// notes').
void rename_system(system& s, const std::string& to);

}  // namespace iosr::detail
