// SPDX-License-Identifier: MIT
// Paths under an output directory (see iosr/output_files.hpp).
#include "iosr/output_files.hpp"

#include <string>
#include <system_error>

namespace iosr {

namespace fs = std::filesystem;

fs::path output_path(const fs::path& dir, const std::string& relative, std::string_view extension) {
  return dir / fs::path(relative).replace_extension(extension);
}

fs::path prepare_output_path(const fs::path& dir, const std::string& relative,
                             std::string_view extension, std::string& error) {
  fs::path target = fs::path(relative).replace_extension(extension);
  fs::path at = dir;
  for (auto part = target.begin(); part != target.end(); ++part) {
    if (std::next(part) == target.end()) break;  // the last part is the file itself
    at /= *part;
    std::error_code ec;
    auto status = fs::symlink_status(at, ec);
    // A link inside the output directory could lead anywhere: never write through one.
    if (fs::is_symlink(status)) {
      error = at.string() + " is a link; not written through it";
      return {};
    }
    if (!fs::exists(status) && !fs::create_directory(at, ec) && ec) {
      error = "cannot create directory " + at.string() + ": " + ec.message();
      return {};
    }
    if (fs::exists(status) && !fs::is_directory(status)) {
      error = at.string() + " is a file where a directory belongs";
      return {};
    }
  }
  return dir / target;
}

std::string output_names::claim(const std::string& relative) {
  const fs::path path(relative);
  std::string candidate = relative;
  for (unsigned n = 2;; ++n) {
    if (taken_.insert(fs::path(candidate).replace_extension(extension_).string()).second) {
      return candidate;
    }
    candidate = (path.parent_path() / path.stem()).string() + '-' + std::to_string(n) +
                path.extension().string();
  }
}

}  // namespace iosr
