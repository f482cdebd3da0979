// SPDX-License-Identifier: MIT
// The one decoding step in front of every reader: the transport layers an input travelled in
// (e-mail encodings and parts, quoting, terminal codes, ...) are undone, each said once as a
// warning, and positions still point into the bytes the user has.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "input/position_map.hpp"
#include "input/transport/layers.hpp"
#include "iosr/model.hpp"

namespace iosr::detail {

/// The table of transport layers, in the order they are looked for (docs/transport.md).
std::span<const transport_layer> transport_layers();

class decoded_input {
 public:
  /// `original` as it is; it must outlive this object, which views it.
  explicit decoded_input(std::string_view original) : original_(original), positions_(original) {}
  decoded_input(const decoded_input&) = delete;
  decoded_input& operator=(const decoded_input&) = delete;

  /// Undoes every transport layer found, outermost first, in the order of transport_layers().
  /// `claims` tells which MIME part holds results. Composite.xml and JSON (text starting with
  /// `<` or `{`) have none.
  void undo_layers(claims_text claims);

  /// The text the readers see.
  std::string_view text() const { return decoded() ? std::string_view(text_) : original_; }
  /// Its offsets -> line:column of the original.
  const position_map& positions() const { return positions_; }
  /// Whether the readers see the original itself: no layer was undone.
  bool is_original() const { return !decoded(); }
  /// Notes the original's line ends, so that positions stay right once a reader overwrites it.
  void note_line_ends() { positions_.note_line_ends(); }
  /// One warning per layer undone, positioned in the original.
  const std::vector<warning>& warnings() const { return warnings_; }

 private:
  void apply(undone_layer layer);
  /// Whether `layer` may be looked for, by the table's rules, once the rows flagged in
  /// `undone` were undone.
  bool may_look_for(const transport_layer& layer, std::span<const bool> undone) const;
  /// Whether a layer was undone: text_ then holds what the readers see.
  bool decoded() const { return positions_.has_layers(); }

  std::string_view original_;
  std::string text_;
  position_map positions_;
  std::vector<warning> warnings_;
};

}  // namespace iosr::detail
