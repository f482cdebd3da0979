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
