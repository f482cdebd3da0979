// SPDX-License-Identifier: MIT
// Archive members as batch inputs, through libarchive (kept to archive_reader.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "iosr/batch.hpp"

namespace iosr::batch {

/// Whether `head`, a file's first bytes (512 are enough), starts a tar or zip archive or a
/// gzip, xz, bzip2 or zstd stream (a compressed tar, or a compressed single file).
bool has_archive_magic(std::string_view head);

/// Reads the archive `source`, giving each regular member to
/// `emit` as `PATH:MEMBER`, with its output path under the archive's name without its
/// extensions, or at the top of --out-dir for a named archive. A compressed
/// single file (`composite.xml.gz`, no tar inside) is one input named `PATH`, named on the
/// command line when the archive was, with the output path of the file it holds. Links,
/// special members and archives inside it are handed over as skipped, a member over the input
/// limit as settle_too_large() settles it. A damaged archive, or one that passes an archive
/// limit, ends with one failed input named `PATH`. Returns false when `emit` asked to stop.
/// Standard input (`-`) is read as it comes, `head` (its first bytes, read already to tell the
/// archive) first.
bool read_archive(const input_list::source& source, std::string_view head,
                  const input_limits& limits, const std::function<bool(batch_input&&)>& emit);

/// `member` as a relative path under the output directory, or empty with `why` set when it
/// could leave it: absolute, or with a `..` component. `.` and empty components are dropped.
std::string safe_member_path(std::string_view member, std::string& why);

}  // namespace iosr::batch
