// SPDX-License-Identifier: MIT
// What the subcommands share: limits, reading inputs, writing output (see cli_support.hpp).
#include "cli_support.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <optional>
#include <string_view>
#include <thread>
#include <type_traits>
#include <unordered_map>

#include "iosr/batch.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "iosr/read_in_place.hpp"
#include "iosr/render.hpp"
#include "iosr/store.hpp"

namespace iosr::cli {

namespace {

// `4096`, `64k`, `512M`, `2G` (powers of 1024); nullopt for anything else or zero.
std::optional<std::uint64_t> parse_size(std::string_view text) {
  std::uint64_t scale = 1;
  if (!text.empty()) {
    switch (text.back()) {
      case 'k':
      case 'K':
        scale = std::uint64_t{1} << 10;
        break;
      case 'm':
      case 'M':
        scale = std::uint64_t{1} << 20;
        break;
      case 'g':
      case 'G':
        scale = std::uint64_t{1} << 30;
        break;
      default:
        break;
    }
    if (scale != 1) text.remove_suffix(1);
  }
  std::uint64_t number = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || number == 0 ||
      number > std::numeric_limits<std::uint64_t>::max() / scale) {
    return std::nullopt;
  }
  return number * scale;
}

// Applies every `--limit NAME=N`: one parser for all names, so that each command takes them all.
void parse_limits(const cxxopts::ParseResult& args, read_options& limits, archive_limits& archive) {
  if (!args.count("limit")) return;
  for (const auto& setting : args["limit"].as<std::vector<std::string>>()) {
    auto equals = setting.find('=');
    auto name = setting.substr(0, equals);
    auto size = equals == std::string::npos
                    ? std::nullopt
                    : parse_size(std::string_view(setting).substr(equals + 1));
    if (!size) {
      bad_value("limit", setting, "is not NAME=N with N a positive number");
    }
    if (name == "input-bytes") {
      limits.max_input_bytes = *size;
    } else if (name == "entries") {
      limits.max_entries_per_chart = static_cast<std::size_t>(*size);
    } else if (name == "xml-depth") {
      limits.max_xml_depth = static_cast<std::size_t>(*size);
    } else if (name == "json-depth") {
      limits.max_json_depth = static_cast<std::size_t>(*size);
    } else if (name == "archive-bytes") {
      archive.max_bytes = *size;
    } else if (name == "archive-ratio") {
      archive.max_ratio = *size;
    } else {
      bad_value("limit", setting,
                "names no limit; expected input-bytes, entries, xml-depth, json-depth, "
                "archive-bytes or archive-ratio");
    }
  }
}

// What the command line's words mean for one option of a command.
struct option_shape {
  std::string name;             // the long name, as messages and `--name=VALUE` give it
  bool takes_value = false;     // not a flag
  bool optional_value = false;  // a value that may be omitted (cxxopts's implicit value)
};

// Whether `word` is the name of an option, and so never another option's value: `--` and a
// letter (any long option, a mistyped one too: a value that begins so is written with `=`), or
// `-` and one of the command's short options (`-o`, `-f2`). `-`, `-5`, `-O2` (no -O) are values.
bool names_an_option(std::string_view word, const std::vector<option_shape>& short_options) {
  if (word.size() < 2 || word[0] != '-') return false;
  if (word[1] == '-') {
    return word.size() > 2 && std::isalpha(static_cast<unsigned char>(word[2]));
  }
  return short_options[static_cast<unsigned char>(word[1])].name.size() > 0;
}

}  // namespace

std::vector<std::string> arguments_as_meant(const cxxopts::Options& options, int argc,
                                            char** argv) {
  std::unordered_map<std::string, option_shape> long_options;
  std::vector<option_shape> short_options(256);
  for (const auto& group : options.groups()) {
    for (const auto& o : options.group_help(group).options) {
      option_shape shape{o.l.empty() ? o.s : o.l.front(), !o.is_boolean,
                         !o.is_boolean && o.has_implicit};
      for (const auto& name : o.l) long_options[name] = shape;
      if (o.s.size() == 1) short_options[static_cast<unsigned char>(o.s[0])] = shape;
    }
  }
  std::vector<std::string> out(argv, argv + argc);
  for (std::size_t i = 1; i < out.size(); ++i) {
    const std::string_view word = out[i];
    if (word == "--") break;  // the rest are inputs, whatever they look like
    const option_shape* shape = nullptr;
    if (word.starts_with("--") && word.find('=') == std::string_view::npos) {
      const auto found = long_options.find(std::string(word.substr(2)));
      if (found != long_options.end()) shape = &found->second;
    } else if (word.size() == 2 && word[0] == '-' && word[1] != '-') {
      // `-o FILE`; in `-ofile` or `-fo FILE` the value is no separate word, or cxxopts checks it.
      const auto& found = short_options[static_cast<unsigned char>(word[1])];
      if (!found.name.empty()) shape = &found;
    }
    if (shape == nullptr || !shape->takes_value || i + 1 == out.size()) continue;
    const std::string& next = out[i + 1];
    if (!names_an_option(next, short_options)) {
      if (shape->optional_value) {
        // cxxopts gives an optional value only after `=`: the word is joined to its option.
        out[i] += "=" + next;
        out.erase(out.begin() + static_cast<std::ptrdiff_t>(i) + 1);
      } else {
        ++i;  // the value, whatever it holds
      }
      continue;
    }
    if (shape->optional_value) continue;  // taken without its value
    bad_usage(std::string(word) + ": expected a value before '" + next +
              "', which names an option; a value that begins with '-' is written --" +
              shape->name + "=VALUE");
  }
  return out;
}

std::optional<cxxopts::ParseResult> parse_command_line(cxxopts::Options& options, int argc,
                                                       char** argv, std::string_view epilogue) {
  const auto words = arguments_as_meant(options, argc, argv);
  std::vector<const char*> meant;
  for (const auto& w : words) meant.push_back(w.c_str());
  auto args = options.parse(static_cast<int>(meant.size()), meant.data());
  if (args.count("help")) {
    // cxxopts wraps the options' descriptions under their column itself; the rest is ours.
    options.set_width(static_cast<std::size_t>(std::max(width_for("-"), 40)));
    print_help(std::cout, options.help() + std::string(epilogue));
    return std::nullopt;
  }
  return args;
}

void print_help(std::ostream& out, const std::string& text) {
  out << wrap_text(text, width_for("-"));
}

bool color_for(const std::string& output) {
  // no-color.org: NO_COLOR turns colour off when it is set to any text but the empty one, so
  // that `NO_COLOR=` (as a script clears a variable) leaves colour on.
  const char* no_color = std::getenv("NO_COLOR");
  return (output.empty() || output == "-") && isatty(STDOUT_FILENO) &&
         (no_color == nullptr || *no_color == '\0');
}

int width_for(const std::string& output) {
  if (const char* columns = std::getenv("COLUMNS")) {
    char* end = nullptr;
    const long n = std::strtol(columns, &end, 10);
    if (end != columns && *end == '\0' && n > 0 && n < 10000) return static_cast<int>(n);
  }
  winsize size{};
  if ((output.empty() || output == "-") && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 &&
      size.ws_col > 0) {
    return size.ws_col;
  }
  return 80;
}

void bad_usage(std::string message) { throw error(error_kind::usage, message); }

void bad_value(std::string_view option, std::string_view value, std::string_view why) {
  bad_usage("--" + std::string(option) + ": '" + std::string(value) + "' " + std::string(why));
}

namespace {

// `text` as a number of type T, all of it (a leading `+` allowed), finite; else nothing.
template <class T>
std::optional<T> number_in(std::string_view text) {
  if (text.starts_with('+')) text.remove_prefix(1);
  T number{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  if constexpr (std::is_floating_point_v<T>) {
    if (!std::isfinite(number)) return std::nullopt;
  }
  return number;
}

}  // namespace

double number_of(const cxxopts::ParseResult& args, const std::string& option) {
  const auto& given = args[option].as<std::string>();
  if (auto number = number_in<double>(given)) return *number;
  bad_value(option, given, "is not a number");
}

long whole_number_of(const cxxopts::ParseResult& args, const std::string& option) {
  const auto& given = args[option].as<std::string>();
  if (auto number = number_in<long>(given)) return *number;
  bad_value(option, given, "is not a whole number");
}

namespace {

// What each extension means: the formats that write such a file, the first of a command's
// formats listed being the one an output so named gets. A format not listed for an extension
// contradicts it; an extension not listed says nothing (`-o out`, `-o /dev/null`).
struct extension_meaning {
  std::string_view extension;
  std::initializer_list<std::string_view> formats;
};

const extension_meaning extension_meanings[] = {
    {".html", {"html"}},
    {".htm", {"html"}},
    {".csv", {"csv"}},
    {".json", {"json", "bmf"}},
    {".jsonl", {"jsonl"}},
    {".md", {"md", "executive-summary"}},
    {".markdown", {"md", "executive-summary"}},
    {".txt", {"ascii", "pts-text", "executive-summary", "md"}},
    {".text", {"ascii", "pts-text", "executive-summary", "md"}},
    {".xml", {"xml"}},
    {".svg", {"svg"}},
    {".png", {"png"}},
    {".pdf", {"pdf"}},
};

bool listed(std::initializer_list<std::string_view> list, std::string_view name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

}  // namespace

std::string output_format(const cxxopts::ParseResult& args, const std::string& format_option,
                          const std::string& path, std::string_view path_option,
                          const std::vector<std::string_view>& names, std::string_view fallback) {
  const bool named = args.count(format_option) > 0;
  const std::string given = named ? args[format_option].as<std::string>() : std::string(fallback);
  if (path.empty() || path == "-") return given;
  std::string extension = std::filesystem::path(path).extension().string();
  for (auto& c : extension) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  const extension_meaning* meaning = nullptr;
  for (const auto& m : extension_meanings) {
    if (m.extension == extension) meaning = &m;
  }
  if (!meaning) return given;
  const auto writes = [&](std::string_view f) {
    return std::find(names.begin(), names.end(), f) != names.end();
  };
  const auto fits = std::find_if(meaning->formats.begin(), meaning->formats.end(), writes);
  const std::string quoted = std::string(path_option) + " '" + path + "'";
  if (fits == meaning->formats.end()) {
    // `compare -o x.png`: whatever this command wrote there would not be what the name says.
    std::string extensions;
    for (const auto& m : extension_meanings) {
      if (std::any_of(m.formats.begin(), m.formats.end(), writes)) {
        extensions += (extensions.empty() ? "" : ", ") + std::string(m.extension);
      }
    }
    bad_usage(quoted + ": this command writes no " + extension.substr(1) +
              " file; expected a name ending in one of " + extensions +
              " (or none, or '-' for standard output)");
  }
  if (!named) return std::string(*fits);
  if (listed(meaning->formats, given)) return given;
  bad_usage("--" + format_option + " " + given + " contradicts " + quoted +
            ", whose extension means " + std::string(*fits) + "; leave out --" + format_option +
            " or change the extension");
}

std::optional<unsigned> jobs_from(const cxxopts::ParseResult& args, unsigned cores_kept) {
  const unsigned cores = std::thread::hardware_concurrency();
  const long jobs = args.count("jobs") ? whole_number_of(args, "jobs")
                                       : (cores > cores_kept ? cores - cores_kept : 1);
  if (jobs < 1 || jobs > 1024) return std::nullopt;
  return static_cast<unsigned>(jobs);
}

test_filter filter_from(const cxxopts::ParseResult& args) {
  if (!args.count("filter")) return {};
  try {
    return test_filter(args["filter"].as<std::string>());
  } catch (const error& e) {
    bad_usage("--filter: " + std::string(e.what()));
  }
}

void add_db_option(cxxopts::Options& options) {
  options.add_options()(
      "db",
      "the store: an SQLite FILE, or a PostgreSQL URL postgresql://[USER@][HOST][:PORT]/DBNAME "
      "(default: $IOSR_DB, else $XDG_DATA_HOME/iosr/results.db)",
      cxxopts::value<std::string>(), "FILE|URL");
}

std::string database_of(const cxxopts::ParseResult& args) {
  return args.count("db") ? args["db"].as<std::string>() : store::default_url();
}

void add_limit_option(cxxopts::Options& options) {
  options.add_options()(
      "limit",
      "change a limit on each input (repeatable): input-bytes (default 1G), entries per "
      "chart (default 100000), xml-depth and json-depth (default 256 each); for archives: "
      "archive-bytes expanded (default 16G) and archive-ratio, expanded to compressed bytes "
      "(default 200); N takes a k, M or G suffix (docs/reliability.md)",
      cxxopts::value<std::vector<std::string>>(), "NAME=N");
}

namespace {

// `(one of: a, b or c)` of the input formats' names, as one_of() lists an enum's, so that the
// bash completion offers them after --from.
std::string input_format_choices() {
  const auto formats = list_input_formats();
  std::string list;
  for (std::size_t i = 0; i < formats.size(); ++i) {
    if (i != 0) list += i + 1 == formats.size() ? " or " : ", ";
    list += formats[i].name;
  }
  return "(one of: " + list + ")";
}

}  // namespace

void add_input_options(cxxopts::Options& options) {
  options.positional_help("INPUT...");
  options.add_options()("files", "result files", cxxopts::value<std::vector<std::string>>());
  add_limit_option(options);
  options.add_options()(
      "from",
      "read every input as this input format, whatever it looks like (iosr --help says what "
      "each is) " +
          input_format_choices() +
          "; 'table' reads a table people made as --table says (docs/tables.md)",
      cxxopts::value<std::string>(), "FORMAT")(
      "table",
      "with --from table, what a table's columns are (repeatable): test=COLUMN[,COLUMN] (the "
      "test's name; default the first column), label=COLUMN and value=COLUMN (a row per "
      "entry), or columns=COLUMN[,COLUMN] or columns=* (a column per configuration, its "
      "heading the label); unit=COLUMN or unit==UNIT, direction=COLUMN or direction==higher, "
      "error=COLUMN (standard error), runs=COLUMN (N), configuration=NAME (every row's, "
      "without label=); a COLUMN is its heading or #N; test=, unit= and direction= may name "
      "@KEY, a 'KEY: VALUE' line above each table",
      cxxopts::value<std::vector<std::string>>(), "KEY=VALUE");
  add_id_options(options);
  options.parse_positional({"files"});
}

namespace {

std::vector<std::string> list_of(std::string_view text) {
  std::vector<std::string> items;
  for (std::size_t at = 0;;) {
    auto comma = text.find(',', at);
    auto item = text.substr(at, comma == std::string_view::npos ? comma : comma - at);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (!item.empty()) items.emplace_back(item);
    if (comma == std::string_view::npos) return items;
    at = comma + 1;
  }
}

// `--from` and `--table KEY=VALUE` into `options`: one parser for every command that reads.
void parse_input_format(const cxxopts::ParseResult& args, read_options& options) {
  if (args.count("from")) {
    options.from = args["from"].as<std::string>();
    std::string names;
    bool known = false;
    for (const auto& f : list_input_formats()) {
      known = known || f.name == options.from;
      (names += names.empty() ? "" : ", ") += std::string(f.name);
    }
    if (!known) bad_value("from", options.from, "is no input format; expected one of " + names);
  }
  if (!args.count("table")) return;
  if (options.from != "table") {
    bad_usage("--table says what a table's columns are: give --from table with it");
  }
  auto& t = options.table;
  std::string list_key;  // cxxopts cuts `columns=a,b` at the comma: `b` goes on a's list
  for (const auto& setting : args["table"].as<std::vector<std::string>>()) {
    auto equals = setting.find('=');
    if (equals == std::string::npos && !list_key.empty()) {
      (list_key == "test" ? t.test : t.columns).push_back(setting);
      continue;
    }
    auto key = setting.substr(0, equals);
    auto value = equals == std::string::npos ? std::string() : setting.substr(equals + 1);
    if (value.empty()) bad_value("table", setting, "is not KEY=VALUE with a VALUE");
    list_key = key == "test" || key == "columns" ? key : std::string();
    if (key == "test") {
      for (auto& c : list_of(value)) t.test.push_back(std::move(c));
    } else if (key == "columns") {
      for (auto& c : list_of(value)) t.columns.push_back(std::move(c));
    } else if (key == "label" || key == "value" || key == "unit" || key == "direction" ||
               key == "error" || key == "runs" || key == "configuration") {
      auto& field = key == "label"       ? t.label
                    : key == "value"     ? t.value
                    : key == "unit"      ? t.unit
                    : key == "direction" ? t.direction
                    : key == "error"     ? t.error
                    : key == "runs"      ? t.runs
                                         : t.configuration;
      field = value;
    } else {
      bad_value("table", setting,
                "names no key; expected test, label, value, columns, unit, direction, error, "
                "runs or configuration");
    }
  }
  if (!t.columns.empty() && (!t.value.empty() || !t.label.empty())) {
    bad_usage("--table: columns= (a column per configuration) excludes label= and value= (a row "
              "per entry)");
  }
  if (t.columns.empty() && t.value.empty()) {
    bad_usage("--table: say which column holds the values: value=COLUMN (a row per entry) or "
              "columns=COLUMN,... (a column per configuration)");
  }
  if (t.columns.empty() && t.label.empty() && t.configuration.empty()) {
    bad_usage("--table: say which configuration each row is: label=COLUMN, or configuration=NAME "
              "for every row");
  }
}

}  // namespace

read_options limits_from(const cxxopts::ParseResult& args) {
  read_options limits;
  archive_limits archive;
  parse_limits(args, limits, archive);
  parse_input_format(args, limits);
  return limits;
}

archive_limits archive_limits_from(const cxxopts::ParseResult& args) {
  read_options limits;
  archive_limits archive;
  parse_limits(args, limits, archive);
  return archive;
}

void add_id_options(cxxopts::Options& options) {
  options.add_options()("offline",
                        "never fetch: an OpenBenchmarking.org result ID must be in the cache")(
      "refresh", "fetch OpenBenchmarking.org result IDs again, even when they are cached");
}

openbenchmarking::id_options id_options_from(const cxxopts::ParseResult& args) {
  openbenchmarking::id_options ids;
  ids.offline = args.count("offline") > 0;
  ids.refresh = args.count("refresh") > 0;
  if (ids.offline && ids.refresh) {
    bad_usage("--offline and --refresh exclude each other");
  }
  auto environment = [](const char* name) -> std::string {
    const char* value = std::getenv(name);
    return value != nullptr ? value : "";
  };
  ids.cache = openbenchmarking::cache_directory(environment("XDG_CACHE_HOME"),
                                                environment("HOME"));
  // A bad value is said for each ID that needs it, named as the user set it.
  ids.url = {environment("IOSR_OPENBENCHMARKING_URL"), "IOSR_OPENBENCHMARKING_URL"};
  ids.timeout = {environment("IOSR_HTTP_TIMEOUT"), "IOSR_HTTP_TIMEOUT"};
  ids.retries = {environment("IOSR_HTTP_RETRIES"), "IOSR_HTTP_RETRIES"};
  ids.helper = helper_path("iosr-http");
  ids.helper_expected = "in " IOSR_HELPER_DIR " from iosr's directory";
  if (isatty(STDERR_FILENO)) {
    ids.fetching = [](const std::string& id, const std::string& url) {
      std::cerr << "iosr: fetching " << id << " from " << url << '\n';
    };
  }
  ids.warning = [](const std::string& id, const std::string& warning) {
    std::cerr << id << ": warning: " << warning << '\n';
  };
  return ids;
}

std::string helper_path(std::string_view program) {
  std::error_code ec;
  const auto self = std::filesystem::canonical("/proc/self/exe", ec);
  const auto dir = ec ? std::filesystem::path() : self.parent_path();
  return (dir / IOSR_HELPER_DIR / program).lexically_normal().string();
}

void read_each_result_file(const std::vector<std::string>& paths, const read_options& limits,
                           const archive_limits& archive, const openbenchmarking::id_options& ids,
                           const std::function<void(result_file&&)>& read, bool& failed) {
  batch::read_each_result_file(paths, {limits, archive, ids}, read,
                               [&failed](const batch::failure& f) {
                                 std::cerr << f.text() << '\n';
                                 failed = true;
                               });
}

std::vector<result_file> read_result_files(const std::vector<std::string>& paths,
                                           const read_options& limits,
                                           const archive_limits& archive,
                                           const openbenchmarking::id_options& ids, bool& failed) {
  std::vector<result_file> files;
  read_each_result_file(
      paths, limits, archive, ids, [&](result_file&& file) { files.push_back(std::move(file)); },
      failed);
  return files;
}

void print_warnings(const result_file& file) {
  for (const auto& w : file.warnings) {
    std::cerr << format_diagnostic(file.source_name, w.where, "warning: " + w.message) << '\n';
  }
}

bool write_output(const std::string& path, const std::string& text, bool force) {
  output_writer out(path, force);
  out.write(text);
  return out.finish();
}

void output_writer::open() {
  opened_ = true;
  if (to_stdout()) return;
  if (auto refused = refuse_existing(path_, force_)) {
    std::cerr << *refused << '\n';
    failed_ = true;
    return;
  }
  file_.open(path_, std::ios::binary);
}

void output_writer::write(std::string_view piece) {
  if (!opened_) open();
  if (failed_) return;
  auto& out = to_stdout() ? static_cast<std::ostream&>(std::cout) : file_;
  out.write(piece.data(), static_cast<std::streamsize>(piece.size()));
}

bool output_writer::finish() {
  if (!opened_) open();
  if (failed_) return false;
  if (to_stdout()) {
    std::cout << std::flush;
    return static_cast<bool>(std::cout);
  }
  file_.close();
  if (!file_) {
    std::cerr << path_ << ": cannot write: " << std::strerror(errno) << '\n';
    failed_ = true;
    return false;
  }
  return true;
}

}  // namespace iosr::cli
