// SPDX-License-Identifier: MIT
// What the merge and the edits share (lib/src/edit/).
#pragma once

#include <string>

#include "iosr/model.hpp"

namespace iosr::detail {

/// Gives `s` the identifier `to`: its label, group, name and scheduler, as make_system() splits
/// them; a scheduler that came from the system's JSON or notes, not its name, is kept.
void rename_system(system& s, const std::string& to);

}  // namespace iosr::detail
