// SPDX-License-Identifier: MIT
// The model's helpers: scheduler keys from system names, labels split into group and name, and
// display formats by name.
#include "iosr/model.hpp"

#include <string>
#include <string_view>
#include <utility>

#include "catch.hpp"

namespace {

using iosr::make_system;
using iosr::scheduler_key;

}  // namespace

TEST_CASE("Scheduler names in any case and spelling map to their keys", "[model]") {
  // Blanks, underscores and dashes are the same; names that are not schedulers have no key.
  const std::pair<const char*, const char*> names[] = {
      {"None", "none"},
      {"NONE", "none"},
      {"none", "none"},
      {"MQ-Deadline", "mq-deadline"},
      {"Mq-Deadline", "mq-deadline"},
      {"MQ-DEADLINE", "mq-deadline"},
      {"mq-deadline", "mq-deadline"},
      {"BFQ low-latency", "bfq-low-latency"},
      {"BFQ low_latency", "bfq-low-latency"},
      {"BFQ Low Latency", "bfq-low-latency"},
      {"bfq-low-latency", "bfq-low-latency"},
      {"Noop", "noop"},
      {"NOOP", "noop"},
      {"Kyber", "kyber"},
      {"KYBER", "kyber"},
      {"BFQ", "bfq"},
      {"CFQ", "cfq"},
      {"Deadline", "deadline"},
      {"DEADLINE", "deadline"},
      {"stream-run-0", ""},
      {"base", ""},
      {"", ""},
      {"Linux 4.15", ""},
      {"2018-11-25 08:09", ""},
  };
  for (const auto& [written, key] : names) {
    INFO(written);
    CHECK(scheduler_key(written) == key);
  }
}

TEST_CASE("A label splits into group and name at its final ': '", "[model]") {
  // `group | name | scheduler key` of each label; the label itself is kept whole.
  const std::pair<const char*, const char*> labels[] = {
      {"Linux 4.15: CFQ", "Linux 4.15 | CFQ | cfq"},
      {"a: b: BFQ", "a: b | BFQ | bfq"},  // several ': ', split on the final one
      {"WD5000AZRX: Mq-Deadline", "WD5000AZRX | Mq-Deadline | mq-deadline"},
      {"stream-run-0", " | stream-run-0 | "},  // no ': ': no group, the label is the name
      {"NONE", " | NONE | none"},
      {"2018-11-25 08:09", " | 2018-11-25 08:09 | "},  // a colon without a blank after it
  };
  for (const auto& [label, parts] : labels) {
    INFO(label);
    const auto s = make_system(label);
    CHECK(s.label == label);
    CHECK(s.group + " | " + s.name + " | " + s.scheduler == parts);
  }
}

TEST_CASE("Display formats: PTS's names by kind, any other name kept as written", "[model]") {
  using iosr::display_format;
  CHECK(display_format::from_name("BAR_GRAPH") == display_format::bar_graph);
  CHECK(display_format::from_name("FILLED_LINE_GRAPH") == display_format::filled_line_graph);
  CHECK(display_format::from_name("MULTI_PASS_FAIL").name() == "MULTI_PASS_FAIL");
  CHECK(display_format::from_name("").empty());
  CHECK(display_format(display_format::pass_fail).name() == "PASS_FAIL");
  CHECK(display_format().name().empty());
  // Only PTS's exact spelling is a known kind: anything else is kept, byte for byte.
  for (std::string_view name : {"HORIZONTAL_BOX_PLOT", "bar_graph", "BAR_GRAPH ", "Ünknown"}) {
    const auto format = display_format::from_name(name);
    CHECK(format == display_format::other);
    CHECK(format.name() == name);
    CHECK(format == display_format::from_name(name));
  }
  CHECK(display_format::from_name("BOX") != display_format::from_name("PIE"));
  CHECK(display_format(display_format::other).empty());
}

TEST_CASE("Timestamps are normalized to YYYY-MM-DD HH:MM:SS where their form is known",
          "[model]") {
  using iosr::normalized_timestamp;
  // PTS 0.1's TestDate, with the 12-hour clock's edges.
  CHECK(normalized_timestamp("December 31, 2009 11:59 PM") == "2009-12-31 23:59:00");
  CHECK(normalized_timestamp("January 2, 2010 12:05 AM") == "2010-01-02 00:05:00");
  CHECK(normalized_timestamp("March 9, 2008 12:30 PM") == "2008-03-09 12:30:00");
  CHECK(normalized_timestamp("May 17, 2008") == "2008-05-17 00:00:00");
  // Today's form, and anything unknown, stays as written.
  CHECK(normalized_timestamp("2023-02-19 01:17:40") == "2023-02-19 01:17:40");
  CHECK(normalized_timestamp("Mayday 3, 2008") == "Mayday 3, 2008");
  CHECK(normalized_timestamp("June 31st, 2008") == "June 31st, 2008");
  CHECK(normalized_timestamp("").empty());
}

TEST_CASE("A file's run date is its earliest timestamp as a date, whatever form it was written in",
          "[model]") {
  iosr::result_file file;
  file.systems.resize(2);
  file.systems[0].timestamp = "2008-11-02 10:00:00";
  file.systems[1].timestamp = "October 30, 2008 09:15 PM";  // written earlier, sorts after as text
  CHECK(file.run_date() == "2008-10-30 21:15:00");
  file.systems.clear();
  file.last_modified = "February 1, 2009 01:00 AM";
  CHECK(file.run_date() == "2009-02-01 01:00:00");
}
