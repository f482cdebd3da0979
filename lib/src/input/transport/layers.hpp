// SPDX-License-Identifier: MIT
// The transport layers iosr undoes before any reader sees an input: a cheap look and an undo
// function each. The undo function looks at the text it is given, returns nothing when its
// layer is absent, and otherwise the text without it, the way back to its input's offsets, and
// what it did (said once, as a warning of the input). transport.cpp's table applies them in order.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "input/transport/mapped_text.hpp"
#include "iosr/codes.hpp"

namespace iosr::detail {

/// What a layer did, at an offset of its input.
struct transport_note {
  std::size_t offset = 0;
  message_code code = message_code::unspecified;
  std::string message;
};

/// One layer undone.
struct undone_layer {
  mapped_text out;
  std::vector<transport_note> notes;
};

/// Does a reader claim this text? (The input registry's sniffers; MIME uses it to pick the
/// part of a message that holds the results.)
using claims_text = bool (*)(std::string_view text);

/// What one row of the table undid: nothing, one layer, or several applied in order (MIME: the
/// part, then its charset and format=flowed).
using undone_layers = std::vector<undone_layer>;

/// Where a layer is looked for.
enum class looked_for : bool {
  /// In text, not in a document in markup or JSON (its first byte other than a blank is `<` or
  /// `{`), which travels bare: its reader reads it byte for byte.
  in_text,
  /// In such a document too, and once it is undone the other layers are looked for in what it
  /// became (a web page: the text a browser shows).
  also_in_markup,
};

/// One row of the table of layers (transport.cpp), looked for in the table's order.
struct transport_layer {
  std::string_view name;  ///< as docs/transport.md names it
  /// A cheap look: false when the layer cannot be in `text`, so that `undo` is not called;
  /// true lets `undo` look closer (and still find nothing).
  bool (*may_hold)(std::string_view text);
  undone_layers (*undo)(std::string_view text, claims_text claims);
  looked_for where;
  /// The name of an earlier row that, once undone, makes this one not looked for: the same layer
  /// in another form (quoted-printable that no MIME header declared). Empty: none.
  std::string_view unless;
};

// ---- e-mail (mime.cpp, transfer_encodings.cpp, charset.cpp, flowed.cpp) ------------------

/// The text starts as a message does: an mbox `From ` line or a header field (`Name: value`).
bool starts_with_header_field(std::string_view text);

/// A message with MIME headers (RFC 2045-2049): the body of the part that holds the results
/// (multipart, message/rfc822), with its transfer encoding (quoted-printable, base64), charset
/// (to UTF-8) and format=flowed (RFC 3676) undone. Several layers, applied in order.
undone_layers undo_mime(std::string_view text, claims_text claims);

/// `=3D=3D` somewhere (a bar's `==` in quoted-printable), or `=C2=B1` or `=B1 ` (a kernel test
/// robot's `±` in UTF-8 or ISO-8859-1).
bool has_encoded_bar(std::string_view text);

/// Quoted-printable text that no MIME header declares (a message body copied without its
/// headers): undone when a bar reads `|=3D=3D`, which is how quoted-printable writes `|==`, or a
/// deviation's `±` reads `=C2=B1` or `=B1`.
std::optional<undone_layer> undo_bare_quoted_printable(std::string_view text);

/// RFC 2045 quoted-printable: `=XX` is a byte, `=` at a line's end a soft line break; blanks
/// at a line's end were added in transport. `=` followed by anything else is kept and counted.
void decode_quoted_printable(std::string_view encoded, std::size_t base, mapped_text& out,
                             std::size_t& malformed);
/// RFC 2045 base64; bytes outside the alphabet (other than line ends) are skipped and counted.
void decode_base64(std::string_view encoded, std::size_t base, mapped_text& out,
                   std::size_t& malformed);

/// Converts `text` from `charset` (as MIME names it) to UTF-8. Nothing for US-ASCII and UTF-8,
/// and nothing (with a note) when the text is valid UTF-8 in spite of its label, or when the
/// charset is unknown.
std::optional<undone_layer> convert_charset(std::string_view text, std::string_view charset,
                                            std::size_t note_offset);

/// RFC 3676 format=flowed: a line ending in a blank continues on the next one (at the same
/// quote depth); space-stuffing is removed; with DelSp=yes the blank itself goes too.
std::optional<undone_layer> undo_flowed(std::string_view text, bool delete_space,
                                        std::size_t note_offset);

// ---- terminals (terminal.cpp) --------------------------------------------------------------

/// An escape, a backspace or a carriage return somewhere: bytes a terminal acts on.
bool has_terminal_bytes(std::string_view text);

/// What a terminal shows of a captured session: escape sequences (colours, cursor moves, window
/// titles) removed, `\r` and backspace overprints resolved to the text that stayed visible.
std::optional<undone_layer> undo_terminal(std::string_view text);

// ---- web pages and editors (html_page.cpp, invisible_characters.cpp, double_spacing.cpp) ----

/// The text starts (after blanks) with `<!DOCTYPE html` or `<html`, in any case, and is not
/// PTS's HTML export.
bool starts_as_html_page(std::string_view text);

/// The page starts as PTS's result-file-to-html writes it:
/// `<html><head><title>TITLE - Phoronix Test Suite</title>`. Such a page is a result file in
/// markup (its values are only in inline SVG, which a browser's text leaves out): it is no web
/// page layer, and the pts-html reader reads it as it is.
bool is_pts_html_export(std::string_view text);

/// A web page saved as HTML (`<!DOCTYPE html`, `<html`): the text a browser shows, markup
/// removed and entities decoded, white space kept inside <pre>.
std::optional<undone_layer> undo_html_page(std::string_view text);

/// A zero-width space or joiner, a word joiner, U+FEFF or a no-break space somewhere.
bool has_invisible_characters(std::string_view text);

/// Zero-width spaces and joiners removed, no-break spaces read as blanks.
std::optional<undone_layer> undo_invisible_characters(std::string_view text);

/// A line end somewhere: double spacing needs lines.
bool has_line_end(std::string_view text);

/// Charts whose every line is followed by a blank line (Markdown's line breaks) read without
/// those blank lines.
std::optional<undone_layer> undo_double_spacing(std::string_view text);

// ---- replies (quoting.cpp) -----------------------------------------------------------------

/// A `>` somewhere: the quote prefix.
bool has_quote_mark(std::string_view text);

/// Quote prefixes (`> `, `> > `, `>>`) removed where a chart is quoted, and the lines that a
/// mail client re-wrapped without their prefix joined back to the quoted line they belong to.
std::optional<undone_layer> undo_quoting(std::string_view text);

}  // namespace iosr::detail
