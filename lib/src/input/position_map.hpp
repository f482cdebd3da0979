// SPDX-License-Identifier: MIT
// Byte offsets of the text a reader sees -> line:column in the input as the user has it, back
// through every transport layer that was undone (quoted-printable, quoting, terminal codes, ...).
#pragma once

#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

#include "input/transport/mapped_text.hpp"
#include "iosr/model.hpp"
#include "line_index.hpp"

namespace iosr::detail {

class position_map {
 public:
  /// Positions in `original` itself, until layers are added.
  explicit position_map(std::string_view original) : lines_(original) {}
  /// Positions of a text made out of the text that `parent` maps: a block found in it
  /// (input/blocks/), whose `layer` leads back to the parent's offsets. `parent` must outlive
  /// this map, which only points at it, so that a text of many blocks costs one map each.
  position_map(const position_map& parent, offset_map layer)
      : lines_(std::string_view{}), parent_(&parent) {
    layers_.push_back(std::move(layer));
  }

  /// The text now seen is `layer`'s output; its input was the text seen until now.
  void add_layer(offset_map layer) { layers_.push_back(std::move(layer)); }
  bool has_layers() const { return !layers_.empty() || parent_ != nullptr; }
  /// Notes the original's line ends now, for a reader about to overwrite it (line_index).
  void note_line_ends() { lines_.note_line_ends(); }

  /// The offset in the original input of `offset` in the text seen.
  std::size_t original_offset(std::size_t offset) const {
    offset = own_offset(offset);
    return parent_ != nullptr ? parent_->original_offset(offset) : offset;
  }
  /// Line and byte column (1-based) in the original input of `offset` in the text seen.
  source_position position(std::size_t offset) const {
    if (parent_ != nullptr) return parent_->position(own_offset(offset));
    return lines_.position(original_offset(offset));
  }

 private:
  // `offset` back through this map's own layers only.
  std::size_t own_offset(std::size_t offset) const {
    for (auto layer = layers_.rbegin(); layer != layers_.rend(); ++layer) {
      offset = layer->to_input(offset);
    }
    return offset;
  }

  line_index lines_;
  const position_map* parent_ = nullptr;
  std::vector<offset_map> layers_;
};

}  // namespace iosr::detail
