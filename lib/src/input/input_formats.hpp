// SPDX-License-Identifier: MIT
// The input registry: one row per input format, detection order first to last.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "input/finishing_pass.hpp"
#include "input/reader_context.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

struct input_format {
  std::string_view name;
  std::string_view help;  ///< one line for help texts
  /// Cheap look at the content: does this format claim it?
  bool (*sniff)(std::string_view text);
  /// Whether a text this format claims is a result file, for detect_input_format() (a
  /// directory walk skips what is not); null: every text it claims. A format may claim more
  /// than its results, so that reading a named file says what is wrong with it.
  bool (*is_result)(std::string_view text);
  /// Reads ctx.text into ctx.out (whose source_name and format are set); throws parse_error.
  /// Honours the limits that concern it: entries per chart (all, while reading), XML depth
  /// (composite.xml), JSON depth (iosr-json, pts-json).
  void (*read)(reader_context& ctx, const read_options& options);
  /// The checks read_as() makes on the model once it is read.
  finishing finish;
};

std::span<const input_format> input_formats();

class decoded_input;
/// Reads `input` (its transport layers undone) with `format`, without sniffing: the model's
/// source_name and format set, the finishing pass run, the transport's warnings first. The fuzz
/// targets use it to drive one reader.
/// `overwritable`: input.text() itself and the '\0' after it, which the reader may then
/// overwrite (reader_context).
result_file read_as(const input_format& format, const decoded_input& input,
                    const std::string& name, const read_options& options,
                    char* overwritable = nullptr);
/// read_as() of a text that is not a decoded_input's own: a block found in one
/// (input/blocks/), with the positions that lead back to the user's bytes and the warnings of
/// what was undone before, which come first.
result_file read_as(const input_format& format, std::string_view text,
                    const position_map& positions, std::span<const warning> before,
                    const std::string& name, const read_options& options,
                    char* overwritable = nullptr);
/// Reads `text` as it is (no transport layer undone) with the format named `format_name`
/// (`pts-text`); throws iosr::error (error_kind::usage) for a name that is not registered.
result_file read_with(std::string_view format_name, std::string_view text,
                      const std::string& name, const read_options& options = {});

}  // namespace iosr::detail
