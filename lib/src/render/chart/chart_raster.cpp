// SPDX-License-Identifier: MIT
// A chart image's SVG as PNG or PDF (render_chart, iosr/chart.hpp): librsvg parses and draws it
// onto a cairo surface, in this process, as a library call. The text is set in DejaVu Sans and
// nothing else: on first use, fontconfig is given a configuration that holds only the
// directory of the DejaVu Sans font it finds, so that the images do not change with the other
// fonts a machine has (a missing glyph shows as a box, the same everywhere). The libraries are
// loaded here, the first time a PNG or PDF is asked for (raster_libraries.hpp), never for SVG.
#include <cmath>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>

#include "iosr/chart.hpp"
#include "iosr/error.hpp"
#include "render/chart/font_metrics.hpp"
#include "render/chart/raster_libraries.hpp"
#include "render/escape.hpp"

namespace iosr {

namespace {

// The directory of the font fontconfig would use for DejaVu Sans, when that is DejaVu Sans
// itself (not a substitute), made the only fonts of the process's current configuration.
void use_dejavu_only(const detail::fontconfig_api& fc) {
  static std::once_flag once;
  std::call_once(once, [&fc] {
    FcPattern* pattern =
        fc.NameParse(reinterpret_cast<const FcChar8*>(std::string(detail::chart_font).c_str()));
    if (!pattern) return;
    fc.ConfigSubstitute(nullptr, pattern, FcMatchPattern);
    fc.DefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcPattern* match = fc.FontMatch(nullptr, pattern, &result);
    fc.PatternDestroy(pattern);
    if (!match) return;
    FcChar8* family = nullptr;
    FcChar8* file = nullptr;
    if (fc.PatternGetString(match, FC_FAMILY, 0, &family) == FcResultMatch &&
        fc.PatternGetString(match, FC_FILE, 0, &file) == FcResultMatch &&
        std::string(reinterpret_cast<const char*>(family)) == detail::chart_font) {
      const auto dir =
          std::filesystem::path(reinterpret_cast<const char*>(file)).parent_path().string();
      // The system's cache folders, so that the folder's cache is read, not rebuilt (and an
      // unwritable cache is not complained about on standard error).
      const std::string conf = "<fontconfig><dir>" + detail::xml_escaped(dir) +
                               "</dir><cachedir>/var/cache/fontconfig</cachedir>"
                               "<cachedir prefix=\"xdg\">fontconfig</cachedir></fontconfig>";
      FcConfig* config = fc.ConfigCreate();
      if (config &&
          fc.ConfigParseAndLoadFromMemory(config, reinterpret_cast<const FcChar8*>(conf.c_str()),
                                          FcFalse) &&
          fc.ConfigBuildFonts(config)) {
        fc.ConfigSetCurrent(config);  // the current configuration now holds the reference
      }
      if (config) fc.ConfigDestroy(config);
    }
    fc.PatternDestroy(match);
  });
}

cairo_status_t append(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

[[noreturn]] void failed(const detail::glib_api& glib, const std::string& what, GError* e) {
  std::string message = "cannot render the chart '" + what + "'";
  if (e) {
    message += std::string(": ") + e->message;
    glib.error_free(e);
  }
  throw error(error_kind::system, message);
}

struct handle_deleter {
  const detail::gobject_api* gobject;
  void operator()(RsvgHandle* h) const { gobject->object_unref(h); }
};

}  // namespace

std::string render_chart(const chart_image& image, image_format format, double scale) {
  if (format == image_format::svg) return image.svg;
  if (!(scale > 0 && scale <= 16)) {
    throw error(error_kind::usage, "a chart's scale must be above 0 and at most 16");
  }
  const auto lib = detail::load_raster_libraries();
  use_dejavu_only(lib.fc);
  GError* e = nullptr;
  std::unique_ptr<RsvgHandle, handle_deleter> handle(
      lib.rsvg.handle_new_from_data(reinterpret_cast<const guint8*>(image.svg.data()),
                                    image.svg.size(), &e),
      handle_deleter{&lib.gobject});
  if (!handle) failed(lib.glib, image.name, e);
  lib.rsvg.handle_set_dpi(handle.get(), 96);
  const double w = image.width, h = image.height;
  std::string out;
  cairo_surface_t* surface = nullptr;
  double factor = scale;
  if (format == image_format::png) {
    surface = lib.cairo.image_surface_create(CAIRO_FORMAT_ARGB32,
                                             static_cast<int>(std::lround(w * scale)),
                                             static_cast<int>(std::lround(h * scale)));
  } else {
    factor = 0.75;  // CSS pixels to points
    surface = lib.cairo.pdf_surface_create_for_stream(append, &out, w * factor, h * factor);
    lib.cairo.pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, image.title.c_str());
    lib.cairo.pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "iosr");
  }
  cairo_t* cr = lib.cairo.create(surface);
  lib.cairo.scale(cr, factor, factor);
  const RsvgRectangle viewport{0, 0, w, h};
  const bool drawn = lib.rsvg.handle_render_document(handle.get(), cr, &viewport, &e);
  lib.cairo.destroy(cr);
  if (drawn && format == image_format::png) {
    lib.cairo.surface_flush(surface);
    if (lib.cairo.surface_write_to_png_stream(surface, append, &out) != CAIRO_STATUS_SUCCESS) {
      lib.cairo.surface_destroy(surface);
      failed(lib.glib, image.name, nullptr);
    }
  }
  lib.cairo.surface_finish(surface);
  const auto status = lib.cairo.surface_status(surface);
  lib.cairo.surface_destroy(surface);
  if (!drawn || status != CAIRO_STATUS_SUCCESS) failed(lib.glib, image.name, e);
  return out;
}

}  // namespace iosr
