// SPDX-License-Identifier: MIT
// Text in the charset a MIME header declares, converted to UTF-8 (with glibc's iconv), one
// character at a time so that every output byte maps to the input bytes of its character.
#include <iconv.h>

#include <algorithm>
#include <cerrno>

#include "input/transport/layers.hpp"
#include "iosr/counted.hpp"
#include "strings.hpp"
#include "utf8.hpp"

namespace iosr::detail {

namespace {

struct iconv_handle {
  iconv_t cd;
  explicit iconv_handle(const std::string& from) : cd(iconv_open("UTF-8", from.c_str())) {}
  ~iconv_handle() {
    if (ok()) iconv_close(cd);
  }
  iconv_handle(const iconv_handle&) = delete;
  iconv_handle& operator=(const iconv_handle&) = delete;
  bool ok() const { return cd != reinterpret_cast<iconv_t>(-1); }
};

}  // namespace

std::optional<undone_layer> convert_charset(std::string_view text, std::string_view charset,
                                            std::size_t note_offset) {
  auto name = ascii_lower(charset);
  if (name.empty() || name == "us-ascii" || name == "ascii" || name == "utf-8" || name == "utf8") {
    return std::nullopt;
  }
  if (std::all_of(text.begin(), text.end(), [](char c) { return (c & 0x80) == 0; })) {
    return std::nullopt;  // ASCII reads the same in every charset MIME mail uses
  }
  undone_layer layer;
  if (is_utf8(text)) {  // and not all ASCII (above)
    // A sender that declares Latin-1 and sends UTF-8 is common; Latin-1 text that happens to
    // be valid UTF-8 with a non-ASCII character is not.
    layer.out.copy(text, 0);
    layer.notes.push_back(
        {note_offset, message_code::charset_mislabelled,
         "the text is declared as " + std::string(charset) + " but is valid UTF-8; read as UTF-8"});
    return layer;
  }
  iconv_handle converter(name);
  if (!converter.ok()) {
    layer.out.copy(text, 0);
    layer.notes.push_back(
        {note_offset, message_code::charset_unknown,
         "charset '" + std::string(charset) + "' is not known; the text is read as it is"});
    return layer;
  }
  // ASCII bytes are themselves in every charset but UTF-16, UTF-32 and ISO-2022: copied as they
  // are, in runs.
  const bool ascii_is_itself = name.find("utf-16") == std::string::npos &&
                               name.find("utf-32") == std::string::npos &&
                               name.find("2022") == std::string::npos;
  std::size_t replaced = 0;
  char buffer[16];
  for (std::size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80 && ascii_is_itself) {
      auto end = i;
      while (end < text.size() && (static_cast<unsigned char>(text[end]) < 0x80)) ++end;
      layer.out.copy(text.substr(i, end - i), i);
      i = end;
      continue;
    }
    // Feed one more byte until iconv has a whole character.
    bool done = false;
    for (std::size_t n = 1; n <= 4 && i + n <= text.size() && !done; ++n) {
      auto* in = const_cast<char*>(text.data() + i);
      std::size_t in_left = n;
      char* out = buffer;
      std::size_t out_left = sizeof buffer;
      auto r = iconv(converter.cd, &in, &in_left, &out, &out_left);
      if (r != static_cast<std::size_t>(-1) || in_left == 0) {
        layer.out.put(std::string_view(buffer, sizeof buffer - out_left), i, n);
        i += n;
        done = true;
      } else if (errno != EINVAL) {
        break;  // EILSEQ: not a character of this charset
      }
    }
    if (!done) {
      layer.out.put("\xEF\xBF\xBD", i, 1);  // U+FFFD REPLACEMENT CHARACTER
      ++replaced;
      ++i;
      iconv(converter.cd, nullptr, nullptr, nullptr, nullptr);
    }
  }
  std::string message = "charset " + std::string(charset) + " converted to UTF-8";
  if (replaced > 0) {
    message += "; " + counted(replaced, "byte") + " that " + (replaced == 1 ? "is" : "are") +
               " not " + std::string(charset) + " became U+FFFD";
  }
  layer.notes.push_back({note_offset, message_code::charset_converted, std::move(message)});
  return layer;
}

}  // namespace iosr::detail
