// SPDX-License-Identifier: MIT
// `iosr db list` as data and as text (iosr/store.hpp).

#include <fmt/format.h>

#include <string>

#include "iosr/counted.hpp"
#include "iosr/store.hpp"

namespace iosr {

store_listing list_store(store& db) {
  return {db.location(), db.version(), db.summarize(), db.files()};
}

std::string listing_text(const store_listing& listing) {
  const auto& s = listing.summary;
  std::string out = fmt::format("{} (schema version {})\n", listing.location, listing.version);
  out += fmt::format("{}, {}, {}, {}\n", counted(s.files, "file"), counted(s.systems, "system"),
                     counted(s.tests, "test"), counted(s.entries, "entry", "entries"));
  std::string kernels;
  for (const auto& k : s.kernels) kernels += (kernels.empty() ? "" : ", ") + k;
  out += "kernels: " + (kernels.empty() ? std::string("none known") : kernels) + "\n";
  out += "run dates: " +
         (s.first_date.empty() ? std::string("none known")
                               : s.first_date.substr(0, 10) + " to " + s.last_date.substr(0, 10)) +
         "\n";
  if (!listing.files.empty()) {
    out += fmt::format("\n{:<12}  {:>8}  {:<13}  {}\n", "sha256", "entries", "format", "path");
    for (const auto& r : listing.files) {
      out += fmt::format("{:<12}  {:>8}  {:<13}  {}\n", r.sha256.substr(0, 12), r.entries, r.format,
                         r.path);
    }
  }
  return out;
}

}  // namespace iosr
