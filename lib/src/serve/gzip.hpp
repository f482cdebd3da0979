// SPDX-License-Identifier: MIT
// Bodies sent gzip-compressed to the clients that accept it (docs/serve.md, "Compression"): a
// site's pages are HTML, SVG and JSON, which gzip makes 10 to 20 times smaller (the trend of one
// test over 20 machines: 11.8 MB, 1.66 MB compressed), and the bytes written, not the page's
// making, were what a kept page cost the server and its readers under load.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace iosr::detail {

/// Bodies shorter than this are sent as they are: gzip's header and the work would not pay.
inline constexpr std::size_t smallest_gzip_body = 1024;
/// zlib's fastest level, for every body: the trend of one test over 20 machines (11.8 MB) takes
/// 0.13 s to 1.66 MB at it, and 0.40 s to 1.23 MB at zlib's default (6), time its first readers
/// would wait once more after its drawing (0.66 s); a 36 KB list of results becomes 2 KB.
inline constexpr int gzip_level = 1;

/// Whether a request's Accept-Encoding header (its value, as sent; empty when there is none)
/// accepts gzip (RFC 9110, 12.5.3): `gzip` or `x-gzip`, or `*`, listed with a weight other than
/// q=0, in any case; an explicit `gzip;q=0` refuses it whatever `*` says.
bool accepts_gzip(std::string_view accept_encoding);

/// Whether a body of this Content-Type is text that gzip makes smaller (HTML, CSS, JSON, CSV,
/// SVG, plain text), not an image or an archive that is compressed already.
bool compressible(std::string_view content_type);

/// `data` in the gzip format (RFC 1952), at zlib's `level` (1 fastest to 9 smallest).
std::string gzip(std::string_view data, int level);

}  // namespace iosr::detail
