// SPDX-License-Identifier: MIT
// Umbrella header: the whole public API of the iosr library.
#pragma once

#include "iosr/ci_reports.hpp"
#include "iosr/codes.hpp"
#include "iosr/compare.hpp"
#include "iosr/counted.hpp"
#include "iosr/edit.hpp"
#include "iosr/error.hpp"
#include "iosr/match.hpp"
#include "iosr/model.hpp"
#include "iosr/operations.hpp"
#include "iosr/read.hpp"
#include "iosr/read_in_place.hpp"
#include "iosr/render.hpp"
#include "iosr/test_filter.hpp"
#include "iosr/trend.hpp"
#include "iosr/version.hpp"
