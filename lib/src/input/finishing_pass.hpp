// SPDX-License-Identifier: MIT
// The checks made once a reader has filled the model, the same for every reader: the input
// registry (read_as) runs them on each model it reads.
#pragma once

#include "iosr/model.hpp"

namespace iosr::detail {

/// What the finishing pass does with the model of one input format (a row of the registry).
enum class finishing {
  /// The model as iosr wrote it (iosr-json), its warnings included: nothing is checked again,
  /// so that reading it back gives the model that was written.
  none,
  /// Charts as PTS shows them (text export, page text): charts of one identity are all kept, as
  /// a README with several pasted runs repeats them, and these inputs do not show every field
  /// of the identity (test profile, arguments).
  shown_charts,
  /// The results PTS stores (composite.xml and its JSON and CSV exports): of charts of one
  /// identity the later one is kept, at the earlier one's place, as PTS does when it loads a
  /// file.
  stored_results,
};

/// In this order, each with a warning: charts without entries; charts of one identity (see
/// `finishing`); a second entry for one system in one chart (both kept); a system described
/// again (the first description is kept); systems that only entries name (added without
/// hardware or software details, with a warning when the file describes any system: without
/// one, every system comes from the entries); systems without entries; titles holding an
/// unexpanded PTS variable; a file without charts.
void finish_reading(result_file& file, finishing rule);

}  // namespace iosr::detail
