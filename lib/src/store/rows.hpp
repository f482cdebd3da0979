// SPDX-License-Identifier: MIT
// What every backend stores the same way: fields as JSON text, a system's kernel, a file's PTS
// version, the names of directions and kinds read back, a file's samples joined and split, and
// the time of an import. One place, so that both backends hold the same texts.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "iosr/model.hpp"

namespace iosr::db {

/// A JSON object of the fields in file order; a key given twice holds an array of its values.
std::string fields_json(const std::vector<field>& fields);
std::vector<field> fields_from_json(std::string_view text);
std::string kernel_of(const system& s);
std::string pts_version_of(const result_file& file);
direction direction_from(std::string_view s);
entry_kind kind_from(std::string_view s);
/// An entry's runs as stored: joined by ':' ("" for none), and split again.
std::string joined_samples(const entry& e);
std::vector<std::string> split_samples(std::string_view samples);
/// Now, in UTC, as `imported_at` holds it: `2026-12-02 04:05:06`.
std::string utc_now();

}  // namespace iosr::db
