// SPDX-License-Identifier: MIT
// What every reader target does with one fuzzed input: read it, and when that works, write it
// in every output format, so the writers see whatever a reader can produce.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "input/input_formats.hpp"
#include "iosr/error.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"
#include "iosr/read_in_place.hpp"
#include "iosr/render.hpp"

namespace iosr::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// What iosr writes as XML or as its own JSON, iosr must read back: a writer that produces a
// file no reader takes is a finding too.
inline void check_reads_back(const std::string& written, std::string_view format) {
  try {
    (void)read_results(written, "written");
  } catch (const parse_error& e) {
    std::fprintf(stderr, "--to %.*s output does not read back: %s\n",
                 static_cast<int>(format.size()), format.data(), e.what());
    std::abort();
  }
}

inline void render_everything(const result_file& file) {
  for (const auto& format : list_output_formats()) {
    std::string out;
    render({&file, 1}, format.name, {}, out);
    if (format.name == "json" || format.name == "xml") check_reads_back(out, format.name);
  }
  (void)render_listing(file);
}

/// Reads `text` with the reader of `format` (no sniffing, no transport layer undone); refusing
/// it (parse_error) is a normal outcome, anything else that escapes (another exception, a
/// crash, a sanitizer report) is a finding.
inline int read_and_render(std::string_view text, std::string_view format) {
  try {
    render_everything(detail::read_with(format, text, "fuzz"));
  } catch (const parse_error&) {
  }
  return 0;
}

/// Aborts unless reading a copy of `text` in place (read_results_in_place) and prepared
/// (prepare_input and read_results, as a batch does) give the model, warnings and error that
/// reading `text` as given does, and unless preparing it detects what detect_input_format does.
inline void check_in_place_reads_alike(std::string_view text) {
  struct outcome {
    std::optional<result_file> file;
    std::string error;
    bool operator==(const outcome&) const = default;
  };
  enum class way { copy, in_place, prepared };
  auto read = [&](way how) -> outcome {
    try {
      std::string copy(text);
      switch (how) {
        case way::copy: return {read_results(text, "fuzz"), {}};
        case way::in_place: return {read_results_in_place(copy, "fuzz"), {}};
        case way::prepared: return {read_results(prepare_input(std::move(copy), "fuzz")), {}};
      }
    } catch (const parse_error& e) {
      return {std::nullopt, e.what()};
    }
    return {};
  };
  const auto copied = read(way::copy);
  if (copied != read(way::in_place) || copied != read(way::prepared)) {
    std::fprintf(stderr, "reading in place or prepared differs from reading the text as given\n");
    std::abort();
  }
  // A batch skips what its preparation does not detect, as it skipped what detection refused.
  if (prepare_input(std::string(text), "fuzz").detected_format() != detect_input_format(text)) {
    std::fprintf(stderr, "a prepared input's detected format differs from detect_input_format\n");
    std::abort();
  }
}

/// Up to three inputs in one: the bytes split at the first two NULs, each read as `iosr
/// compare` reads a file (format sniffed); those refused are left out.
inline std::vector<result_file> read_parts(std::string_view bytes) {
  std::vector<result_file> files;
  for (int part = 0; part < 3 && !bytes.empty(); ++part) {
    auto end = part == 2 ? std::string_view::npos : bytes.find('\0');
    try {
      files.push_back(read_results(bytes.substr(0, end), "part" + std::to_string(part)));
    } catch (const parse_error&) {
    }
    if (end == std::string_view::npos) break;
    bytes.remove_prefix(end + 1);
  }
  return files;
}

}  // namespace iosr::fuzz
