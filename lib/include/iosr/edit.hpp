// SPDX-License-Identifier: MIT
// Editing result files as PTS does (`iosr merge`, `iosr edit`): merging several into one,
// renaming, extracting and removing systems, keeping or removing charts, reordering, and
// setting the title and description, with PTS's own rules (docs/editing.md).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "iosr/codes.hpp"
#include "iosr/model.hpp"
#include "iosr/names.hpp"

namespace iosr {

/// How merge_result_files() treats its inputs.
struct merge_options {
  /// A system whose identifier an earlier file already has is renamed `TITLE: ID` (TITLE is
  /// its file's title, else its file's name), with its entries, as PTS's result viewer does
  /// when it merges. Without it the merged file holds the identifier twice, as
  /// `phoronix-test-suite merge-results` writes it, and a note says so.
  bool prefix_on_collision = false;
  /// Keep only the charts that every file has (PTS's identity, pts_test_key()).
  bool intersect = false;
  /// The merged file's `LastModified` (PTS writes the time of the merge); empty keeps the
  /// first file's. The library reads no clock: the caller passes it.
  std::string last_modified;
};

/// A merged file and what the merge says about itself (identifiers that collide, files that
/// share no test, charts dropped by --intersect, systems left without entries), in the order
/// found.
struct merge_outcome {
  result_file merged;
  std::vector<note> notes;
};

/// Merges `files` into one as PTS's `merge-results` does (docs/editing.md, "Matching"): the
/// first file's title and description, else the first later one that has them; every system
/// of every file, in file order; the charts in first-seen order, a chart of a later file that
/// has the identity of one already there adding its entries to it (an entry whose identifier
/// and value are already there is not added again, and a failed entry gives way to a value);
/// charts left without entries dropped, and so systems that the merge left without entries (by
/// --intersect) with a note: a system that had none in its own file is kept. Throws
/// iosr::error (usage) for no files.
merge_outcome merge_result_files(std::span<const result_file> files,
                                 const merge_options& options = {});

/// A result file as PTS loads and saves it: a chart repeated with the same identity replaced by
/// its last occurrence (in the first one's place), a failed entry replaced by a later entry of
/// the same system, charts without entries dropped, positions cleared (they named the input).
/// Every edit and merge writes this.
result_file as_pts_saves(result_file file);

/// One edit of `iosr edit` (and of `iosr merge`, after merging), applied in the order given.
enum class edit_kind {
  rename,       ///< `OLD=NEW`: every system OLD (and every entry of it) now called NEW
  only,         ///< `ID,...`: keep these systems, remove the others (PTS's extract)
  remove,       ///< `ID,...`: remove these systems and their entries
  filter,       ///< REGEX: keep the charts whose title or description matches
  exclude,      ///< REGEX: remove the charts whose title or description matches
  order,        ///< `ID,...`: these systems first, in this order, then the others
  sort_by,      ///< `identifier` or `date`: the systems sorted (PTS's auto-sort)
  title,        ///< the file's title
  description,  ///< the file's description
};

template <>
struct enum_names<edit_kind> {
  static constexpr std::string_view names[] = {
      "rename", "only", "remove", "filter", "exclude", "order", "sort-by", "title", "description"};
};

/// The orders of `--sort-by`, as PTS's `auto-sort-result-file` sorts (its SORT_BY).
enum class system_order { identifier, date };

template <>
struct enum_names<system_order> {
  static constexpr std::string_view names[] = {"identifier", "date"};
};

struct edit_step {
  edit_kind kind = edit_kind::rename;
  std::string value;  ///< as the user gave it: `OLD=NEW`, `bfq,kyber`, a regex, `date`, a title
};

/// Applies `steps` to `file` in order, then saves it as PTS does (as_pts_saves()). A system the
/// steps leave without entries (`--exclude` of every chart it has) is not written, and the note
/// returned names it (code system_left_without_entries); one that had none in `file` is kept.
/// Throws iosr::error (usage), naming the option and the value, for an identifier that names no
/// system, a rename to an identifier already there, a regular expression that is not one or
/// that matches no chart, an unknown sort order, and edits that leave no system; `file` is
/// then left as it was.
std::vector<note> apply_edits(result_file& file, std::span<const edit_step> steps);

}  // namespace iosr
