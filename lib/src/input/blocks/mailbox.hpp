// SPDX-License-Identifier: MIT
// A mailbox (mbox, RFC 4155) of several messages: each message is an input of its own, read
// with its own transport layers (its MIME parts, encodings, quoting), so that every message's
// results are read, not only the first's (docs/blocks.md).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "iosr/model.hpp"

namespace iosr::detail {

/// Where each message of `text` starts (its `From ` line), when `text` is a mailbox of two
/// messages or more: it starts with a `From ` line, and each further message's `From ` line
/// follows an empty line. Empty otherwise (a single message is the MIME layer's).
std::vector<std::size_t> mailbox_messages(std::string_view text);

/// `file` with every position moved down `lines` lines: a message read alone, placed in its
/// mailbox.
void shift_lines(result_file& file, std::size_t lines);

}  // namespace iosr::detail
