#pragma once
// A thin layer over SQLite for the history database's users (the run history, the tuning log):
// opening with a busy timeout, statements with bound values, transactions, upserts.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace aotbench::results {

using Value = std::variant<std::monostate, int64_t, double, std::string>;

class Database {
 public:
  // Opens or creates the file (and its folder). `what` names it in errors, e.g. "history database".
  Database(const std::filesystem::path& path, std::string what);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  void exec(const std::string& sql) const;  // throws ResultsError naming the file
  sqlite3* handle() const { return db_; }
  const std::string& what() const { return what_; }

 private:
  sqlite3* db_ = nullptr;
  std::string path_, what_;
};

class Stmt {
 public:
  Stmt(const Database& db, const std::string& sql);
  ~Stmt();
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  Stmt& bind(const std::vector<Value>& values);
  bool step();  // true while there is a row to read
  bool null(int c) const;
  int64_t i64(int c) const;
  double real(int c) const;
  std::string text(int c) const;
  std::optional<uint64_t> u64(int c) const;
  std::optional<bool> boolean(int c) const;
  // The stored value as text, whatever its type ("1e+30", "-5", "NULL"): for messages about it.
  std::string shown(int c) const;
  bool integer(int c) const;  // stored as an INTEGER (not REAL, TEXT, BLOB or NULL)

 private:
  const Database& db_;
  sqlite3_stmt* s_ = nullptr;
};

// BEGIN IMMEDIATE ... COMMIT, rolled back unless committed.
class Transaction {
 public:
  explicit Transaction(const Database& db);
  ~Transaction();
  void commit();

 private:
  const Database& db_;
  bool done_ = false;
};

// INSERT ... ON CONFLICT(pk) DO UPDATE: keeps the row (and its rowid, i.e. first-recorded order).
std::string upsert_sql(const std::string& table, const std::vector<std::string>& cols,
                       const std::vector<std::string>& pk);

}  // namespace aotbench::results
