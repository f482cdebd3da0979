// SPDX-License-Identifier: MIT
// Archive members as batch inputs, through libarchive (kept to archive_reader.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "batch/inputs.hpp"

namespace iosr::cli::batch {

/// Whether `head`, a file's first bytes (512 are enough), starts a tar or zip archive or a
/// gzip, xz, bzip2 or zstd stream, which is taken to hold a tar.
bool has_archive_magic(std::string_view head);

/// Reads the archive at `path` (`-`: `in_memory` holds it), giving each regular member to
/// `emit` as `DISPLAY:MEMBER`, with its output path under `relative_root` (empty: the top). Links,
/// special members and archives inside it are handed over as skipped, a member over the input
/// limit as settle_too_large() settles it. A damaged archive, or one that passes an archive
/// limit, ends with one failed input named `DISPLAY`. Returns false when `emit` asked to stop.
bool read_archive(const std::string& path, std::string_view in_memory, const std::string& display,
                  const std::string& relative_root, const input_limits& limits,
                  const std::function<bool(batch_input&&)>& emit);

/// `member` as a relative path under the output directory, or empty with `why` set when it
/// could leave it: absolute, or with a `..` component. `.` and empty components are dropped.
std::string safe_member_path(std::string_view member, std::string& why);

}  // namespace iosr::cli::batch
