// results.csv and ops.csv, read back with a separate RFC 4180 parser and compared with the run.
#include <gtest/gtest.h>

#include <map>

#include "results/csv_writer.hpp"
#include "results/tests/sample_run.hpp"

namespace aotbench::results {
namespace {

using Table = std::vector<std::vector<std::string>>;

// A small RFC 4180 reader, independent of the writer: quoted fields may hold , " CR LF.
Table parse_csv(const std::string& text) {
  Table rows(1);
  std::string field;
  bool quoted = false, in_quotes = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (in_quotes) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') field += '"', ++i;
      else if (c == '"') in_quotes = false;
      else field += c;
    } else if (c == '"' && field.empty() && !quoted) {
      in_quotes = quoted = true;
    } else if (c == ',') {
      rows.back().push_back(field), field.clear(), quoted = false;
    } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      rows.back().push_back(field), field.clear(), quoted = false, ++i;
      rows.emplace_back();
    } else {
      field += c;
    }
  }
  EXPECT_FALSE(in_quotes) << "unterminated quoted field";
  if (rows.back().empty()) rows.pop_back();
  return rows;
}

std::map<std::string, std::string> as_map(const std::vector<std::string>& header, const std::vector<std::string>& row) {
  EXPECT_EQ(header.size(), row.size());
  std::map<std::string, std::string> m;
  for (std::size_t i = 0; i < header.size() && i < row.size(); ++i) m[header[i]] = row[i];
  return m;
}

std::string yn(const std::optional<bool>& b) { return !b ? "" : *b ? "yes" : "no"; }

TEST(Csv, HeaderHasKnobsAsColumnsAndEveryMetric) {
  Table t = parse_csv(results_csv(testing::changed_run()));
  const std::vector<std::string> expected{
      "key", "api", "interface", "workspace", "params", "index", "opt", "prefix", "cc", "status", "message", "counter",
      "counts_min", "counts_median", "counts_max", "instructions_median", "time_us", "stack_bytes", "flash_total",
      "flash_model_code",
      "flash_parameters", "flash_kernels", "flash_runtime", "flash_rpc_server", "ram_total", "ram_model_code",
      "ram_parameters", "ram_kernels", "ram_runtime", "ram_rpc_server", "arena_bytes", "recomputed_macs", "fits",
      "outputs_match",
      "pareto", "selected", "counts_per_repeat"};
  EXPECT_EQ(t.at(0), expected);
}

TEST(Csv, EveryRowMatchesItsVariant) {
  const results::Run run = testing::sample_run();
  Table t = parse_csv(results_csv(run));
  ASSERT_EQ(t.size(), run.variants.size() + 1);
  for (std::size_t r = 0; r < run.variants.size(); ++r) {
    const VariantResult& v = run.variants[r];
    auto m = as_map(t[0], t[r + 1]);
    SCOPED_TRACE(v.key);
    EXPECT_EQ(m["key"], v.key);
    for (const auto& [k, val] : v.knobs) EXPECT_EQ(m[k], val);
    EXPECT_EQ(m["status"], to_string(v.status));
    EXPECT_EQ(m["message"], v.message);
    EXPECT_EQ(m["counter"], "instructions");
    EXPECT_EQ(m["counts_median"], v.counts ? std::to_string(v.counts->median) : "");
    EXPECT_EQ(m["counts_min"], v.counts ? std::to_string(v.counts->min) : "");
    if (v.counts) {
      EXPECT_NEAR(std::stod(m["time_us"]), double(v.counts->median) / 168.0, 0.0006);
      std::string reps;
      for (auto x : v.counts->repeats) reps += (reps.empty() ? "" : ";") + std::to_string(x);
      EXPECT_EQ(m["counts_per_repeat"], reps);
    } else {
      EXPECT_EQ(m["time_us"], "");
    }
    if (v.flash) {
      const SizeSplit& f = *v.flash;
      EXPECT_EQ(m["flash_total"], std::to_string(f.model_code + f.parameters + f.kernels + f.runtime + f.rpc_server));
      EXPECT_EQ(m["flash_rpc_server"], std::to_string(f.rpc_server));
      EXPECT_EQ(m["ram_runtime"], std::to_string(v.ram->runtime));
    } else {
      EXPECT_EQ(m["flash_total"], "");
      EXPECT_EQ(m["ram_total"], "");
    }
    EXPECT_EQ(m["stack_bytes"], v.stack_bytes ? std::to_string(*v.stack_bytes) : "");
    EXPECT_EQ(m["fits"], yn(v.fits));
    EXPECT_EQ(m["outputs_match"], yn(v.outputs_match));
    EXPECT_EQ(m["selected"], v.selected ? "yes" : "no");
    EXPECT_EQ(m["pareto"], v.pareto ? "yes" : "no");
  }
}

// Where each variant ran: three columns, only in a run shared out over several boards.
TEST(Csv, ProvenanceColumnsOnlyWhenSharedOut) {
  results::Run run = testing::sample_run();
  Table plain = parse_csv(results_csv(run));
  EXPECT_EQ(std::count(plain[0].begin(), plain[0].end(), "measured_on"), 0);
  run.variants[1].measured_on = MeasuredOn{"rack-2", "pi-7", ""};
  Table shared = parse_csv(results_csv(run));
  ASSERT_EQ(shared[0].size(), plain[0].size() + 3);
  const std::size_t at = plain[0].size();
  EXPECT_EQ(shared[0][at], "measured_on");
  EXPECT_EQ(shared[0][at + 1], "measured_on_host");
  EXPECT_EQ(shared[2][at], "rack-2");
  EXPECT_EQ(shared[2][at + 1], "pi-7");
  EXPECT_EQ(shared[1][at], "");  // a variant not measured on the farm (none in practice) says nothing
}

TEST(Csv, HostileMessageSurvivesQuoting) {
  results::Run run = testing::sample_run();
  const VariantResult* failed = nullptr;
  for (const auto& v : run.variants)
    if (v.status == Status::build_failed) failed = &v;
  ASSERT_NE(failed, nullptr);
  ASSERT_NE(failed->message.find_first_of(",\"\n"), std::string::npos);  // the case worth testing
  int found = 0;
  for (const auto& row : parse_csv(results_csv(run)))
    for (const auto& field : row) found += field == failed->message;
  EXPECT_EQ(found, 1);
}

TEST(Csv, KnobClashingWithAColumnIsRejected) {
  results::Run run = testing::sample_run();
  run.variants[0].knobs.emplace_back("status", "x");
  EXPECT_THROW(results_csv(run), ResultsError);
}

TEST(Csv, OpsTableRows) {
  const results::Run run = testing::sample_run();
  const VariantResult* w = run.winner();
  ASSERT_NE(w, nullptr);
  Table t = parse_csv(ops_csv(run));
  ASSERT_EQ(t.size(), w->ops.size() + 1);
  EXPECT_EQ(t[0], (std::vector<std::string>{"key", "op_index", "op_type", "schedule", "counts", "macs",
                                            "counts_per_mac", "shape", "reference_counts", "gain", "close_call"}));
  for (std::size_t i = 0; i < w->ops.size(); ++i) {
    const OpProfile& op = w->ops[i];
    EXPECT_EQ(t[i + 1][0], w->key);
    EXPECT_EQ(t[i + 1][2], op.type);
    EXPECT_EQ(t[i + 1][3], op.schedule);
    EXPECT_EQ(t[i + 1][4], std::to_string(op.counts));
    if (op.macs) EXPECT_NEAR(std::stod(t[i + 1][6]), double(op.counts) / double(op.macs), 1e-4);
    else EXPECT_EQ(t[i + 1][6], "");
  }
}

}  // namespace
}  // namespace aotbench::results
