// SPDX-License-Identifier: MIT
// What reading the inputs shares inside the batch module (iosr/batch.hpp has the rest): the
// input limit's wording and rule, and the sources read in order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "iosr/batch.hpp"

namespace iosr::batch {

/// read_source() for every source in order.
void read_sources(const input_list& inputs, const input_limits& limits,
                  const std::function<bool(batch_input&&)>& emit);

/// How much of a file or member over the input limit is looked at to tell a result file.
inline constexpr std::size_t head_bytes = 1 << 16;

/// The error for an input over the 'input-bytes' limit, worded as the library words it: with
/// its size when that is known before reading, else as "more than" the limit.
std::string input_too_large(std::uint64_t limit, std::optional<std::uint64_t> size = {});

/// Settles `in`, a file or member over the input limit whose first bytes `head` holds: named,
/// or a result file by its first bytes, it fails with `error`; else it is skipped, as a video
/// or a disk image among results would be.
void settle_too_large(batch_input& in, std::string_view head, std::string error);

}  // namespace iosr::batch
