// SPDX-License-Identifier: MIT
// gzip for the server's bodies (gzip.hpp), by zlib.
#include "serve/gzip.hpp"

#include <zlib.h>

#include <algorithm>
#include <limits>
#include <new>
#include <stdexcept>

#include "strings.hpp"

namespace iosr::detail {

namespace {

// The weight of one list member's parameters (`;q=0.5`, lower case): 1 when none is given; a
// weight that is no number between 0 and 1 counts as 1, as the member is not refused by it.
bool weighted_zero(std::string_view parameters) {
  bool zero = false;
  for_each_piece(parameters, ';', [&](std::string_view parameter) {
    const auto equals = parameter.find('=');
    if (equals == std::string_view::npos || trim(parameter.substr(0, equals)) != "q") return;
    // q=0, q=0., q=0.0, q=0.00, q=0.000: zero; anything else (q=0.001, q=1) is not.
    const auto weight = trim(parameter.substr(equals + 1));
    const auto rest = weight.substr(std::min<std::size_t>(1, weight.size()));
    zero = weight.starts_with('0') &&
           (rest.empty() || (rest[0] == '.' && rest.size() <= 4 &&
                             rest.find_first_not_of('0', 1) == std::string_view::npos));
  });
  return zero;
}

}  // namespace

bool accepts_gzip(std::string_view accept_encoding) {
  bool named = false, refused = false, any = false;
  // Codings and parameter names are case-insensitive, and ASCII.
  for_each_piece(ascii_lower(accept_encoding), ',', [&](std::string_view member) {
    const auto semicolon = member.find(';');
    const auto coding = trim(member.substr(0, semicolon));
    const bool zero =
        semicolon != std::string_view::npos && weighted_zero(member.substr(semicolon + 1));
    if (coding == "gzip" || coding == "x-gzip") {
      (zero ? refused : named) = true;
    } else if (coding == "*" && !zero) {
      any = true;
    }
  });
  return !refused && (named || any);
}

bool compressible(std::string_view content_type) {
  const auto type = ascii_lower(trim(content_type.substr(0, content_type.find(';'))));
  return (type.size() > 5 && type.starts_with("text/")) || type == "application/json" ||
         type == "image/svg+xml";
}

std::string gzip(std::string_view data, int level) {
  // One deflate call is given at most 2 GiB here (its counts are uInt, 4 GiB); the site's
  // bodies are megabytes.
  if (data.size() > std::numeric_limits<uInt>::max() / 2) {
    throw std::length_error("gzip: a body of more than 2 GiB");
  }
  z_stream stream{};
  // 15 bits of window, +16: the gzip wrapper (header and CRC-32) rather than zlib's.
  if (deflateInit2(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::bad_alloc();
  }
  std::string out(deflateBound(&stream, static_cast<uLong>(data.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int done = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  // deflateBound is enough for the whole input in one call: anything else is zlib's failure.
  if (done != Z_STREAM_END) throw std::runtime_error("gzip: the body could not be compressed");
  // deflateBound's room is about the input's size: a kept page's 1.66 MB of gzip would hold
  // its 11.8 MB, which the kept pages' bound (their sizes) would not count.
  out.shrink_to_fit();
  return out;
}

}  // namespace iosr::detail
