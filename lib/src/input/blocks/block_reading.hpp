// SPDX-License-Identifier: MIT
// Reading the result blocks found inside a text: each with the reader of the format that claims
// it, positioned in the user's bytes, where it was found and what was undone said first
// (docs/blocks.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "input/blocks/block_finder.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

struct input_format;
class decoded_input;

/// A block found and the format that claims its text.
struct claimed_block {
  found_block found;
  const input_format* format = nullptr;
};

/// The blocks of `text` to read, each claimed by a format that reads whole texts (every format
/// but the text export, which finds its charts anywhere itself). Empty when there is none, and
/// when `whole`, the format that claims the whole text, reads it as it is: one block, plain,
/// with nothing but blanks before it, of that format. Never throws.
std::vector<claimed_block> blocks_to_read(std::string_view text, const input_format* whole);

/// Reads the blocks of `input`'s text, in order, and, when `whole` is the text export, the charts
/// of the text around them first. A block repeated byte for byte is read once. A block that
/// cannot be read is a `block-not-read` warning of the first result read; throws the first
/// block's parse_error when none can be read.
std::vector<result_file> read_blocks(const decoded_input& input, std::vector<claimed_block>& blocks,
                                     const input_format* whole, const std::string& name,
                                     const read_options& options);

}  // namespace iosr::detail
