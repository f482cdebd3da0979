// SPDX-License-Identifier: MIT
// PTS's identity of a chart (docs/composite-xml.md, "The format"): the fields PTS hashes to
// tell one chart from another when it reads, merges or compares result files.
#pragma once

#include <string>

#include "iosr/model.hpp"

namespace iosr::detail {

/// `TEST,ARGUMENTS,DESCRIPTION,VERSION,UNIT` before hashing: the test profile without its last
/// version component (`pts/fio-2.1.0` -> `pts/fio-2.1`), or the title when there is no
/// profile, then the other fields trimmed. Results with equal identity are one chart to PTS.
std::string result_identity(const result& r);

}  // namespace iosr::detail
