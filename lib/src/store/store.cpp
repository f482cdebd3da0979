// SPDX-License-Identifier: MIT
// iosr::store (iosr/store.hpp): what every backend shares. A URL is turned into a backend here,
// and only here; the identities of systems and tests are computed here, so that every backend
// stores the same ones.
#include "iosr/store.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "iosr/error.hpp"
#include "iosr/match.hpp"
#include "store/pg_store.hpp"
#include "store/sha256.hpp"
#include "store/sqlite_store.hpp"

namespace iosr {

namespace {

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

// Length-prefixed, so that no two different field lists give the same bytes.
void identity_part(std::string& out, std::string_view s) {
  out += std::to_string(s.size());
  out += ':';
  out += s;
}

// `scheme://user:password@host/...` without `:password`, for a URL of any scheme.
std::string without_password(std::string_view url) {
  const auto start = url.find("://");
  if (start == std::string_view::npos) return std::string(url);
  const auto authority = url.substr(start + 3, url.find('/', start + 3) - (start + 3));
  const auto at = authority.rfind('@');
  const auto colon = authority.find(':');
  if (at == std::string_view::npos || colon == std::string_view::npos || colon > at) {
    return std::string(url);
  }
  return std::string(url.substr(0, start + 3 + colon)) + std::string(url.substr(start + 3 + at));
}

}  // namespace

std::unique_ptr<store> store::open(const std::string& url, store_access access) {
  std::string_view path = url;
  if (path.starts_with("sqlite:")) {
    path.remove_prefix(7);
    // sqlite:///abs/path and sqlite://relative are the forms other tools write too.
    if (path.starts_with("//")) path.remove_prefix(2);
  } else if (path.starts_with("postgresql://") || path.starts_with("postgres://")) {
    // Passed to libpq as it is: its parameters (sslmode, passfile, service, ...) work as
    // libpq documents them, and so do PGPASSWORD, PGPASSFILE and the service file.
    return std::make_unique<db::pg_store>(url, access == store_access::write);
  }
  if (path.empty()) throw error(error_kind::store, "'" + url + "': expected a database path");
  // `mysql://…` or a typed `postgresq://…` is not a path: taken for one, it would make folders
  // named after the URL and a new SQLite file there.
  if (const auto colon = path.find("://"); colon != std::string_view::npos && colon > 0 &&
                                           std::all_of(path.begin(), path.begin() + colon, [](char c) {
                                             return std::isalnum(static_cast<unsigned char>(c)) ||
                                                    c == '+' || c == '-' || c == '.';
                                           })) {
    throw error(error_kind::store,
                "'" + without_password(url) +
                    "': not a store iosr knows; expected postgresql://[USER@]HOST[:PORT]/DBNAME, "
                    "sqlite:PATH or a file's path");
  }
  return std::make_unique<db::sqlite_store>(std::string(path), access == store_access::write,
                                            access == store_access::read_only);
}

std::vector<store_outcome> store::add_all(const std::vector<store_addition>& files) {
  std::vector<store_outcome> out(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    const auto& f = files[i];
    try {
      out[i].added = add(*f.file, *f.ids, f.sha256, f.path, f.bytes);
    } catch (const std::exception&) {
      out[i].failure = std::current_exception();
    }
  }
  return out;
}

std::vector<stored_file> files_named(store& s, const std::string& spec) {
  auto found = s.find_files(spec);
  if (!found.empty() || spec.empty()) return found;
  const auto members = spec + ':';
  for (auto& f : s.files()) {
    if (f.path.starts_with(members)) found.push_back(std::move(f));
  }
  if (!found.empty()) return found;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(spec, ec)) return found;
  std::ifstream in(spec, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.bad()) found = s.find_files(store::sha256_hex(bytes));
  return found;
}

std::vector<system> store::systems_of(std::int64_t id) {
  std::vector<system> out;
  for_each_file(std::vector<std::int64_t>{id}, {},
                [&](result_file&& f) { out = std::move(f.systems); });
  return out;
}

std::vector<std::size_t> store::count_files_on(const std::vector<std::string>& machines) {
  std::vector<std::size_t> out;
  for (const auto& machine : machines) {
    file_query query;
    query.machine = machine;
    query.limit = 0;
    out.push_back(select_files(query).size());
  }
  return out;
}

std::string store::default_url() {
  if (auto p = env("IOSR_DB"); !p.empty()) return p;
  auto data = env("XDG_DATA_HOME");
  if (data.empty()) {
    auto home = env("HOME");
    if (home.empty()) throw error(error_kind::store, "no database path: set --db, IOSR_DB or HOME");
    data = home + "/.local/share";
  }
  return data + "/iosr/results.db";
}

std::string store::sha256_hex(std::string_view bytes) { return db::sha256_hex(bytes); }

std::string store::system_identity(const system& s) {
  std::string key;
  identity_part(key, s.label);
  for (const auto* fields : {&s.hardware, &s.software}) {
    key += '|';
    for (const auto& f : *fields) {
      identity_part(key, f.key);
      identity_part(key, f.value);
    }
  }
  key += '|';
  identity_part(key, s.json);
  return db::sha256_hex(key);
}

std::string store::test_identity(const result& r) {
  return db::sha256_hex(test_key(fields_of(r), test_match::store()));
}

store_identities store::identities_of(const result_file& file) {
  store_identities ids;
  ids.systems.reserve(file.systems.size());
  for (const auto& s : file.systems) ids.systems.push_back(system_identity(s));
  ids.tests.reserve(file.results.size());
  for (const auto& r : file.results) ids.tests.push_back(test_identity(r));
  return ids;
}

}  // namespace iosr
