// SPDX-License-Identifier: MIT
// fmt's compiled part, built into the programs instead of loading libfmt.so
// (IOSR_STATIC_RUNTIME, apps/CMakeLists.txt): libfmt.so needs the shared libstdc++, whose
// loading and 1,600-odd symbol relocations were 60 % of `iosr --version`'s instructions
// (docs/performance.md, "Start-up"). Debian ships fmt as a shared library only, so this file
// compiles fmt's out-of-line functions from its own header; the library and the tests still
// link libfmt.so.
#include <fmt/format-inl.h>

namespace fmt {
inline namespace v9 {
namespace detail {
// fmt/format.h declares these two `extern template` for the compiled library to define; they
// are the only ones iosr calls (the link says which are missing when fmt changes).
template auto thousands_sep_impl<char>(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl<char>(locale_ref) -> char;
}  // namespace detail
}  // namespace v9
}  // namespace fmt
