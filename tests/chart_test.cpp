// SPDX-License-Identifier: MIT
// The chart images (iosr/chart.hpp) laid out as librsvg sees them: every image of the seeds
// 000-004 and the sample XMLs, of 1 to 40 configurations with long labels, of runs spread wider
// than their standard errors, and of long compiler-option identifiers, at widths from 400 px to
// 1600 px, light and dark. librsvg parses each SVG (valid XML), and its element geometry says
// where each text and each mark (bar, whisker, run, axis) lies: every text inside the image,
// clear of every other text and of every mark; and a label wrapped over lines is broken at a
// blank or after a hyphen or slash, inside a word only where the word has none. PNG and PDF
// come out at the sizes asked. Screenshots for review go under the build tree
// (IOSR_CHART_SCREENSHOTS).
#include "iosr/chart.hpp"

#include <librsvg/rsvg.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string_view>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "catch.hpp"
#include "iosr/compare.hpp"
#include "iosr/error.hpp"
#include "iosr/operations.hpp"
#include "iosr/read.hpp"
#include "reader_support.hpp"
#include "render/chart/font_metrics.hpp"

#if defined(__SANITIZE_ADDRESS__)
// As in iosr's own sanitizer build (apps/iosr/main.cpp, docs/reliability.md): fontconfig keeps
// the fonts PNG and PDF charts load for the process's life, which LeakSanitizer would report at
// this test program's exit. Only that library is exempt.
extern "C" const char* __lsan_default_suppressions() { return "leak:libfontconfig.so\n"; }
#endif

using namespace test_support;

namespace {

struct box {
  double x, y, w, h;
};

// The ink box of every element whose id is PREFIX1, PREFIX2, ... (draw_charts() numbers its
// texts t1, t2, ... and its marks s1, s2, ...). librsvg 2.54 (Debian 12) gives a stroked line or
// path an ink box that reaches to the origin, so a mark's box is its logical box (its geometry
// without the stroke, which librsvg gets right) widened by half the widest stroke the images
// draw (the whiskers' 1.2 px); a filled bar or dot has no stroke, and the two boxes are one.
std::vector<std::pair<std::string, box>> boxes_of(const iosr::chart_image& image,
                                                  const std::string& prefix) {
  GError* e = nullptr;
  RsvgHandle* h = rsvg_handle_new_from_data(
      reinterpret_cast<const guint8*>(image.svg.data()), image.svg.size(), &e);
  INFO(image.name << ": " << (e ? e->message : ""));
  REQUIRE(h != nullptr);
  rsvg_handle_set_dpi(h, 96);
  std::vector<std::pair<std::string, box>> boxes;
  const RsvgRectangle viewport{0, 0, static_cast<double>(image.width),
                               static_cast<double>(image.height)};
  for (int n = 1;; ++n) {
    const std::string id = "#" + prefix + std::to_string(n);
    if (!rsvg_handle_has_sub(h, id.c_str())) break;
    RsvgRectangle ink{}, logical{};
    const bool ok = rsvg_handle_get_geometry_for_layer(h, id.c_str(), &viewport, &ink, &logical, &e);
    REQUIRE(ok);
    if (prefix == "s") {
      constexpr double half_stroke = 0.6;
      boxes.emplace_back(id, box{logical.x - half_stroke, logical.y - half_stroke,
                                 logical.width + 2 * half_stroke,
                                 logical.height + 2 * half_stroke});
    } else if (ink.width > 0) {
      boxes.emplace_back(id, box{ink.x, ink.y, ink.width, ink.height});
    }
  }
  g_object_unref(h);
  return boxes;
}

std::string text_of(const std::string& svg, const std::string& id) {
  const auto at = svg.find("id=\"" + id.substr(1) + "\"");
  if (at == std::string::npos) return id;
  const auto start = svg.find('>', at) + 1;
  if (id[1] == 's') return svg.substr(svg.rfind('<', at), start - svg.rfind('<', at));  // a mark
  return svg.substr(start, svg.find("</text>", start) - start);
}

bool overlap(const box& a, const box& b, double slack) {
  return !(a.x + a.w <= b.x + slack || b.x + b.w <= a.x + slack || a.y + a.h <= b.y + slack ||
           b.y + b.h <= a.y + slack);
}

// A <text> element as written: where it is anchored and what it says.
struct text_line {
  double x = 0, y = 0;
  std::string anchor, text;
};

std::vector<text_line> text_lines(const std::string& svg) {
  std::vector<text_line> lines;
  const auto attribute = [&](std::size_t at, std::size_t end, const std::string& name) {
    const auto found = svg.find(" " + name + "=\"", at);
    if (found == std::string::npos || found > end) return std::string();
    const auto start = found + name.size() + 3;
    return svg.substr(start, svg.find('"', start) - start);
  };
  for (auto at = svg.find("<text id=\"t"); at != std::string::npos;
       at = svg.find("<text id=\"t", at + 1)) {
    const auto end = svg.find('>', at);
    text_line line;
    line.x = std::stod(attribute(at, end, "x"));
    line.y = std::stod(attribute(at, end, "y"));
    line.anchor = attribute(at, end, "text-anchor");
    line.text = svg.substr(end + 1, svg.find("</text>", end) - end - 1);
    lines.push_back(std::move(line));
  }
  return lines;
}

bool joint(char c) { return std::string_view("-/_=,:;.+").find(c) != std::string_view::npos; }

// Where `lines` (one label's, in order) break `label`: at a blank, or after a joint, or inside
// a word only where the piece on the line has no joint to break after. Empty when they do.
std::string bad_break(const std::string& label, const std::vector<std::string>& lines) {
  // Where each line ends in the label; nothing to judge unless the lines spell it whole.
  std::vector<std::size_t> ends;
  std::size_t at = 0;
  for (const auto& line : lines) {
    while (at < label.size() && label[at] == ' ') ++at;
    if (label.compare(at, line.size(), line) != 0) return "";
    at += line.size();
    ends.push_back(at);
  }
  if (at != label.size()) return "";
  for (std::size_t n = 0; n + 1 < lines.size(); ++n) {
    at = ends[n];
    if (label[at] == ' ') continue;
    if (joint(label[at - 1])) continue;
    // Inside a word: only where the word's piece on this line has no joint but at its start.
    const auto piece_start = lines[n].rfind(' ');
    const auto piece = lines[n].substr(piece_start == std::string::npos ? 0 : piece_start + 1);
    if (std::any_of(piece.begin() + (piece.empty() ? 0 : 1), piece.end(), joint)) {
      return "'" + lines[n] + "' / '" + lines[n + 1] + "'";
    }
  }
  return "";
}

// Every label of `labels` that the image wraps over lines in its label column (texts anchored
// at their end, at one x, a line step apart) is broken as bad_break() allows.
void check_breaks(const iosr::chart_image& image, const std::vector<std::string>& labels) {
  INFO(image.name << " at " << image.width << " px");
  const auto lines = text_lines(image.svg);
  for (std::size_t i = 0; i < lines.size();) {
    std::size_t j = i + 1;
    while (j < lines.size() && lines[i].anchor == "end" && lines[j].anchor == "end" &&
           lines[j].x == lines[i].x && lines[j].y == lines[j - 1].y + 15) {
      ++j;
    }
    if (j - i > 1) {
      std::vector<std::string> block;
      for (std::size_t k = i; k < j; ++k) block.push_back(lines[k].text);
      for (const auto& label : labels) {
        for (const auto& shown : {label, label + " (baseline)"}) {
          const auto bad = bad_break(shown, block);
          if (!bad.empty()) FAIL_CHECK("'" << shown << "' is broken inside a word: " << bad);
        }
      }
    }
    i = j;
  }
}

// The layout rules, checked on one image.
void check_layout(const iosr::chart_image& image) {
  INFO(image.name << " at " << image.width << " px");
  CHECK(image.svg.find("<title id=\"title\">") != std::string::npos);
  CHECK(image.svg.find("<desc id=\"desc\">") != std::string::npos);
  CHECK(image.svg.find("font-family=\"DejaVu Sans\"") != std::string::npos);
  const auto boxes = boxes_of(image, "t");
  const auto marks = boxes_of(image, "s");
  REQUIRE(boxes.size() >= 3);
  constexpr double slack = 0.5;
  for (const auto& [id, b] : boxes) {
    const bool inside = b.x >= -slack && b.y >= -slack && b.x + b.w <= image.width + slack &&
                        b.y + b.h <= image.height + slack;
    if (!inside) {
      FAIL_CHECK(id << " '" << text_of(image.svg, id) << "' at " << b.x << "," << b.y << " "
                    << b.w << "x" << b.h << " is not inside " << image.width << "x"
                    << image.height);
    }
  }
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    for (std::size_t j = i + 1; j < boxes.size(); ++j) {
      if (overlap(boxes[i].second, boxes[j].second, slack)) {
        FAIL_CHECK("'" << text_of(image.svg, boxes[i].first) << "' and '"
                       << text_of(image.svg, boxes[j].first) << "' overlap");
      }
    }
    // No bar, whisker, run dot or axis is drawn over a text.
    for (const auto& [id, mark] : marks) {
      if (overlap(boxes[i].second, mark, slack)) {
        FAIL_CHECK("'" << text_of(image.svg, boxes[i].first) << "' at " << boxes[i].second.x
                       << "," << boxes[i].second.y << " " << boxes[i].second.w << "x"
                       << boxes[i].second.h << " lies under the mark " << text_of(image.svg, id)
                       << " at " << mark.x << "," << mark.y << " " << mark.w << "x" << mark.h);
      }
    }
  }
}

std::uint32_t be32(const std::string& s, std::size_t at) {
  return (std::uint32_t(static_cast<unsigned char>(s[at])) << 24) |
         (std::uint32_t(static_cast<unsigned char>(s[at + 1])) << 16) |
         (std::uint32_t(static_cast<unsigned char>(s[at + 2])) << 8) |
         std::uint32_t(static_cast<unsigned char>(s[at + 3]));
}

void screenshot(const std::string& name, const std::string& bytes) {
#ifdef IOSR_CHART_SCREENSHOTS
  std::filesystem::create_directories(IOSR_CHART_SCREENSHOTS);
  std::ofstream(std::string(IOSR_CHART_SCREENSHOTS) + "/" + name, std::ios::binary) << bytes;
#else
  static_cast<void>(name);
  static_cast<void>(bytes);
#endif
}

std::vector<iosr::chart_image> charts_of(const std::vector<iosr::result_file>& files,
                                         const iosr::chart_options& o) {
  return iosr::draw_charts(iosr::compare(files), o);
}

const char* const inputs[] = {
    IOSR_DATA_DIR "/text/000_1809f3a92cbbf2f4.txt",
    IOSR_DATA_DIR "/text/001_d98c4465b017a3b0.txt",
    IOSR_DATA_DIR "/text/002_236e153a66cd3c9d.txt",
    IOSR_FIXTURES_DIR "/seeds/003_29012ff8c53c614e.txt",
    IOSR_DATA_DIR "/text/004_38fbc586aba1b507.txt",
    IOSR_FIXTURES_DIR "/samples/iosched-3way.xml",
    IOSR_FIXTURES_DIR "/samples/iosched-bfq-only.xml",
    IOSR_FIXTURES_DIR "/samples/iosched-none-only.xml",
    IOSR_FIXTURES_DIR "/samples/multi-pass-fail.xml",
    IOSR_FIXTURES_DIR "/samples/quirks.xml",
    IOSR_FIXTURES_DIR "/samples/seed002-rebuilt.xml",
    IOSR_FIXTURES_DIR "/samples/text-edges.xml",
};

// `n` configurations with labels long enough to wrap, in two tests of one family.
iosr::result_file many(std::size_t n) {
  iosr::result_file f;
  f.title = "Many configurations";
  f.source_name = "many.xml";
  auto a = make_chart("Flexible IO Tester", "3.36",
                      "Type: Random Read - Block Size: 4KB - Disk Target: /dev/nvme0n1", "IOPS",
                      iosr::direction::higher);
  auto b = make_chart("Flexible IO Tester", "3.36",
                      "Type: Random Write - Block Size: 4KB - Disk Target: /dev/nvme0n1", "IOPS",
                      iosr::direction::higher);
  for (std::size_t i = 0; i < n; ++i) {
    const std::string label =
        i == 0 ? "none" : "kernel 6." + std::to_string(i) + " with a long configuration name " +
                              std::to_string(i) + ", mq-deadline read_expire=" +
                              std::to_string(100 * i);
    f.systems.push_back(iosr::make_system(label));
    for (auto* chart : {&a, &b}) {
      iosr::entry e;
      e.label = label;
      const double v = 1000.0 + 37.0 * static_cast<double>((i * 7919) % 97);
      e.value_text = std::to_string(static_cast<int>(v));
      e.value = static_cast<int>(v);
      for (int r = 0; r < 3; ++r) e.samples.push_back(std::to_string(static_cast<int>(v) - 5 + 5 * r));
      e.standard_error = 4.1;
      e.sample_count = 3;
      chart->entries.push_back(e);
    }
  }
  f.results = {a, b};
  return f;
}

// Configurations named by compiler options, each run 7 times with the runs spread far wider
// than the standard error of their mean (as real runs are): dots beyond the whiskers, on a test
// whose options are long too.
iosr::result_file spread_runs() {
  iosr::result_file f;
  f.title = "Compiler options";
  f.source_name = "options.xml";
  const std::vector<std::string> labels = {
      "base", "-O2 -fno-delete-null-pointer-checks", "-fno-strict-aliasing -fwrapv",
      "-mllvm -disable-object-based-analysis -fdrop-inbounds-from-gep",
      "clang/llvm-17/-fsanitize=undefined,address"};
  auto t = make_chart("Timed Linux Kernel Compilation", "1.15",
                      "Build: defconfig - Compiler flags: -fno-delete-null-pointer-checks "
                      "-fno-strict-aliasing -fwrapv-pointer",
                      "Seconds", iosr::direction::lower);
  for (std::size_t i = 0; i < labels.size(); ++i) {
    f.systems.push_back(iosr::make_system(labels[i]));
    iosr::entry e;
    e.label = labels[i];
    const double v = 100.0 + 9.0 * static_cast<double>(i);
    double sum = 0;
    for (int r = 0; r < 7; ++r) {
      const double run = v * (0.8 + 0.4 * r / 6.0);  // +-20 %
      e.samples.push_back(std::to_string(run));
      sum += run;
    }
    e.value = sum / 7;
    e.value_text = std::to_string(*e.value);
    e.standard_error = v * 0.2 * 0.54 / std::sqrt(7.0);
    e.sample_count = 7;
    t.entries.push_back(e);
  }
  f.results = {t};
  return f;
}

}  // namespace

TEST_CASE("every image of the seeds and samples lies inside itself, no two texts overlap",
          "[chart]") {
  for (const auto* path : inputs) {
    INFO(path);
    const std::vector<iosr::result_file> files{read_cached(path)};
    std::vector<std::string> labels;
    for (const auto& s : files[0].systems) labels.push_back(s.label);
    for (const int width : {800, 680, 400, 320}) {
      iosr::chart_options o;
      o.width = width;
      o.theme = width == 680 ? iosr::chart_theme::dark : iosr::chart_theme::light;
      for (const auto& image : charts_of(files, o)) {
        check_layout(image);
        check_breaks(image, labels);
      }
    }
  }
}

TEST_CASE("1 to 40 configurations with long labels lay out at web and print widths", "[chart]") {
  for (const std::size_t n : {1, 2, 5, 12, 40}) {
    INFO(n << " configurations");
    const std::vector<iosr::result_file> files{many(n)};
    std::vector<std::string> labels;
    for (const auto& s : files[0].systems) labels.push_back(s.label);
    for (const int width : {800, 680, 400, 320, 1600}) {
      iosr::chart_options o;
      o.width = width;
      const auto images = charts_of(files, o);
      REQUIRE(images.size() == 3);
      for (const auto& image : images) {
        check_layout(image);
        check_breaks(image, labels);
        if (width == 800 || (width == 680 && (n == 5 || n == 40))) {
          screenshot(std::to_string(n) + "-" + std::to_string(width) + "-" + image.name + ".png",
                     iosr::render_chart(image, iosr::image_format::png, width == 680 ? 3.125 : 1));
        }
      }
    }
  }
}

TEST_CASE("runs and whiskers are never drawn over a text, at any width", "[chart]") {
  const std::vector<iosr::result_file> files{spread_runs()};
  std::vector<std::string> labels;
  for (const auto& s : files[0].systems) labels.push_back(s.label);
  iosr::compare_options options;
  options.baseline = "base";
  const auto c = iosr::compare(files, options);
  for (const int width : {400, 480, 640, 800, 1600}) {
    iosr::chart_options o;
    o.width = width;
    for (const auto& image : iosr::draw_charts(c, o)) {
      check_layout(image);
      check_breaks(image, labels);
      if (width == 400 || width == 800) {
        screenshot("runs-" + std::to_string(width) + "-" + image.name + ".png",
                   iosr::render_chart(image, iosr::image_format::png, 1));
      }
    }
  }
  // The runs are drawn, beyond their whiskers: what this test is about.
  const auto images = iosr::draw_charts(c, {});
  CHECK(images[1].svg.find("class=\"run\"") != std::string::npos);
  CHECK(images[1].svg.find("class=\"whisker\"") != std::string::npos);
}

TEST_CASE("long compiler-option identifiers wrap after their hyphens at narrow widths",
          "[chart]") {
  // 20 systems named by clang options (fno-delete-null-pointer-checks, ...), 7 SQLite charts
  // with runs: a real file, at the narrowest widths asked for and at wide ones.
  const auto& file = read_cached(IOSR_FIXTURES_DIR "/corpus/xml/pts-10.8.4_sqlite_20-systems.xml");
  std::vector<std::string> labels;
  for (const auto& s : file.systems) labels.push_back(s.label);
  iosr::compare_options options;
  options.baseline = "base";
  const auto c = iosr::compare(std::vector<iosr::result_file>{file}, options);
  for (const int width : {320, 400, 560, 1200}) {
    iosr::chart_options o;
    o.width = width;
    o.theme = width == 560 ? iosr::chart_theme::dark : iosr::chart_theme::light;
    const auto images = iosr::draw_charts(c, o);
    for (const auto& image : images) {
      check_layout(image);
      check_breaks(image, labels);
    }
    if (width == 400) {
      screenshot("sqlite-400-" + images[1].name + ".png",
                 iosr::render_chart(images[1], iosr::image_format::png, 1));
      screenshot("sqlite-400-summary.png", iosr::render_chart(images[0], iosr::image_format::png, 1));
    }
  }
  // The rule itself, on the label the issue saw broken as `fno-delete-null-po` / `inter-checks`.
  const auto lines = iosr::detail::wrap_to_width("fno-delete-null-pointer-checks", 110, 12, true);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "fno-delete-null-");
  CHECK(lines[1] == "pointer-checks");
  const auto path = iosr::detail::wrap_to_width("/srv/results/2024/bfq/C-Ray.xml", 80, 12);
  REQUIRE(path.size() > 1);
  for (std::size_t n = 0; n + 1 < path.size(); ++n) CHECK(joint(path[n].back()));
  CHECK(iosr::detail::wrap_to_width(std::string(30, 'x'), 60, 12).size() == 4);  // no joint
}

TEST_CASE("PNG comes out at the size asked, PDF at the image's size in points", "[chart]") {
  const std::vector<iosr::result_file> files{read_cached(inputs[5])};
  iosr::chart_options o;
  o.theme = iosr::chart_theme::dark;
  const auto images = charts_of(files, o);
  for (const double scale : {1.0, 2.0, 3.125}) {
    const auto png = iosr::render_chart(images[1], iosr::image_format::png, scale);
    REQUIRE(png.size() > 24);
    CHECK(png.substr(1, 3) == "PNG");
    CHECK(be32(png, 16) == std::lround(images[1].width * scale));
    CHECK(be32(png, 20) == std::lround(images[1].height * scale));
    if (scale == 1.0) screenshot("dark-" + images[1].name + ".png", png);
  }
  const auto pdf = iosr::render_chart(images[0], iosr::image_format::pdf);
  CHECK(pdf.rfind("%PDF-", 0) == 0);
  // The page is the image's size in points (a CSS pixel is 0.75 pt).
  const auto mediabox = pdf.find("/MediaBox [ 0 0 ");
  REQUIRE(mediabox != std::string::npos);
  CHECK(std::stod(pdf.substr(mediabox + 16)) == images[0].width * 0.75);
  CHECK(iosr::render_chart(images[0], iosr::image_format::svg) == images[0].svg);
}

TEST_CASE("images name their test, options, unit, baseline, inputs and iosr", "[chart]") {
  const std::vector<iosr::result_file> files{read_cached(inputs[0])};
  const auto images = charts_of(files, {});
  REQUIRE(images.size() == files[0].results.size() + 1);
  CHECK(images[0].name == "summary");
  const auto& svg = images[1].svg;
  CHECK(images[1].name == "01-sqlite-3-30-1-threads-copies-1");
  CHECK(svg.find(">SQLite 3.30.1<") != std::string::npos);
  CHECK(svg.find(">Threads / Copies: 1<") != std::string::npos);
  CHECK(svg.find(" is better · ranked best first<") != std::string::npos);
  CHECK(svg.find("(baseline)") != std::string::npos);
  CHECK(svg.find("000_1809f3a92cbbf2f4.txt") != std::string::npos);
  CHECK(svg.find("class=\"bar baseline\"") != std::string::npos);
}

TEST_CASE("a width out of range and a column that names nothing are usage errors", "[chart]") {
  const auto c = iosr::compare(std::vector<iosr::result_file>{read_cached(inputs[0])});
  iosr::chart_options o;
  o.width = 100;
  CHECK_THROWS_AS(iosr::draw_charts(c, o), iosr::error);
  o.width = 800;
  o.columns = {"Kyber", "no such thing"};
  try {
    iosr::draw_charts(c, o);
    FAIL("no error");
  } catch (const iosr::error& e) {
    CHECK(e.kind() == iosr::error_kind::usage);
    CHECK(std::string(e.what()).find("no such thing") != std::string::npos);
  }
  o.columns = {"Kyber", "none"};  // only these, in this order
  const auto images = iosr::draw_charts(c, o);
  const auto& svg = images[1].svg;
  CHECK(svg.find(">Kyber<") < svg.find(">None (baseline)<"));
  CHECK(svg.find(">BFQ<") == std::string::npos);
}

TEST_CASE("texts from the inputs are escaped for XML, control characters replaced", "[chart]") {
  auto f = many(2);
  f.results[0].title = "A <b>&\x01 \xff test";
  const auto images = charts_of({f}, {});
  CHECK(images[1].svg.find("A &lt;b&gt;&amp;\xEF\xBF\xBD \xEF\xBF\xBD test") != std::string::npos);
  check_layout(images[1]);
}

TEST_CASE("a label of 100,000 characters without a blank wraps, in linear time", "[chart]") {
  auto f = many(2);
  const std::string huge(100000, 'x');
  f.systems[1] = iosr::make_system(huge);
  for (auto& chart : f.results) chart.entries[1].label = huge;
  const auto images = charts_of({f}, {});
  // 100,000 x of 12px DejaVu Sans in a label column of at most 30 % of 768 px.
  std::size_t lines = 0;
  for (auto at = images[1].svg.find("<text "); at != std::string::npos;
       at = images[1].svg.find("<text ", at + 1)) {
    ++lines;
  }
  CHECK(lines > 100000 * 7 / 230);  // 7.1 px an x
  CHECK(images[1].height > 3000);
}
