// SPDX-License-Identifier: MIT
// Reading result files as a batch does, for throughput: in place, and prepared ahead on the
// thread that read the bytes. The same models, warnings and errors as read_results().
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/model.hpp"
#include "iosr/read.hpp"

namespace iosr {

namespace detail {
struct prepared_state;
}

/// read_results() on a text the caller has no more use for: the reader may overwrite it as it
/// reads, and `text` holds unspecified bytes afterwards. A composite.xml is then parsed where it
/// is instead of being copied first (6 % of a batch conversion's time).
result_file read_results_in_place(std::string& text, std::string name,
                                  const read_options& options = {});

/// A file's bytes made ready to read: what every input needs before its reader runs (the size
/// limit, a byte-order mark, the transport layers undone, the binary-byte scan, the format
/// sniffed, where the lines end) done ahead. A batch prepares each file on the thread that
/// read it, while its bytes are still in that core's cache, and reads it on a worker.
class prepared_input {
 public:
  prepared_input(prepared_input&&) noexcept;
  prepared_input& operator=(prepared_input&&) noexcept;
  ~prepared_input();

  /// What detect_input_format() says of the bytes: the claiming format's name, or empty when
  /// they are not a result file. Empty also for bytes over the input limit, which are not
  /// looked at.
  std::string_view detected_format() const;

  /// The bytes given to prepare_input(), as given, until they are read: a batch hashes them on
  /// the worker that reads them (`iosr db import`). Empty once read.
  std::string_view bytes() const;

 private:
  explicit prepared_input(std::unique_ptr<detail::prepared_state> state);
  friend prepared_input prepare_input(std::string, std::string, const read_options&);
  friend result_file read_results(prepared_input);
  friend std::vector<result_file> read_all_results(prepared_input);
  std::unique_ptr<detail::prepared_state> state_;
};

/// Prepares `bytes` for read_results(prepared_input). Throws no parse_error: what is wrong
/// with the bytes is thrown when they are read.
prepared_input prepare_input(std::string bytes, std::string name, const read_options& options = {});

/// read_results_in_place() of prepared bytes, with the name and options given to
/// prepare_input(): the same model, warnings and errors.
result_file read_results(prepared_input input);

/// read_all_results() of prepared bytes: every result file they hold (docs/blocks.md).
std::vector<result_file> read_all_results(prepared_input input);

}  // namespace iosr
