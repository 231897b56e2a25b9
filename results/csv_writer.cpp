#include "results/csv_writer.hpp"

#include <algorithm>

#include <fmt/core.h>

#include "results/files.hpp"
#include "results/metrics.hpp"
#include "results/text.hpp"

namespace aotbench::results {
namespace {

const std::vector<std::string> kLeading{"key"};
const std::vector<std::string> kMiddle{"status", "message", "counter"};
// counts_per_repeat: every repeat's count, ";"-separated (the median and range are in their own columns).
const std::vector<std::string> kTrailing{"fits", "outputs_match", "pareto", "selected", "counts_per_repeat"};
// Only in runs shared out over several boards (a labgrid farm): where each variant ran.
const std::vector<std::string> kProvenance{"measured_on", "measured_on_host", "measured_on_probe"};

bool shared_out(const Run& run) {
  return std::any_of(run.variants.begin(), run.variants.end(), [](const auto& v) { return v.measured_on.has_value(); });
}

bool is_fixed_column(const std::string& name) {
  for (const auto* list : {&kLeading, &kMiddle, &kTrailing, &kProvenance})
    if (std::find(list->begin(), list->end(), name) != list->end()) return true;
  for (const auto& m : metrics())
    if (name == m.name) return true;
  return false;
}

std::string row(const std::vector<std::string>& fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) line += (i ? "," : "") + csv_field(fields[i]);
  return line + "\r\n";
}

std::string repeats_field(const VariantResult& v) {
  if (!v.counts) return {};
  std::string out;
  for (uint64_t r : v.counts->repeats) out += fmt::format("{}{}", out.empty() ? "" : ";", r);
  return out;
}

}  // namespace

std::vector<std::string> csv_columns(const Run& run) {
  std::vector<std::string> cols = kLeading;
  for (const auto& k : run.knob_names()) {
    if (is_fixed_column(k))
      throw ResultsError(fmt::format("knob name '{}' clashes with a results.csv column: rename the knob", k));
    cols.push_back(k);
  }
  cols.insert(cols.end(), kMiddle.begin(), kMiddle.end());
  for (const auto& m : metrics()) cols.push_back(m.name);
  cols.insert(cols.end(), kTrailing.begin(), kTrailing.end());
  if (shared_out(run)) cols.insert(cols.end(), kProvenance.begin(), kProvenance.end());
  return cols;
}

std::string results_csv(const Run& run) {
  std::string out = row(csv_columns(run));
  const auto knobs = run.knob_names();
  const bool provenance = shared_out(run);
  for (const auto& v : run.variants) {
    std::vector<std::string> f{v.key};
    for (const auto& k : knobs) f.push_back(v.knob(k));
    f.insert(f.end(), {to_string(v.status), v.message, to_string(run.info.counter)});
    for (const auto& m : metrics()) f.push_back(plain_value(m.get(run.info, v), m.unit));
    f.insert(f.end(), {yes_no(v.fits), yes_no(v.outputs_match), yes_no(v.pareto), yes_no(v.selected),
                       repeats_field(v)});
    if (provenance) {
      const MeasuredOn on = v.measured_on.value_or(MeasuredOn{});
      f.insert(f.end(), {on.place, on.host, on.probe});
    }
    out += row(f);
  }
  return out;
}

std::string ops_csv(const Run& run) {
  std::string out = row({"key", "op_index", "op_type", "schedule", "counts", "macs", "counts_per_mac", "shape",
                         "reference_counts", "gain", "close_call"});
  const std::string tuned = run.tuning ? run.tuning->tuned_key : "";
  for (const auto& v : run.variants) {
    if (v.key == tuned) continue;  // its rows come from the tuning below
    for (const auto& op : v.ops) {
      auto cpm = op.counts_per_mac();
      out += row({v.key, std::to_string(op.index), op.type, op.schedule, std::to_string(op.counts),
                  std::to_string(op.macs), cpm ? fmt::format("{:.4f}", *cpm) : "", "", "", "", ""});
    }
  }
  if (run.tuning) {
    for (const auto& l : run.tuning->layers) {
      auto cpm = l.counts_per_mac();
      auto gain = l.gain();
      out += row({tuned, std::to_string(l.index), l.type, l.schedule, std::to_string(l.counts), std::to_string(l.macs),
                  cpm ? fmt::format("{:.4f}", *cpm) : "", l.shape, l.reference ? std::to_string(*l.reference) : "",
                  gain ? fmt::format("{:.3f}", *gain) : "", l.close_call ? "yes" : "no"});
    }
  }
  return out;
}

void write_results_csv(const Run& run, const std::filesystem::path& path) { write_file(path, results_csv(run)); }
void write_ops_csv(const Run& run, const std::filesystem::path& path) { write_file(path, ops_csv(run)); }

}  // namespace aotbench::results
