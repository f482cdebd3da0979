// SPDX-License-Identifier: MIT
// What the merge and the edits share (lib/src/edit/).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "iosr/codes.hpp"
#include "iosr/model.hpp"

namespace iosr::detail {

/// Gives `s` the identifier `to`: its label, group, name and scheduler, as make_system() splits
/// them, the scheduler as the composite.xml reader tells it (the name's, else the JSON's or the
/// notes').
void rename_system(system& s, const std::string& to);

/// The labels of `file`'s systems that have no entry in any chart, each once.
std::vector<std::string> labels_without_entries(const result_file& file);

/// THE rule of a merge's and an edit's systems: a system the input had without entries is kept
/// (a run that failed everywhere is worth showing), but one that the work left without entries
/// (`--rename` of one of two systems of one name, `--exclude`, `--intersect`) is not written,
/// since compare would list it as a configuration of no results. Drops every system of `file`
/// without entries whose label is not in `empty_before`, and returns the note that names them
/// (`by`: what left them so, `the operations`), or none.
std::vector<note> drop_systems_left_without_entries(result_file& file,
                                                    const std::vector<std::string>& empty_before,
                                                    std::string_view by);

}  // namespace iosr::detail
