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

#include "shared_library.hpp"

namespace iosr::detail {

// Each library's functions by their names without the library's prefix (cairo_, rsvg_, Fc,
// g_), one table per library.
// clang-format off
#define IOSR_CAIRO_FUNCTIONS(F, P)                                                              \
  F(P, image_surface_create) F(P, pdf_surface_create_for_stream) F(P, pdf_surface_set_metadata) \
  F(P, create) F(P, scale) F(P, destroy) F(P, surface_flush) F(P, surface_write_to_png_stream)  \
  F(P, surface_finish) F(P, surface_status) F(P, surface_destroy)
#define IOSR_RSVG_FUNCTIONS(F, P) \
  F(P, handle_new_from_data) F(P, handle_set_dpi) F(P, handle_render_document)
#define IOSR_FONTCONFIG_FUNCTIONS(F, P)                                            \
  F(P, NameParse) F(P, ConfigSubstitute) F(P, DefaultSubstitute) F(P, FontMatch)   \
  F(P, PatternDestroy) F(P, PatternGetString) F(P, ConfigCreate)                   \
  F(P, ConfigParseAndLoadFromMemory) F(P, ConfigBuildFonts) F(P, ConfigSetCurrent) \
  F(P, ConfigDestroy)
#define IOSR_GOBJECT_FUNCTIONS(F, P) F(P, object_unref)
#define IOSR_GLIB_FUNCTIONS(F, P) F(P, error_free)
// clang-format on

IOSR_LIBRARY_TABLE(cairo_api, IOSR_CAIRO_FUNCTIONS, cairo_)
IOSR_LIBRARY_TABLE(rsvg_api, IOSR_RSVG_FUNCTIONS, rsvg_)
IOSR_LIBRARY_TABLE(fontconfig_api, IOSR_FONTCONFIG_FUNCTIONS, Fc)
IOSR_LIBRARY_TABLE(gobject_api, IOSR_GOBJECT_FUNCTIONS, g_)
IOSR_LIBRARY_TABLE(glib_api, IOSR_GLIB_FUNCTIONS, g_)

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
