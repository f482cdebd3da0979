// SPDX-License-Identifier: MIT
// The trend's choices (--only, --machine, --baseline) and its machines' names: a number read
// from an output names that machine in the same command with --machine added, a name that names
// nothing (or only a baseline, or is empty) is a usage error, and two machines the trend tells
// apart never read the same.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/trend.hpp"

namespace {

// One machine's runs: none and bfq on two kernels; kyber too when `kyber`.
void add_machine(iosr::trend_input_builder& b, std::size_t test,
                 const std::vector<iosr::field>& hardware, bool kyber) {
  for (const char* kernel : {"5.4.0", "5.10.0"}) {
    for (auto [label, value] : {std::pair{"None", 100.0}, {"BFQ", 90.0}, {"Kyber", 95.0}}) {
      if (!kyber && std::string(label) == "Kyber") continue;
      auto s = iosr::make_system(label);
      s.software.push_back({"Kernel", kernel});
      s.hardware = hardware;
      b.add_run(b.date_system(b.add_system(s), "", ""), test, value);
    }
  }
}

std::vector<iosr::field> box(std::string cpu, std::string disk, std::string board = "B1",
                             std::string memory = "32GB") {
  return {{"Processor", std::move(cpu)},
          {"Motherboard", std::move(board)},
          {"Memory", std::move(memory)},
          {"Disk", std::move(disk)}};
}

// Four machines; only the second and the fourth ran kyber. The third and the fourth differ
// only in their motherboard's BIOS, the first and the second only in memory.
iosr::trend_input fleet() {
  iosr::trend_input_builder b;
  iosr::test_fields chart;
  chart.title = "Write";
  chart.unit = "MB/s";
  chart.direction = iosr::direction::higher;
  const auto test = b.add_test(chart);
  add_machine(b, test, box("Ryzen 9 5950X", "Samsung SSD 980 PRO", "B1", "32GB"), false);
  add_machine(b, test, box("Ryzen 9 5950X", "Samsung SSD 980 PRO", "B1", "64GB"), true);
  add_machine(b, test, box("Threadripper 2990WX", "WD1500", "X399 (3801 BIOS)"), false);
  add_machine(b, test, box("Threadripper 2990WX", "WD1500", "X399 (4201 BIOS)"), true);
  return std::move(b).finish();
}

std::string usage_error(const iosr::trend_input& in, const iosr::trend_options& o) {
  try {
    (void)iosr::compute_trend(in, o);
  } catch (const iosr::error& e) {
    CHECK(e.kind() == iosr::error_kind::usage);
    return e.what();
  }
  FAIL("no usage error");
  return {};
}

// The line of `text` that holds `part`, or an empty one.
std::string line_with(const std::string& text, const std::string& part) {
  const auto at = text.find(part);
  if (at == std::string::npos) return {};
  const auto start = text.rfind('\n', at) + 1;
  return text.substr(start, text.find('\n', at) - start);
}

std::string ascii(const iosr::trend& t) {
  std::string out;
  iosr::render_trend(t, "ascii", {}, out);
  return out;
}

}  // namespace

TEST_CASE("trend: machines that read alike get the fields that tell them apart", "[trend]") {
  const auto t = iosr::compute_trend(fleet());
  REQUIRE(t.machines.size() == 4);
  CHECK(t.machines[0].name == "Ryzen 9 5950X, Samsung SSD 980 PRO (Memory: 32GB)");
  CHECK(t.machines[1].name == "Ryzen 9 5950X, Samsung SSD 980 PRO (Memory: 64GB)");
  CHECK(t.machines[2].name == "Threadripper 2990WX, WD1500 (Motherboard: X399 (3801 BIOS))");
  CHECK(t.machines[3].name == "Threadripper 2990WX, WD1500 (Motherboard: X399 (4201 BIOS))");
  // In every format: the CSV's machine column, and --machine by what tells them apart.
  std::string csv;
  iosr::render_trend(t, "csv", {}, csv);
  CHECK(csv.find("Samsung SSD 980 PRO (Memory: 64GB)") != std::string::npos);
  iosr::trend_options o;
  o.machines = {"64gb"};
  const auto one = iosr::compute_trend(fleet(), o);
  REQUIRE(one.machines.size() == 1);
  CHECK(one.machines[0].number == 2);
  o.machines = {"4201 BIOS"};
  CHECK(iosr::compute_trend(fleet(), o).machines.at(0).number == 4);
  // A machine without a look-alike keeps its plain name.
  iosr::trend_input_builder b;
  iosr::test_fields chart;
  chart.title = "Write";
  chart.direction = iosr::direction::higher;
  add_machine(b, b.add_test(chart), box("Ryzen", "SSD"), false);
  CHECK(iosr::compute_trend(std::move(b).finish()).machines.at(0).name == "Ryzen, SSD");
}

TEST_CASE("trend --machine N: a machine's number among all, whatever else is chosen",
          "[trend]") {
  const auto in = fleet();
  iosr::trend_options o;
  o.machines = {"4"};
  auto t = iosr::compute_trend(in, o);
  REQUIRE(t.machines.size() == 1);
  CHECK(t.machines[0].number == 4);
  CHECK(ascii(t).find("Machine 4: Threadripper") != std::string::npos);
  CHECK(ascii(t).find("Machine 1") == std::string::npos);
  // With --only, the machines shown keep their numbers: kyber ran on two of the four.
  o.machines.clear();
  o.only = {"kyber"};
  t = iosr::compute_trend(in, o);
  REQUIRE(t.machines.size() == 2);
  CHECK(t.machines[1].number == 4);
  CHECK(t.machines[1].name.find("4201") != std::string::npos);
  const auto first = t.machines[0].number;
  CHECK(first < 4);
  o.machines = {"4"};  // the number read from that listing, and from the one without --only
  t = iosr::compute_trend(in, o);
  REQUIRE(t.machines.size() == 1);
  CHECK(t.machines[0].name.find("4201") != std::string::npos);
  CHECK(ascii(t).find("Machine 4: Threadripper") != std::string::npos);
  o.machines = {"7"};  // in no name either
  CHECK(usage_error(in, o).find("--machine '7': no machine is named so; expected the number of "
                                "a machine shown (" +
                                std::to_string(first) + ", 4)") == 0);
}

TEST_CASE("trend --machine: a number past the machines is a part of a name", "[trend]") {
  iosr::trend_options o;
  o.machines = {"980"};  // four machines: 980 is in two names
  auto t = iosr::compute_trend(fleet(), o);
  REQUIRE(t.machines.size() == 2);
  CHECK(t.machines[0].number == 1);
  CHECK(t.machines[1].number == 2);
  o.machines = {"5950"};
  CHECK(iosr::compute_trend(fleet(), o).machines.size() == 2);
  o.machines = {"7"};  // no machine 7, and no 7 in any name
  CHECK(usage_error(fleet(), o).find("--machine '7': no machine is named so") == 0);
  // A number past the machines names the machines with that number in their name, not with
  // that digit inside another number: `8` (from another listing) is not in `980`.
  o.machines = {"8"};
  CHECK(usage_error(fleet(), o).find("--machine '8': no machine is named so") == 0);
  o.machines = {"98"};
  CHECK(usage_error(fleet(), o).find("--machine '98': no machine is named so") == 0);
}

TEST_CASE("trend: an empty --machine or --only is a usage error, never every one", "[trend]") {
  iosr::trend_options o;
  o.machines = {""};
  CHECK(usage_error(fleet(), o).find("--machine '': expected") == 0);
  o.machines = {"1", ""};
  CHECK(usage_error(fleet(), o).find("--machine '': expected") == 0);
  o.machines.clear();
  o.only = {""};
  CHECK(usage_error(fleet(), o).find("--only '': expected") == 0);
}

TEST_CASE("trend --only: the baseline alone is a usage error (it has no series)", "[trend]") {
  iosr::trend_options o;
  o.only = {"none"};
  CHECK(usage_error(fleet(), o).find("--only 'none': names the baseline, which has no series") ==
        0);
  o.only = {"NONE", "bfq"};  // in any spelling, also beside a configuration with a series
  CHECK(usage_error(fleet(), o).find("--only 'NONE': names the baseline") == 0);
}

TEST_CASE("trend --baseline: a name of nothing is a usage error naming --baseline", "[trend]") {
  iosr::trend_options o;
  o.baseline = "nonexistent";
  o.machines = {"1"};  // not blamed: the baseline is what names nothing
  const auto why = usage_error(fleet(), o);
  CHECK(why.find("--baseline: no configuration is named 'nonexistent'; expected one of: ") == 0);
  CHECK(why.find("bfq") != std::string::npos);
  o.machines.clear();
  o.by = iosr::trend_by::label;
  o.baseline = "nosuch";
  CHECK(usage_error(fleet(), o).find("--baseline: no point is named 'nosuch'; expected one of: ") ==
        0);
  o.baseline = "BFQ";  // a label that is a point
  CHECK(iosr::compute_trend(fleet(), o).baseline_point.has_value());
}

TEST_CASE(
    "trend ASCII: a long group is shortened, never the scheduler; the baseline is named "
    "within its group",
    "[trend][layout]") {
  iosr::trend_input_builder b;
  iosr::test_fields chart;
  chart.title = "Write";
  chart.direction = iosr::direction::higher;
  const auto test = b.add_test(chart);
  for (auto [label, value] : {std::pair{"Sandy Bridge + SSD and a long name: Noop", 100.0},
                              {"Sandy Bridge + SSD and a long name: CFQ", 90.0},
                              {"Sandy Bridge + SSD and a long name: Deadline", 95.0}}) {
    auto s = iosr::make_system(label);
    s.software.push_back({"Kernel", "3.4.0"});
    s.hardware = box("Core i5", "SSD");
    b.add_run(b.date_system(b.add_system(s), "", ""), test, value);
  }
  const auto t = iosr::compute_trend(std::move(b).finish());
  for (int width : {40, 60}) {
    iosr::trend_render_options o;
    o.width = width;
    std::string text;
    iosr::render_trend(t, "ascii", o, text);
    INFO(text);
    // The value stays beside its row, and the baseline column says `noop`, not the group again.
    CHECK(line_with(text, ": deadline (1 test)").ends_with("noop      0.950"));
    CHECK(line_with(text, ": cfq (1 test)").ends_with("noop      0.900"));
    CHECK(text.find("long name: noop") == std::string::npos);
  }
}
