#include "results/sqlite_db.hpp"

#include <fmt/core.h>
#include <sqlite3.h>

#include <algorithm>

#include "results/record.hpp"

namespace aotbench::results {
namespace {

std::string join(const std::vector<std::string>& v, const std::string& sep, const std::string& fmt_each = "{}") {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? sep : "") + fmt::format(fmt::runtime(fmt_each), v[i]);
  return out;
}

}  // namespace

Database::Database(const std::filesystem::path& path, std::string what) : path_(path.string()), what_(std::move(what)) {
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  if (sqlite3_open_v2(path_.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
    std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    throw ResultsError(fmt::format("cannot open {} {}: {}", what_, path_, msg));
  }
  sqlite3_busy_timeout(db_, 30000);  // nightly workers share one database
}

Database::~Database() { sqlite3_close(db_); }

void Database::exec(const std::string& sql) const {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : sqlite3_errmsg(db_);
    sqlite3_free(err);
    throw ResultsError(fmt::format("{} {}: {} (is it an aotbench history database?)", what_, path_, msg));
  }
}

Stmt::Stmt(const Database& db, const std::string& sql) : db_(db) {
  if (sqlite3_prepare_v2(db.handle(), sql.c_str(), -1, &s_, nullptr) != SQLITE_OK)
    throw ResultsError(fmt::format("{}: cannot prepare '{}': {}", db.what(), sql, sqlite3_errmsg(db.handle())));
}

Stmt::~Stmt() { sqlite3_finalize(s_); }

Stmt& Stmt::bind(const std::vector<Value>& values) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    const int n = static_cast<int>(i) + 1;
    const Value& v = values[i];
    if (auto* p = std::get_if<int64_t>(&v)) sqlite3_bind_int64(s_, n, *p);
    else if (auto* d = std::get_if<double>(&v)) sqlite3_bind_double(s_, n, *d);
    else if (auto* s = std::get_if<std::string>(&v)) sqlite3_bind_text(s_, n, s->c_str(), -1, SQLITE_TRANSIENT);
    else sqlite3_bind_null(s_, n);
  }
  return *this;
}

bool Stmt::step() {
  const int rc = sqlite3_step(s_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  throw ResultsError(fmt::format("{}: {}", db_.what(), sqlite3_errmsg(db_.handle())));
}

bool Stmt::null(int c) const { return sqlite3_column_type(s_, c) == SQLITE_NULL; }
int64_t Stmt::i64(int c) const { return sqlite3_column_int64(s_, c); }
double Stmt::real(int c) const { return sqlite3_column_double(s_, c); }

std::string Stmt::text(int c) const {
  const unsigned char* t = sqlite3_column_text(s_, c);
  return t ? reinterpret_cast<const char*>(t) : "";
}

std::optional<uint64_t> Stmt::u64(int c) const {
  if (null(c)) return std::nullopt;
  return static_cast<uint64_t>(i64(c));
}

bool Stmt::integer(int c) const { return sqlite3_column_type(s_, c) == SQLITE_INTEGER; }

std::string Stmt::shown(int c) const {
  switch (sqlite3_column_type(s_, c)) {
    case SQLITE_NULL: return "NULL";
    case SQLITE_INTEGER: return std::to_string(i64(c));
    case SQLITE_FLOAT: return fmt::format("{}", real(c));
    case SQLITE_BLOB: return fmt::format("a {}-byte blob", sqlite3_column_bytes(s_, c));
    default: return "'" + text(c) + "'";
  }
}

std::optional<bool> Stmt::boolean(int c) const {
  if (null(c)) return std::nullopt;
  return i64(c) != 0;
}

Transaction::Transaction(const Database& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }

Transaction::~Transaction() {
  if (!done_) sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

std::string upsert_sql(const std::string& table, const std::vector<std::string>& cols,
                       const std::vector<std::string>& pk) {
  std::vector<std::string> rest;
  for (const auto& c : cols)
    if (std::find(pk.begin(), pk.end(), c) == pk.end()) rest.push_back(c);
  return fmt::format("INSERT INTO {}({}) VALUES({}) ON CONFLICT({}) DO UPDATE SET {}", table, join(cols, ","),
                     join(std::vector<std::string>(cols.size(), "?"), ","), join(pk, ","),
                     join(rest, ",", "{0}=excluded.{0}"));
}

}  // namespace aotbench::results
