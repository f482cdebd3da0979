// SPDX-License-Identifier: MIT
// The functions of librsvg, cairo, fontconfig and GLib that chart_raster.cpp calls, loaded the
// first time a run draws a PNG or PDF chart: iosr links none of them, so that the other runs
// (SVG charts, HTML pages, every other command) never load them and the 39 more they pull in
// (pango, GIO, libxml2, X11's, ICU among them; docs/performance.md, "Start-up").
#pragma once

#include <cairo-pdf.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <librsvg/rsvg.h>

namespace iosr {
class shared_library;
}

namespace iosr::detail {

// Each library's functions by their names without the library's prefix (cairo_, rsvg_, Fc,
// g_), one table per library.
// clang-format off
#define IOSR_CAIRO_FUNCTIONS(F)                                                                \
  F(image_surface_create) F(pdf_surface_create_for_stream) F(pdf_surface_set_metadata)        \
  F(create) F(scale) F(destroy) F(surface_flush) F(surface_write_to_png_stream)               \
  F(surface_finish) F(surface_status) F(surface_destroy)
#define IOSR_RSVG_FUNCTIONS(F) F(handle_new_from_data) F(handle_set_dpi) F(handle_render_document)
#define IOSR_FONTCONFIG_FUNCTIONS(F)                                                           \
  F(NameParse) F(ConfigSubstitute) F(DefaultSubstitute) F(FontMatch) F(PatternDestroy)        \
  F(PatternGetString) F(ConfigCreate) F(ConfigParseAndLoadFromMemory) F(ConfigBuildFonts)     \
  F(ConfigSetCurrent) F(ConfigDestroy)
#define IOSR_GOBJECT_FUNCTIONS(F) F(object_unref)
#define IOSR_GLIB_FUNCTIONS(F) F(error_free)

// One table per library: a pointer per function, and find_all() to fill it (shared_library.hpp).
#define IOSR_RASTER_TABLE(table, functions, prefix)         \
  struct table {                                            \
    functions(IOSR_RASTER_POINTER_##prefix)                 \
    static bool find_all(shared_library& lib, table& api);  \
  };
// clang-format on
#define IOSR_RASTER_POINTER_cairo(name) decltype(&::cairo_##name) name = nullptr;
#define IOSR_RASTER_POINTER_rsvg(name) decltype(&::rsvg_##name) name = nullptr;
#define IOSR_RASTER_POINTER_Fc(name) decltype(&::Fc##name) name = nullptr;
#define IOSR_RASTER_POINTER_g(name) decltype(&::g_##name) name = nullptr;

IOSR_RASTER_TABLE(cairo_api, IOSR_CAIRO_FUNCTIONS, cairo)
IOSR_RASTER_TABLE(rsvg_api, IOSR_RSVG_FUNCTIONS, rsvg)
IOSR_RASTER_TABLE(fontconfig_api, IOSR_FONTCONFIG_FUNCTIONS, Fc)
IOSR_RASTER_TABLE(gobject_api, IOSR_GOBJECT_FUNCTIONS, g)
IOSR_RASTER_TABLE(glib_api, IOSR_GLIB_FUNCTIONS, g)

struct raster_libraries {
  const rsvg_api& rsvg;
  const cairo_api& cairo;
  const fontconfig_api& fc;
  const gobject_api& gobject;
  const glib_api& glib;
};

/// The five libraries, loaded once (thread-safe). Throws iosr::error (system) naming the
/// library that is missing and the Debian package that installs it, or the function it lacks.
raster_libraries load_raster_libraries();

}  // namespace iosr::detail
