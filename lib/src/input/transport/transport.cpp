// SPDX-License-Identifier: MIT
#include "input/transport/transport.hpp"

namespace iosr::detail {

void decoded_input::apply(undone_layer layer) {
  // A layer's notes are offsets of its input: placed before its own map joins the chain.
  for (auto& note : layer.notes) {
    warnings_.push_back({positions_.position(note.offset), std::move(note.message)});
  }
  positions_.add_layer(layer.out.take_map());
  text_ = layer.out.take_text();
}

void decoded_input::undo_layers(claims_text claims) {
  auto start = original_.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return;
  // Composite.xml and JSON travel bare; a web page is the one document in markup undone here.
  if (original_[start] == '<') {
    if (auto layer = undo_html_page(text())) apply(std::move(*layer));
    if (!decoded()) return;
  } else if (original_[start] == '{') {
    return;
  }

  auto mime = undo_mime(text(), claims);
  bool had_mime = !mime.empty();
  for (auto& layer : mime) apply(std::move(layer));
  if (!had_mime) {
    if (auto layer = undo_bare_quoted_printable(text())) apply(std::move(*layer));
  }
  if (auto layer = undo_terminal(text())) apply(std::move(*layer));
  if (auto layer = undo_invisible_characters(text())) apply(std::move(*layer));
  if (auto layer = undo_quoting(text())) apply(std::move(*layer));
  if (auto layer = undo_double_spacing(text())) apply(std::move(*layer));
  // After quoting: a session pasted into a reply or a Markdown quote has its prompt quoted.
  if (auto layer = undo_pts_session(text())) apply(std::move(*layer));
}

}  // namespace iosr::detail
