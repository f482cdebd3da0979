// SPDX-License-Identifier: MIT
// The regression gate of run_compare(): its finds, its counts and its verdict (gate.cpp).
#pragma once

#include "iosr/operations.hpp"

namespace iosr::detail {

/// Fills out.regressions, excluded, missing, counts and verdict from out.result as
/// request.fail_if_worse (set), gate_skip_noise and allow_missing ask.
void apply_gate(const compare_request& request, compare_outcome& out);

}  // namespace iosr::detail
