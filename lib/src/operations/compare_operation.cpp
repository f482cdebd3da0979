// SPDX-License-Identifier: MIT
// run_compare (iosr/operations.hpp): what `iosr compare` and `iosr table` do with their inputs.
#include <span>
#include <string>

#include "iosr/error.hpp"
#include "iosr/match.hpp"
#include "iosr/operations.hpp"
#include "operations/gate.hpp"

namespace iosr {

namespace {

// A column is asked for as --only asks for a configuration (names_configuration()); a name no
// configuration has would silently draw nothing.
void check_columns(const comparison& c, const std::vector<std::string>& columns) {
  if (columns.empty()) return;
  name_check named("--columns", columns);
  for (const auto& conf : c.configurations) {
    named.look({conf.label, conf.source_label, conf.name}, conf.scheduler, conf.label);
  }
  named.check();
}

bool known_format(std::string_view name) {
  for (const auto& f : list_comparison_formats()) {
    if (f.name == name) return true;
  }
  return false;
}

}  // namespace

void check_request(const compare_request& request) {
  if (!known_format(request.format)) {
    throw error(error_kind::usage, "unknown comparison format '" + request.format + "'");
  }
  if (request.fail_if_worse && !(*request.fail_if_worse >= 0)) {
    throw error(error_kind::usage, "--fail-if-worse takes a percentage >= 0");
  }
}

compare_outcome run_compare(std::span<const result_file> files, const compare_request& request) {
  check_request(request);
  compare_outcome out;
  out.result = compare(files, request.options);
  check_columns(out.result, request.render.columns);
  render_comparison(out.result, request.format, request.render, out.text);
  if (request.fail_if_worse) detail::apply_gate(request, out);
  return out;
}

}  // namespace iosr
