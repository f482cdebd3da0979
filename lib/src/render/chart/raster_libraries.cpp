// SPDX-License-Identifier: MIT
// Loads the chart images' libraries by the sonames the build found (IOSR_RSVG_SONAME and the
// others, lib/CMakeLists.txt; shared_library.hpp), each before the ones that need it (GLib,
// then fontconfig and cairo, then librsvg, which needs them all), so that a missing or broken one
// is named with its own Debian package rather than as a failure of librsvg.
// Loaded on first use, not linked, because loading them at start would cost every run far more
// than issue 42's 0.3 ms (bench/startup.py --libraries, two rounds, 2026-12-07, load average
// 10-16, which inflates CPU times several-fold; `iosr --version` itself is 0.59 M instructions):
// librsvg with the 46 libraries it brings (pango, harfbuzz, ICU and the shared libstdc++ among
// them) +16.74 M instructions, CPU +29.63 / +30.81 ms; cairo alone +1.74 M, +7.15 / +7.28 ms;
// fontconfig, GObject and GLib together +1.23 M, +4.91 / +4.86 ms. They load as one: a PNG
// needs all five, and linking the small ones alone would save nothing.
#include "render/chart/raster_libraries.hpp"

#include "shared_library.hpp"

#ifndef IOSR_RSVG_SONAME  // no soname found (not an ELF system): linked instead
#define IOSR_RSVG_SONAME nullptr
#endif
#ifndef IOSR_CAIRO_SONAME
#define IOSR_CAIRO_SONAME nullptr
#endif
#ifndef IOSR_FONTCONFIG_SONAME
#define IOSR_FONTCONFIG_SONAME nullptr
#endif
#ifndef IOSR_GOBJECT_SONAME
#define IOSR_GOBJECT_SONAME nullptr
#endif
#ifndef IOSR_GLIB_SONAME
#define IOSR_GLIB_SONAME nullptr
#endif

namespace iosr::detail {

raster_libraries load_raster_libraries() {
  constexpr const char* purpose = "to draw charts as PNG or PDF";
  // The Debian packages (bookworm) that install each soname.
  const auto& glib = load_once<glib_api>(IOSR_GLIB_SONAME, "libglib2.0-0", purpose);
  const auto& gobject = load_once<gobject_api>(IOSR_GOBJECT_SONAME, "libglib2.0-0", purpose);
  const auto& fc = load_once<fontconfig_api>(IOSR_FONTCONFIG_SONAME, "libfontconfig1", purpose);
  const auto& cairo = load_once<cairo_api>(IOSR_CAIRO_SONAME, "libcairo2", purpose);
  const auto& rsvg = load_once<rsvg_api>(IOSR_RSVG_SONAME, "librsvg2-2", purpose);
  return {rsvg, cairo, fc, gobject, glib};
}

}  // namespace iosr::detail
