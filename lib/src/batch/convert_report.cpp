// SPDX-License-Identifier: MIT
// The report of a conversion as `iosr convert --report` writes it (docs/batch.md): what was
// converted (with its outputs), failed (with where and why), skipped (with why) and read with
// warnings.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "iosr/batch.hpp"

namespace iosr::batch {

std::string report_json(const convert_report& r) {
  nlohmann::ordered_json report;
  report["converted"] = r.converted.size();
  report["entries"] = r.entries;
  report["failed"] = r.failures.size();
  report["skipped"] = r.skipped.size();
  report["skipped_existing"] = r.existing.size();
  report["warnings"] = r.warnings.size();
  auto& converted_list = report["converted_files"] = nlohmann::ordered_json::array();
  for (const auto& c : r.converted) {
    auto& item = converted_list.emplace_back();
    item["file"] = c.file;
    item["entries"] = c.entries;
    item["output"] = c.output.empty() ? nullptr : nlohmann::ordered_json(c.output);
  }
  auto list = [](nlohmann::ordered_json& array, const std::vector<failure>& items) {
    for (const auto& f : items) {
      auto& item = array.emplace_back();
      item["file"] = f.file;
      item["line"] = f.where.line ? nlohmann::ordered_json(f.where.line) : nullptr;
      item["column"] = f.where.column ? nlohmann::ordered_json(f.where.column) : nullptr;
      item["message"] = f.message;
      item["diagnostic"] = f.text();
    }
  };
  list(report["failures"] = nlohmann::ordered_json::array(), r.failures);
  auto& skipped = report["skipped_files"] = nlohmann::ordered_json::array();
  for (const auto& [file, reason] : r.skipped) {
    auto& item = skipped.emplace_back();
    item["file"] = file;
    item["reason"] = reason;
  }
  report["existing_files"] = r.existing;
  // What was read anyway, transport layers undone among it (quoted-printable decoded, ...).
  list(report["warning_list"] = nlohmann::ordered_json::array(), r.warnings);
  // Names come from the file system and may be any bytes: replace what is not UTF-8.
  return report.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace iosr::batch
