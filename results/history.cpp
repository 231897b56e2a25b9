#include "results/history.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string_view>
#include <variant>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "results/metrics.hpp"
#include "results/sqlite_db.hpp"

namespace aotbench::results {
namespace {

const std::vector<std::string> kRunColumns{"run_id",    "date_utc", "aotbench_commit", "toolchain",
                                           "qemu",      "board",    "target",          "counter",
                                           "clock_hz",  "model",    "model_sha256",    "objective",
                                           "command_line", "selection_reason", "timing_model"};

// Columns of `variants` besides the metric columns.
const std::vector<std::string> kVariantHead{"run_id", "key", "status", "message"};
const std::vector<std::string> kVariantTail{"fits", "outputs_match", "pareto", "selected", "repeats"};

std::string join(const std::vector<std::string>& v, const std::string& sep, const std::string& fmt_each = "{}") {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? sep : "") + fmt::format(fmt::runtime(fmt_each), v[i]);
  return out;
}

std::vector<std::string> variant_columns() {
  std::vector<std::string> cols = kVariantHead;
  for (const auto& m : metrics()) cols.push_back(m.name);
  cols.insert(cols.end(), kVariantTail.begin(), kVariantTail.end());
  return cols;
}

// Where a column is in a SELECT of `columns` (the names are this file's own: a miss is a bug).
int column_index(const std::vector<std::string>& columns, std::string_view name) {
  const auto it = std::find(columns.begin(), columns.end(), name);
  if (it == columns.end()) throw std::logic_error(fmt::format("history: no column '{}' is selected", name));
  return static_cast<int>(it - columns.begin());
}

const char* sql_type(const Metric& m) { return m.unit == Unit::microseconds ? "REAL" : "INTEGER"; }

Value metric_value(const Metric& m, const std::optional<double>& v) {
  if (!v) return {};
  if (m.unit == Unit::microseconds) return *v;
  return static_cast<int64_t>(*v);
}

Value bool_value(const std::optional<bool>& b) {
  if (!b) return {};
  return int64_t{*b ? 1 : 0};
}

}  // namespace

History::History(const std::filesystem::path& path) : db_(path, "history database"), path_(path.string()) {
  try {
    open_schema();
  } catch (const ResultsError& e) {
    throw ResultsError(fmt::format("history database {} cannot be used: {}; give another --history, or move this one "
                                   "away (a new one is created)",
                                   path_, e.what()));
  }
}

void History::open_schema() {
  {  // a damaged file, found before anything is measured for it (a whole check reads every page)
    Stmt check(db_, "PRAGMA quick_check");
    std::string problems;
    while (check.step())
      if (check.text(0) != "ok" && problems.size() < 300) problems += (problems.empty() ? "" : "; ") + check.text(0);
    if (!problems.empty()) throw ResultsError(fmt::format("SQLite's quick_check finds it damaged: {}", problems));
  }
  // One transaction: two sweeps that open a new database at once must not both add a column.
  Transaction t(db_);
  exec("CREATE TABLE IF NOT EXISTS runs(run_id TEXT PRIMARY KEY, date_utc TEXT, aotbench_commit TEXT, "
       "toolchain TEXT, qemu TEXT, board TEXT, target TEXT, counter TEXT, clock_hz INTEGER, model TEXT, "
       "model_sha256 TEXT, objective TEXT, command_line TEXT, selection_reason TEXT)");
  exec("CREATE TABLE IF NOT EXISTS variants(run_id TEXT NOT NULL, key TEXT NOT NULL, status TEXT NOT NULL, "
       "message TEXT, fits INTEGER, outputs_match INTEGER, pareto INTEGER, selected INTEGER, repeats TEXT, "
       "PRIMARY KEY(run_id, key))");
  exec("CREATE TABLE IF NOT EXISTS knobs(run_id TEXT NOT NULL, key TEXT NOT NULL, position INTEGER, "
       "name TEXT NOT NULL, value TEXT, PRIMARY KEY(run_id, key, name))");
  exec("CREATE TABLE IF NOT EXISTS ops(run_id TEXT NOT NULL, key TEXT NOT NULL, op_index INTEGER NOT NULL, "
       "op_type TEXT, counts INTEGER, macs INTEGER, PRIMARY KEY(run_id, key, op_index))");
  exec("CREATE TABLE IF NOT EXISTS layers(run_id TEXT NOT NULL, key TEXT NOT NULL, op_index INTEGER NOT NULL, "
       "op_type TEXT, schedule TEXT, PRIMARY KEY(run_id, key, op_index))");
  // A database from before the timing model gains its column (what an estimate was made of).
  {
    std::set<std::string> run_columns;
    Stmt info(db_, "PRAGMA table_info(runs)");
    while (info.step()) run_columns.insert(info.text(1));
    if (!run_columns.count("timing_model")) exec("ALTER TABLE runs ADD COLUMN timing_model TEXT");
  }
  // Metric columns are added one by one so a database from an older aotbench gains new ones.
  std::set<std::string> have;
  {
    Stmt info(db_, "PRAGMA table_info(variants)");
    while (info.step()) have.insert(info.text(1));
  }
  for (const auto& m : metrics())
    if (!have.count(m.name)) exec(fmt::format("ALTER TABLE variants ADD COLUMN {} {}", m.name, sql_type(m)));
  // Tables of the same names but another schema (another program's database): every statement a
  // sweep will run is compiled now, so it is refused before measuring, not after.
  for (const std::string& sql :
       {upsert_sql("runs", kRunColumns, {"run_id"}), upsert_sql("variants", variant_columns(), {"run_id", "key"}),
        std::string("INSERT INTO knobs(run_id, key, position, name, value) VALUES(?,?,?,?,?)"),
        std::string("INSERT INTO ops(run_id, key, op_index, op_type, counts, macs) VALUES(?,?,?,?,?,?)"),
        std::string("INSERT INTO layers(run_id, key, op_index, op_type, schedule) VALUES(?,?,?,?,?)"),
        fmt::format("SELECT {} FROM runs", join(kRunColumns, ","))})
    Stmt(db_, sql);
  t.commit();
}

History::~History() = default;

void History::exec(const std::string& sql) const { db_.exec(sql); }

void History::put_run(const Run& run) {
  const RunInfo& i = run.info;
  if (i.run_id.empty()) throw ResultsError("cannot record a run without a run id (see make_run_id)");
  Stmt(db_, upsert_sql("runs", kRunColumns, {"run_id"}))
      .bind({i.run_id, i.date_utc, i.aotbench_commit, i.toolchain, i.qemu, i.board, std::string(to_string(i.target)),
             std::string(to_string(i.counter)), static_cast<int64_t>(i.clock_hz), i.model, i.model_sha256,
             i.objective, i.command_line, run.selection_reason, i.timing_model})
      .step();
}

void History::put_variant(const RunInfo& info, const VariantResult& v) {
  if (v.key.empty()) throw ResultsError("cannot record a variant without a key");
  std::vector<Value> row{info.run_id, v.key, std::string(to_string(v.status)), v.message};
  for (const auto& m : metrics()) row.push_back(metric_value(m, m.get(info, v)));
  row.insert(row.end(), {bool_value(v.fits), bool_value(v.outputs_match), int64_t{v.pareto}, int64_t{v.selected},
                         nlohmann::json(v.counts ? v.counts->repeats : std::vector<uint64_t>{}).dump()});
  Stmt(db_, upsert_sql("variants", variant_columns(), {"run_id", "key"})).bind(row).step();

  Stmt(db_, "DELETE FROM knobs WHERE run_id=? AND key=?").bind({info.run_id, v.key}).step();
  for (std::size_t p = 0; p < v.knobs.size(); ++p)
    Stmt(db_, "INSERT INTO knobs(run_id, key, position, name, value) VALUES(?,?,?,?,?)")
        .bind({info.run_id, v.key, static_cast<int64_t>(p), v.knobs[p].first, v.knobs[p].second})
        .step();
  Stmt(db_, "DELETE FROM ops WHERE run_id=? AND key=?").bind({info.run_id, v.key}).step();
  for (const auto& op : v.ops)
    Stmt(db_, "INSERT INTO ops(run_id, key, op_index, op_type, counts, macs) VALUES(?,?,?,?,?,?)")
        .bind({info.run_id, v.key, int64_t{op.index}, op.type, static_cast<int64_t>(op.counts),
               static_cast<int64_t>(op.macs)})
        .step();
  Stmt(db_, "DELETE FROM layers WHERE run_id=? AND key=?").bind({info.run_id, v.key}).step();
  for (const auto& l : v.layers)
    Stmt(db_, "INSERT INTO layers(run_id, key, op_index, op_type, schedule) VALUES(?,?,?,?,?)")
        .bind({info.run_id, v.key, int64_t{l.index}, l.type, l.schedule})
        .step();
}

void History::append(const Run& run) {
  validate(run);
  Transaction t(db_);
  put_run(run);
  for (const auto& v : run.variants) put_variant(run.info, v);
  t.commit();
}

void History::record(const Run& run, const VariantResult& variant) {
  Transaction t(db_);
  put_run(run);
  put_variant(run.info, variant);
  t.commit();
}

std::vector<std::string> History::run_ids() const {
  std::vector<std::string> ids;
  Stmt s(db_, "SELECT run_id FROM runs ORDER BY rowid");
  while (s.step()) ids.push_back(s.text(0));
  return ids;
}

Run History::load_run(const std::string& run_id) const {
  Run run;
  Stmt r(db_, fmt::format("SELECT {} FROM runs WHERE run_id=?", join(kRunColumns, ",")));
  if (!r.bind({run_id}).step())
    throw ResultsError(fmt::format("history database {} has no run '{}'", path_, run_id));
  auto text = [&](std::string_view column) { return r.text(column_index(kRunColumns, column)); };
  RunInfo& i = run.info;
  i.run_id = text("run_id");
  i.date_utc = text("date_utc");
  i.aotbench_commit = text("aotbench_commit");
  i.toolchain = text("toolchain");
  i.qemu = text("qemu");
  i.board = text("board");
  i.target = parse_target(text("target"));
  i.counter = parse_counter(text("counter"));
  i.clock_hz = r.u64(column_index(kRunColumns, "clock_hz")).value_or(0);
  i.model = text("model");
  i.model_sha256 = text("model_sha256");
  i.objective = text("objective");
  i.command_line = text("command_line");
  run.selection_reason = text("selection_reason");
  i.timing_model = text("timing_model");

  const std::vector<std::string> columns = variant_columns();
  Stmt v(db_, fmt::format("SELECT {} FROM variants WHERE run_id=? ORDER BY rowid", join(columns, ",")));
  v.bind({run_id});
  auto at = [&](std::string_view column) { return column_index(columns, column); };
  while (v.step()) {
    VariantResult x;
    x.key = v.text(at("key"));
    x.status = parse_status(v.text(at("status")));
    x.message = v.text(at("message"));
    for (const auto& m : metrics())
      if (m.stored())
        if (auto value = v.u64(at(m.name))) m.set(x, *value);
    if (x.counts) {
      const std::string repeats = v.text(at("repeats"));
      x.counts->repeats = nlohmann::json::parse(repeats.empty() ? "[]" : repeats).get<std::vector<uint64_t>>();
    }
    x.fits = v.boolean(at("fits"));
    x.outputs_match = v.boolean(at("outputs_match"));
    x.pareto = v.i64(at("pareto")) != 0;
    x.selected = v.i64(at("selected")) != 0;
    run.variants.push_back(std::move(x));
  }
  for (auto& x : run.variants) {
    Stmt k(db_, "SELECT name, value FROM knobs WHERE run_id=? AND key=? ORDER BY position");
    k.bind({run_id, x.key});
    while (k.step()) x.knobs.emplace_back(k.text(0), k.text(1));
    Stmt o(db_, "SELECT op_index, op_type, counts, macs FROM ops WHERE run_id=? AND key=? ORDER BY op_index");
    o.bind({run_id, x.key});
    Stmt l(db_, "SELECT op_index, op_type, schedule FROM layers WHERE run_id=? AND key=? ORDER BY op_index");
    l.bind({run_id, x.key});
    while (l.step()) x.layers.push_back({static_cast<int>(l.i64(0)), l.text(1), l.text(2)});
    while (o.step()) {
      std::string schedule;
      for (const auto& layer : x.layers)
        if (layer.index == o.i64(0)) schedule = layer.schedule;
      x.ops.push_back({static_cast<int>(o.i64(0)), o.text(1), static_cast<uint64_t>(o.i64(2)),
                       static_cast<uint64_t>(o.i64(3)), schedule});
    }
  }
  return run;
}

}  // namespace aotbench::results
