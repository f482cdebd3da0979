// SPDX-License-Identifier: MIT
// The PostgreSQL store's COPY rows (lib/src/store/postgresql.hpp, copy_buffer): the bytes
// connection::copy_row() writes for the same cells, escapes and nulls alike, an entry's runs
// joined as joined_samples() joins them, and each double one that reads back as the same bits.
// No server: these are the bytes sent.
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "catch.hpp"
#include "iosr/model.hpp"
#include "store/postgresql.hpp"
#include "store/rows.hpp"

namespace pg = iosr::db::pg;

namespace {

using cells = std::vector<std::optional<std::string>>;

std::string reference(const std::vector<cells>& rows) {
  std::string out;
  for (const auto& row : rows) pg::connection::copy_row(out, row);
  return out;
}

// The double a cell of COPY's text format reads back as (PostgreSQL's float8in: strtod).
double read_back(std::string_view cell) { return std::strtod(std::string(cell).c_str(), nullptr); }

}  // namespace

TEST_CASE("pg copy_buffer writes the rows copy_row writes, escapes and nulls alike",
          "[store][pg]") {
  pg::copy_buffer b;
  std::vector<cells> rows;
  std::mt19937 rng(41);
  const std::string alphabet = "ab\\\t\n\r:N \x01\xff";
  // Enough rows to grow the buffer several times past its first 256 KiB.
  for (int r = 0; r < 20000; ++r) {
    cells row;
    for (int c = 0; c < 6; ++c) {
      const auto pick = rng() % 5;
      if (pick == 0) {
        b.null();
        row.emplace_back(std::nullopt);
      } else if (pick == 1) {
        const auto v = static_cast<std::int64_t>(rng()) - (std::int64_t{1} << 31);
        b.integer(v);
        row.emplace_back(std::to_string(v));
      } else {
        std::string t;
        for (auto n = rng() % 40; n > 0; --n) t += alphabet[rng() % alphabet.size()];
        if (t.empty()) t = "x";
        b.text(t);
        row.emplace_back(t);
      }
    }
    b.end();
    rows.push_back(std::move(row));
  }
  CHECK(b.rows() == reference(rows));
  b.clear();
  CHECK(b.empty());
  b.text_or_null("");
  b.text("\\N");
  b.integer(INT64_MIN);
  b.end();
  CHECK(b.rows() == "\\N\t\\\\N\t-9223372036854775808\n");
}

TEST_CASE("pg copy_buffer joins an entry's runs as joined_samples does", "[store][pg]") {
  const std::vector<std::vector<std::string>> cases = {
      {}, {""}, {"", ""}, {"", "1"}, {"1", ""}, {"1", "2", "3"}, {"a\tb", "c\\d"}, {"", "", "x"}};
  for (const auto& runs : cases) {
    iosr::entry e;
    e.samples = runs;
    const auto joined = iosr::db::joined_samples(e);
    pg::copy_buffer b;
    b.joined_or_null(runs, ':');
    b.end();
    std::string expected;
    pg::connection::copy_row(expected,
                             {joined.empty() ? std::nullopt : std::optional<std::string>(joined)});
    CHECK(b.rows() == expected);
  }
}

TEST_CASE("pg copy_buffer writes a double as written only when it reads back the same",
          "[store][pg]") {
  struct example {
    std::optional<double> value;
    std::string written, sent;
  };
  const std::vector<example> examples = {
      {18473.23, "18473.23", "18473.23"},
      {0.1, "0.10", "0.1"},  // another text of the same double, its last zero left out
      {5, "5.00", "5"},      // ... and its point with its zeros
      {100, "100", "100"},   // no fraction: no zero left out
      {0.0, ".0", "0"},      // no digit would be left: the shortest form
      {-0.0, "-.0", "-0"},
      {-0.0, "-0.00", "-0"},
      {1000, "1e3", "1000"},        // an exponent: the shortest form instead
      {1000, "1,000", "1000"},      // not a plain decimal
      {2.5, "2.4", "2.5"},          // another value: the value's own form
      {-0.0, "-0", "-0"},           // the sign of zero kept
      {0.0, "-0", "0"},             // ... and not given where there is none
      {std::nullopt, "12", "\\N"},  // no value
      {0.3, "0.30000000000000000001", "0.30000000000000000001"},
      {12, "+12", "12"},  // a sign strtod reads but the check does not take
      {12, "12 ms", "12"},
      {12, "", "12"},
  };
  for (const auto& ex : examples) {
    pg::copy_buffer b;
    b.real_as_written(ex.value, ex.written);
    b.end();
    CAPTURE(ex.written);
    CHECK(b.rows() == ex.sent + "\n");
    if (ex.value) {
      CHECK(std::bit_cast<std::uint64_t>(read_back(ex.sent)) ==
            std::bit_cast<std::uint64_t>(*ex.value));
    }
  }
  // Random doubles, as written with 1 to 17 significant digits: each sent text reads back as the
  // value's bits.
  std::mt19937_64 rng(41);
  for (int i = 0; i < 20000; ++i) {
    const double v =
        std::ldexp(static_cast<double>(rng() >> 11), static_cast<int>(rng() % 80) - 60);
    char text[64];
    const auto digits = static_cast<int>(1 + rng() % 17);
    const auto end =
        std::to_chars(text, text + sizeof text, v, std::chars_format::fixed, digits % 8).ptr;
    pg::copy_buffer b;
    b.real_as_written(v, std::string_view(text, static_cast<std::size_t>(end - text)));
    const auto sent = b.rows().substr(0, b.size() - 1);
    CHECK(std::bit_cast<std::uint64_t>(read_back(sent)) == std::bit_cast<std::uint64_t>(v));
  }
}
