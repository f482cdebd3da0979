// SPDX-License-Identifier: MIT
// Boost.Spirit X3 rules for the tail of a text-export entry line (grammar.hpp lists the tails).
// Only explicit character sets are used: Boost 1.74's X3 character classes assert on bytes
// >= 0x80 (UTF-8 labels).
#include "input/pts_text/grammar.hpp"

#include <algorithm>

#include <boost/fusion/include/at_c.hpp>
#include <boost/fusion/include/vector.hpp>
#include <boost/spirit/home/x3.hpp>

namespace iosr::detail {

namespace x3 = boost::spirit::x3;

namespace {

// ---- tokens -------------------------------------------------------------------------------
const auto blank = x3::lit(' ');
// A value token: anything up to a blank or the bar. Whether it is a number is decided later,
// so that `12.3.4` is reported as a bad value instead of "no entry here".
const auto value_token = x3::raw[+~x3::char_(" |\t\r\n")];
const auto number_token = x3::raw[+x3::char_("0-9.eE+-")];
const auto bar = x3::lit('|') >> x3::raw[*x3::lit('=')];

// ---- tails ----------------------------------------------------------------------------------
const auto series_sep = +blank >> -(x3::lit('/') >> +blank);
const auto series_tail = x3::lit("MIN:") >> +blank >> number_token >> series_sep >>
                         x3::lit("AVG:") >> +blank >> number_token >> series_sep >>
                         x3::lit("MAX:") >> +blank >> number_token;
const auto pass_fail_tail = x3::raw[x3::lit("PASS") | x3::lit("FAIL")];

bool at_token_end(std::string_view text, const char* it) {
  return it == text.data() + text.size() || *it == ' ' || *it == '\t' || *it == '\r' ||
         *it == '\n';
}

}  // namespace

std::optional<entry_tail> match_entry_tail(std::string_view text, std::size_t dots,
                                           bool allow_empty) {
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  const char* it = begin + dots;
  // The leader: dots then one blank, or dots at the very end (an empty tail).
  const char* after_dots = it;
  while (after_dots != end && *after_dots == '.') ++after_dots;
  if (after_dots == it) return std::nullopt;
  if (after_dots == end || *after_dots == '\r') {
    if (!allow_empty) return std::nullopt;
    entry_tail t;
    t.kind = tail_kind::empty;
    t.end = static_cast<std::size_t>(after_dots - begin);
    return t;
  }
  // The dots are already skipped; the leader ends in one blank.
  if (*after_dots != ' ') return std::nullopt;
  it = after_dots + 1;
  // PTS writes `LABEL .... ` with nothing after the blank for values it cannot show.
  if (allow_empty && std::all_of(it, end, [](char c) { return c == ' ' || c == '\r'; })) {
    entry_tail t;
    t.kind = tail_kind::empty;
    t.end = static_cast<std::size_t>(after_dots - begin);
    return t;
  }
  auto offset = [&](auto p) { return static_cast<std::size_t>(&*p - begin); };
  // A tail that is one value token, ending where the token ends.
  auto token_tail = [&](tail_kind kind, const boost::iterator_range<const char*>& value) {
    entry_tail t;
    t.kind = kind;
    t.value_begin = offset(value.begin());
    t.value_end = t.value_begin + value.size();
    t.end = t.value_end;
    return t;
  };

  // VALUE [blanks] | ====
  {
    const char* p = it;
    boost::iterator_range<const char*> value, bars;
    if (x3::parse(p, end, value_token >> *blank, value) && p != end && *p == '|') {
      if (x3::parse(p, end, bar, bars) && at_token_end(text, p)) {
        auto t = token_tail(tail_kind::bar, value);
        t.bar_column = static_cast<std::size_t>(bars.begin() - begin) - 1;
        t.bar_length = bars.size();
        t.end = static_cast<std::size_t>(p - begin);
        return t;
      }
    }
  }
  // MIN: a  AVG: b  MAX: c
  {
    const char* p = it;
    boost::fusion::vector<boost::iterator_range<const char*>, boost::iterator_range<const char*>,
                          boost::iterator_range<const char*>>
        parts;
    if (x3::parse(p, end, series_tail, parts) && at_token_end(text, p)) {
      entry_tail t;
      t.kind = tail_kind::series;
      auto view = [](const boost::iterator_range<const char*>& r) {
        return std::string_view(r.begin(), r.size());
      };
      t.min = view(boost::fusion::at_c<0>(parts));
      t.avg = view(boost::fusion::at_c<1>(parts));
      t.max = view(boost::fusion::at_c<2>(parts));
      t.value_begin = offset(boost::fusion::at_c<0>(parts).begin());
      t.value_end = static_cast<std::size_t>(p - begin);
      t.end = t.value_end;
      return t;
    }
  }
  // VALUE alone: a number and the line's end
  if (allow_empty) {
    const char* p = it;
    boost::iterator_range<const char*> value;
    if (x3::parse(p, end, number_token, value) &&
        std::all_of(p, end, [](char c) { return c == ' ' || c == '\r'; })) {
      return token_tail(tail_kind::bare, value);
    }
  }
  // PASS / FAIL
  {
    const char* p = it;
    boost::iterator_range<const char*> value;
    if (x3::parse(p, end, pass_fail_tail, value) && at_token_end(text, p)) {
      return token_tail(tail_kind::pass_fail, value);
    }
  }
  return std::nullopt;
}

}  // namespace iosr::detail
