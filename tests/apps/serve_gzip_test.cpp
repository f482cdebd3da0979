// SPDX-License-Identifier: MIT
// The server's gzip (serve/gzip.hpp, docs/serve.md "Compression"): which Accept-Encoding headers
// accept it (RFC 9110, 12.5.3), which bodies are worth it, and that what it makes is gzip that
// zlib's own inflate reads back to the same bytes. The server end to end: tests/serve_test.py.
#include <zlib.h>

#include <string>
#include <string_view>

#include "catch.hpp"
#include "serve/gzip.hpp"

namespace {

// zlib's inflate of a gzip stream, as a browser does.
std::string gunzip(std::string_view data) {
  z_stream stream{};
  REQUIRE(inflateInit2(&stream, 15 + 16) == Z_OK);
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  std::string out;
  char chunk[16384];
  int status = Z_OK;
  while (status == Z_OK) {
    stream.next_out = reinterpret_cast<Bytef*>(chunk);
    stream.avail_out = sizeof chunk;
    status = inflate(&stream, Z_NO_FLUSH);
    out.append(chunk, sizeof chunk - stream.avail_out);
  }
  inflateEnd(&stream);
  CHECK(status == Z_STREAM_END);
  return out;
}

}  // namespace

TEST_CASE("serve: which Accept-Encoding headers accept gzip", "[serve]") {
  using iosr::detail::accepts_gzip;
  for (std::string_view yes : {"gzip", "GZIP", "x-gzip", "gzip, deflate, br", " deflate , gzip ",
                               "gzip;q=1", "gzip; q=0.5", "gzip;q=0.001", "*", "br, *;q=0.1",
                               "gzip;level=9", "gzip;q=1.0,", ",,gzip"}) {
    INFO(yes);
    CHECK(accepts_gzip(yes));
  }
  for (std::string_view no : {"", "identity", "deflate, br", "gzipx", "xgzip", "gzip;q=0",
                              "gzip; Q=0.0", "gzip;q=0.000", "*;q=0", "*, gzip;q=0",
                              "gzip;q=0, *", "gzip;q=0, gzip"}) {
    INFO(no);
    CHECK_FALSE(accepts_gzip(no));
  }
}

TEST_CASE("serve: the bodies worth compressing", "[serve]") {
  using iosr::detail::compressible;
  for (std::string_view yes : {"text/html; charset=utf-8", "text/css; charset=utf-8", "text/csv",
                               "text/plain", "application/json", "Application/JSON",
                               "image/svg+xml"}) {
    INFO(yes);
    CHECK(compressible(yes));
  }
  for (std::string_view no : {"image/png", "application/pdf", "application/gzip", "", "json",
                              "application/jsonx"}) {
    INFO(no);
    CHECK_FALSE(compressible(no));
  }
}

TEST_CASE("serve: gzip reads back to the same bytes", "[serve]") {
  std::string page;
  for (int i = 0; i < 20000; ++i) page += "<circle cx=\"" + std::to_string(i % 977) + "\"/>\n";
  page += std::string("\0\xff\x80 bytes of every kind", 24);
  for (std::string_view text : {std::string_view(), std::string_view("a"), std::string_view(page)}) {
    const auto packed = iosr::detail::gzip(text, iosr::detail::gzip_level);
    REQUIRE(packed.size() >= 18);  // gzip's header and trailer at least
    CHECK(static_cast<unsigned char>(packed[0]) == 0x1f);
    CHECK(static_cast<unsigned char>(packed[1]) == 0x8b);
    CHECK(gunzip(packed) == text);
  }
  CHECK(iosr::detail::gzip(page, iosr::detail::gzip_level).size() * 10 < page.size());
}
