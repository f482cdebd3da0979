// SPDX-License-Identifier: MIT
// The chart images (iosr/chart.hpp) laid out as librsvg sees them: every image of the seeds
// 000-004 and the sample XMLs, and of 1 to 40 configurations with long labels, at web and print
// widths, light and dark. librsvg parses each SVG (valid XML), and its element geometry says
// where each text lies: inside the image, and clear of every other text. PNG and PDF come out at
// the sizes asked. Screenshots for review go under the build tree (IOSR_CHART_SCREENSHOTS).
#include "iosr/chart.hpp"

#include <librsvg/rsvg.h>

#include <algorithm>
#include <cmath>
#include <cstring>
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

// Every text element's ink box, by the ids draw_charts() gives them (t1, t2, ...).
std::vector<std::pair<std::string, box>> text_boxes(const iosr::chart_image& image) {
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
    const std::string id = "#t" + std::to_string(n);
    if (!rsvg_handle_has_sub(h, id.c_str())) break;
    RsvgRectangle ink{}, logical{};
    const bool ok = rsvg_handle_get_geometry_for_layer(h, id.c_str(), &viewport, &ink, &logical, &e);
    REQUIRE(ok);
    if (ink.width > 0) boxes.emplace_back(id, box{ink.x, ink.y, ink.width, ink.height});
  }
  g_object_unref(h);
  return boxes;
}

std::string text_of(const std::string& svg, const std::string& id) {
  const auto at = svg.find("id=\"" + id.substr(1) + "\"");
  if (at == std::string::npos) return id;
  const auto start = svg.find('>', at) + 1;
  return svg.substr(start, svg.find("</text>", start) - start);
}

// The layout rules, checked on one image.
void check_layout(const iosr::chart_image& image) {
  INFO(image.name << " at " << image.width << " px");
  CHECK(image.svg.find("<title id=\"title\">") != std::string::npos);
  CHECK(image.svg.find("<desc id=\"desc\">") != std::string::npos);
  CHECK(image.svg.find("font-family=\"DejaVu Sans\"") != std::string::npos);
  const auto boxes = text_boxes(image);
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
      const auto& a = boxes[i].second;
      const auto& b = boxes[j].second;
      const bool apart = a.x + a.w <= b.x + slack || b.x + b.w <= a.x + slack ||
                         a.y + a.h <= b.y + slack || b.y + b.h <= a.y + slack;
      if (!apart) {
        FAIL_CHECK("'" << text_of(image.svg, boxes[i].first) << "' and '"
                       << text_of(image.svg, boxes[j].first) << "' overlap");
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

}  // namespace

TEST_CASE("every image of the seeds and samples lies inside itself, no two texts overlap",
          "[chart]") {
  for (const auto* path : inputs) {
    INFO(path);
    const std::vector<iosr::result_file> files{read_cached(path)};
    for (const int width : {800, 680, 320}) {
      iosr::chart_options o;
      o.width = width;
      o.theme = width == 680 ? iosr::chart_theme::dark : iosr::chart_theme::light;
      for (const auto& image : charts_of(files, o)) check_layout(image);
    }
  }
}

TEST_CASE("1 to 40 configurations with long labels lay out at web and print widths", "[chart]") {
  for (const std::size_t n : {1, 2, 5, 12, 40}) {
    INFO(n << " configurations");
    const std::vector<iosr::result_file> files{many(n)};
    for (const int width : {800, 680, 320, 1600}) {
      iosr::chart_options o;
      o.width = width;
      const auto images = charts_of(files, o);
      REQUIRE(images.size() == 3);
      for (const auto& image : images) {
        check_layout(image);
        if (width == 800 || (width == 680 && (n == 5 || n == 40))) {
          screenshot(std::to_string(n) + "-" + std::to_string(width) + "-" + image.name + ".png",
                     iosr::render_chart(image, iosr::image_format::png, width == 680 ? 3.125 : 1));
        }
      }
    }
  }
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
