// SPDX-License-Identifier: MIT
// THE table of transport layers (one row per layer, looked for in order) and the loop that
// undoes them.
#include "input/transport/transport.hpp"

#include <array>
#include <cstddef>
#include <iterator>

namespace iosr::detail {

namespace {

// A row's undo function for a layer that is undone in one step.
template <std::optional<undone_layer> (*undo_one)(std::string_view)>
undone_layers one_step(std::string_view text, claims_text) {
  undone_layers done;
  if (auto layer = undo_one(text)) done.push_back(std::move(*layer));
  return done;
}

// Outermost first, as docs/transport.md lists them. A web page comes first: it is the one
// document in markup that is undone, and what it shows may be any of the forms below. Bare
// quoted-printable is the form of a message body copied without the headers that declare it.
constexpr auto in_text = looked_for::in_text;

constexpr transport_layer layers[] = {
    // name, cheap look, undo, where looked for, not looked for once this row was undone
    {"web page", starts_as_html_page, one_step<undo_html_page>, looked_for::also_in_markup, ""},
    {"MIME message", starts_with_header_field, undo_mime, in_text, ""},
    {"bare quoted-printable", has_encoded_bar, one_step<undo_bare_quoted_printable>, in_text,
     "MIME message"},
    {"terminal", has_terminal_bytes, one_step<undo_terminal>, in_text, ""},
    {"invisible characters", has_invisible_characters, one_step<undo_invisible_characters>, in_text,
     ""},
    {"quoting", has_quote_mark, one_step<undo_quoting>, in_text, ""},
    {"double spacing", has_line_end, one_step<undo_double_spacing>, in_text, ""},
};

constexpr std::size_t layer_count = std::size(layers);

// The row named `name`, or layer_count.
constexpr std::size_t row_of(std::string_view name) {
  for (std::size_t i = 0; i < layer_count; ++i) {
    if (layers[i].name == name) return i;
  }
  return layer_count;
}

// Names are unique and every `unless` names an earlier row, so that a row is decided by the
// rows before it.
constexpr bool well_formed() {
  for (std::size_t i = 0; i < layer_count; ++i) {
    if (row_of(layers[i].name) != i) return false;
    if (!layers[i].unless.empty() && row_of(layers[i].unless) >= i) return false;
  }
  return true;
}
static_assert(well_formed(), "transport layers: duplicate name, or 'unless' not an earlier row");

// Composite.xml and JSON: no layer but a web page is looked for in them.
bool starts_as_document(std::string_view text) {
  auto start = text.find_first_not_of(" \t\r\n");
  return start != std::string_view::npos && (text[start] == '<' || text[start] == '{');
}

}  // namespace

std::span<const transport_layer> transport_layers() { return layers; }

void decoded_input::apply(undone_layer layer) {
  // A layer's notes are offsets of its input: placed before its own map joins the chain.
  for (auto& note : layer.notes) {
    warnings_.push_back({positions_.position(note.offset), note.code, std::move(note.message)});
  }
  positions_.add_layer(layer.out.take_map());
  text_ = layer.out.take_text();
}

bool decoded_input::may_look_for(const transport_layer& layer, std::span<const bool> undone) const {
  // A document that travelled bare is what its reader reads, byte for byte.
  if (layer.where == looked_for::in_text && !decoded() && starts_as_document(text())) return false;
  return layer.unless.empty() || !undone[row_of(layer.unless)];
}

void decoded_input::undo_layers(claims_text claims) {
  // Blanks alone carry nothing (a lone carriage return among them is no terminal's).
  if (original_.find_first_not_of(" \t\r\n") == std::string_view::npos) return;
  std::array<bool, layer_count> undone{};
  for (std::size_t row = 0; row < layer_count; ++row) {
    const auto& layer = layers[row];
    if (!may_look_for(layer, undone) || !layer.may_hold(text())) continue;
    auto done = layer.undo(text(), claims);
    undone[row] = !done.empty();
    for (auto& step : done) apply(std::move(step));
  }
}

}  // namespace iosr::detail
