// SPDX-License-Identifier: MIT
// `iosr db list` as data and as text (iosr/store.hpp).

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "iosr/counted.hpp"
#include "iosr/store.hpp"
#include "render/text_layout.hpp"

namespace iosr {

store_listing list_store(store& db) {
  return {db.location(), db.version(), db.summarize(), db.files()};
}

std::string listing_text(const store_listing& listing, int width, bool whole_paths) {
  const std::size_t columns = detail::usable_width(width);
  std::string out;
  const auto line = [&](const std::string& text) {
    for (const auto& l : detail::wrapped(text, columns)) out += l + "\n";
  };
  const auto& s = listing.summary;
  // The location as the file paths below: shortened in its middle, the version kept whole.
  const auto version = fmt::format(" (schema version {})", listing.version);
  out += (whole_paths ? listing.location
                      : detail::elided(listing.location,
                                       columns - std::min(columns - 20, version.size()))) +
         version + "\n";
  line(fmt::format("{}, {}, {}, {}", counted(s.files, "file"), counted(s.systems, "system"),
                   counted(s.tests, "test"), counted(s.entries, "entry", "entries")));
  std::string kernels;
  for (const auto& k : s.kernels) kernels += (kernels.empty() ? "" : ", ") + k;
  line("kernels: " + (kernels.empty() ? std::string("none known") : kernels));
  std::string dates = "none known";
  if (!s.first_date.empty()) {
    const auto first = s.first_date.substr(0, 10), last = s.last_date.substr(0, 10);
    dates = first == last ? first : first + " to " + last;
    // A range over one file of five reads as if it were all of them.
    const auto dated = std::count_if(listing.files.begin(), listing.files.end(),
                                     [](const stored_file& f) { return !f.run_date.empty(); });
    if (static_cast<std::size_t>(dated) < listing.files.size()) {
      dates += fmt::format(" ({} of {} dated)", dated, counted(listing.files.size(), "file"));
    }
  }
  line("run dates: " + dates);
  if (!listing.files.empty()) {
    // The path takes what the digits, count and format leave; when that is under 20 columns
    // (COLUMNS=40), or too narrow to show each path's end on one line (it would be wrapped),
    // every path goes under its file's line, on lines of its own. Whole paths are one line
    // each, however long, so that one can be copied into `iosr db remove` or found with grep.
    constexpr std::size_t fixed = 12 + 2 + 8 + 2 + 13 + 2;
    std::vector<std::string> paths;
    for (const auto& r : listing.files) paths.push_back(r.path);
    std::vector<std::vector<std::string>> fitted;
    bool beside = true;
    if (whole_paths) {
      for (const auto& p : paths) fitted.push_back({p});
    } else {
      const auto one_line = [](const std::vector<std::vector<std::string>>& lines) {
        return std::all_of(lines.begin(), lines.end(), [](const auto& l) { return l.size() == 1; });
      };
      beside = columns >= fixed + 20;
      if (beside) fitted = detail::fitted_paths(paths, columns - fixed);
      if (!beside || !one_line(fitted)) {
        auto under = detail::fitted_paths(paths, columns - 2);
        if (!beside || one_line(under)) {
          fitted = std::move(under);
          beside = false;
        }
      }
    }
    const std::size_t margin = beside ? fixed : 2;
    out += fmt::format("\n{:<12}  {:>8}  {}\n", "sha256", "entries",
                       beside ? fmt::format("{:<13}  path", "format") : "format\n  path");
    for (std::size_t i = 0; i < listing.files.size(); ++i) {
      const auto& r = listing.files[i];
      out += fmt::format("{:<12}  {:>8}  {}", r.sha256.substr(0, 12), r.entries,
                         beside ? fmt::format("{:<13}  ", r.format) : r.format + "\n");
      for (std::size_t k = 0; k < fitted[i].size(); ++k) {
        out += (k == 0 && beside ? std::string() : std::string(margin, ' ')) + fitted[i][k] + "\n";
      }
    }
  }
  return out;
}

}  // namespace iosr
