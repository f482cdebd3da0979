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

TEST_CASE("A label with one ': ' splits into group and name", "[model]") {
  auto s = make_system("Linux 4.15: CFQ");
  CHECK(s.label == "Linux 4.15: CFQ");
  CHECK(s.group == "Linux 4.15");
  CHECK(s.name == "CFQ");
  CHECK(s.scheduler == "cfq");
}

TEST_CASE("A label with several ': ' splits on the final one", "[model]") {
  auto s = make_system("a: b: BFQ");
  CHECK(s.label == "a: b: BFQ");
  CHECK(s.group == "a: b");
  CHECK(s.name == "BFQ");
  CHECK(s.scheduler == "bfq");

  auto disk = make_system("WD5000AZRX: Mq-Deadline");
  CHECK(disk.group == "WD5000AZRX");
  CHECK(disk.name == "Mq-Deadline");
  CHECK(disk.scheduler == "mq-deadline");
}

TEST_CASE("A label without ': ' has an empty group and is the name", "[model]") {
  auto s = make_system("stream-run-0");
  CHECK(s.label == "stream-run-0");
  CHECK(s.group.empty());
  CHECK(s.name == "stream-run-0");
  CHECK(s.scheduler.empty());

  auto none = make_system("NONE");
  CHECK(none.group.empty());
  CHECK(none.name == "NONE");
  CHECK(none.scheduler == "none");
}

TEST_CASE("A date label whose colon has no blank after it stays whole", "[model]") {
  auto s = make_system("2018-11-25 08:09");
  CHECK(s.label == "2018-11-25 08:09");
  CHECK(s.group.empty());
  CHECK(s.name == "2018-11-25 08:09");
  CHECK(s.scheduler.empty());
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
