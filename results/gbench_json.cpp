#include "results/gbench_json.hpp"

#include <cmath>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "results/files.hpp"
#include "results/metrics.hpp"

namespace aotbench::results {
namespace {

using Json = nlohmann::ordered_json;
constexpr int kSchema = 1;

Json context_json(const Run& run) {
  const RunInfo& i = run.info;
  return Json{
      {"date", i.date_utc},
      {"host_name", i.board},
      {"executable", "aotbench"},
      {"num_cpus", 1},
      {"mhz_per_cpu", static_cast<int64_t>(i.clock_hz / 1000000)},
      {"cpu_scaling_enabled", false},
      {"caches", Json::array()},
      {"load_avg", Json::array()},
      {"library_build_type", "release"},
      {"aotbench_schema", kSchema},
      {"run_id", i.run_id},
      {"aotbench_commit", i.aotbench_commit},
      {"toolchain", i.toolchain},
      {"qemu", i.qemu},
      {"board", i.board},
      {"target", to_string(i.target)},
      {"counter", to_string(i.counter)},
      {"timing_model", i.timing_model},
      {"clock_hz", i.clock_hz},
      {"flash_capacity", i.flash_capacity},
      {"ram_capacity", i.ram_capacity},
      {"model", i.model},
      {"model_sha256", i.model_sha256},
      {"objective", i.objective},
      {"command_line", i.command_line},
      {"selection_reason", run.selection_reason},
  };
}

Json optional_bool(const std::optional<bool>& b) { return b ? Json(*b) : Json(nullptr); }

Json aotbench_json(const VariantResult& v) {
  Json knobs = Json::object();
  for (const auto& [k, val] : v.knobs) knobs[k] = val;
  Json ops = Json::array();
  for (const auto& op : v.ops)
    ops.push_back({{"index", op.index}, {"type", op.type}, {"counts", op.counts}, {"macs", op.macs}, {"schedule", op.schedule}});
  Json layers = Json::array();
  for (const auto& l : v.layers)
    layers.push_back({{"index", l.index}, {"type", l.type}, {"schedule", l.schedule}, {"arena_top", l.arena_top},
                      {"param_bytes", l.param_bytes}});
  Json j{{"key", v.key},
         {"knobs", knobs},
         {"status", to_string(v.status)},
         {"message", v.message},
         {"retryable", v.retryable},
         {"repeats", v.counts ? Json(v.counts->repeats) : Json::array()},
         {"fits", optional_bool(v.fits)},
         {"outputs_match", optional_bool(v.outputs_match)},
         {"selected", v.selected},
         {"pareto", v.pareto},
         {"ops", ops},
         {"layers", layers},
         {"fingerprint", v.fingerprint}};
  if (v.measured_on)
    j["measured_on"] = {{"place", v.measured_on->place}, {"host", v.measured_on->host}, {"probe", v.measured_on->probe}};
  return j;
}

Json benchmark_json(const Run& run, const VariantResult& v, std::size_t index) {
  double t = time_us(run.info, v).value_or(0.0);
  Json b{{"name", v.key},
         {"family_index", index},
         {"per_family_instance_index", 0},
         {"run_name", v.key},
         {"run_type", "iteration"},
         {"repetitions", 1},
         {"repetition_index", 0},
         {"threads", 1}};
  if (v.status != Status::ok) {
    b["error_occurred"] = true;
    b["error_message"] = fmt::format("{}: {}", to_string(v.status), v.message);
  }
  b["iterations"] = v.counts ? std::max<std::size_t>(1, v.counts->repeats.size()) : 0;
  b["real_time"] = t;
  b["cpu_time"] = t;
  b["time_unit"] = "us";
  for (const auto& m : metrics())
    if (auto value = m.get(run.info, v)) b[m.name] = *value;
  b["aotbench"] = aotbench_json(v);
  return b;
}

Json tuning_json(const Tuning& t) {
  Json layers = Json::array();
  for (const auto& l : t.layers) {
    Json candidates = Json::object();
    for (const auto& [schedule, counts] : l.candidates) candidates[schedule] = counts;
    layers.push_back({{"index", l.index},
                      {"type", l.type},
                      {"shape", l.shape},
                      {"macs", l.macs},
                      {"schedule", l.schedule},
                      {"counts", l.counts},
                      {"spread", l.spread},
                      {"reference", l.reference ? Json(*l.reference) : Json(nullptr)},
                      {"close_call", l.close_call},
                      {"from_log", l.from_log},
                      {"candidates", candidates}});
  }
  Json corrections = Json::array();
  for (const auto& c : t.corrections)
    corrections.push_back({{"type", c.type}, {"shape", c.shape}, {"schedule", c.schedule}, {"logged", c.logged},
                           {"measured", c.measured ? Json(*c.measured) : Json(nullptr)}, {"why", c.why}});
  return {{"base_key", t.base_key},   {"tuned_key", t.tuned_key}, {"images", t.images},
          {"measured", t.measured},   {"from_log", t.from_log},   {"layers_sum", t.layers_sum},
          {"note", t.note},           {"layers", layers},         {"corrections", corrections}};
}

// One benchmark per tuned layer, named by layer (not by the tuned variant's key, which changes
// with the choices), so compare.py lines up two tunings layer by layer.
Json layer_benchmark_json(const Run& run, const TunedLayer& l, std::size_t family) {
  const double t = run.info.clock_hz ? static_cast<double>(l.counts) * 1e6 / static_cast<double>(run.info.clock_hz) : 0.0;
  const std::string name = fmt::format("layer:{:03d}:{}", l.index, l.type);
  Json b{{"name", name}, {"family_index", family}, {"per_family_instance_index", 0}, {"run_name", name},
         {"run_type", "iteration"}, {"repetitions", 1}, {"repetition_index", 0}, {"threads", 1},
         {"iterations", 1}, {"real_time", t}, {"cpu_time", t}, {"time_unit", "us"},
         {"counts", l.counts}, {"macs", l.macs}};
  b["aotbench_layer"] = {{"index", l.index}, {"schedule", l.schedule}};
  return b;
}

// ---- reading ----

uint64_t to_u64(const Json& j, const std::string& what) {
  if (!j.is_number()) throw ResultsError(fmt::format("{} is not a number", what));
  double d = j.get<double>();
  if (d < 0 || d != std::floor(d) || d > 9.007199254740992e15)
    throw ResultsError(fmt::format("{} = {} is not a non-negative whole number", what, d));
  return static_cast<uint64_t>(d);
}

TunedLayer read_tuned_layer(const Json& j) {
  TunedLayer l;
  l.index = j.at("index").get<int>();
  l.type = j.at("type").get<std::string>();
  l.shape = j.value("shape", std::string());
  l.macs = to_u64(j.at("macs"), "a tuned layer's macs");
  l.schedule = j.at("schedule").get<std::string>();
  l.counts = to_u64(j.at("counts"), "a tuned layer's counts");
  if (const auto it = j.find("spread"); it != j.end()) l.spread = to_u64(*it, "a tuned layer's spread");
  if (!j.at("reference").is_null()) l.reference = to_u64(j.at("reference"), "a tuned layer's reference counts");
  l.close_call = j.value("close_call", false);
  l.from_log = j.value("from_log", false);
  if (const auto it = j.find("candidates"); it != j.end())
    for (const auto& [schedule, counts] : it->items())
      l.candidates.emplace_back(schedule, to_u64(counts, "a tuned layer's candidate counts"));
  return l;
}

Tuning read_tuning(const Json& j) {
  Tuning t;
  t.base_key = j.at("base_key").get<std::string>();
  t.tuned_key = j.at("tuned_key").get<std::string>();
  t.images = j.at("images").get<int>();
  t.measured = j.at("measured").get<int>();
  t.from_log = j.at("from_log").get<int>();
  t.layers_sum = to_u64(j.at("layers_sum"), "the tuning's layers_sum");
  t.note = j.value("note", std::string());
  for (const auto& l : j.at("layers")) t.layers.push_back(read_tuned_layer(l));
  if (const auto it = j.find("corrections"); it != j.end())
    for (const auto& c : *it) {
      LogCorrection lc{c.at("type").get<std::string>(), c.value("shape", std::string()),
                       c.at("schedule").get<std::string>(), c.value("logged", std::string()), std::nullopt,
                       c.value("why", std::string())};
      if (c.contains("measured") && !c.at("measured").is_null())
        lc.measured = to_u64(c.at("measured"), "a tuning-log correction's measured counts");
      t.corrections.push_back(std::move(lc));
    }
  return t;
}

std::optional<uint64_t> counter(const Json& b, const char* name) {
  auto it = b.find(name);
  if (it == b.end()) return std::nullopt;
  return to_u64(*it, fmt::format("counter '{}'", name));
}

std::optional<bool> read_optional_bool(const Json& j) {
  if (j.is_null()) return std::nullopt;
  return j.get<bool>();
}

VariantResult read_variant(const Json& b) {
  const Json& a = b.at("aotbench");
  VariantResult v;
  v.key = a.at("key").get<std::string>();
  for (const auto& [k, val] : a.at("knobs").items()) v.knobs.emplace_back(k, val.get<std::string>());
  v.status = parse_status(a.at("status").get<std::string>());
  v.message = a.at("message").get<std::string>();
  v.retryable = a.value("retryable", false);
  for (const auto& m : metrics())
    if (m.stored())
      if (auto value = counter(b, m.name)) m.set(v, *value);
  if (v.counts)
    for (const auto& r : a.at("repeats")) v.counts->repeats.push_back(to_u64(r, "a repeat count"));
  v.fits = read_optional_bool(a.at("fits"));
  v.outputs_match = read_optional_bool(a.at("outputs_match"));
  v.selected = a.at("selected").get<bool>();
  v.pareto = a.at("pareto").get<bool>();
  for (const auto& op : a.at("ops"))
    v.ops.push_back({op.at("index").get<int>(), op.at("type").get<std::string>(),
                     to_u64(op.at("counts"), "an operator's counts"), to_u64(op.at("macs"), "an operator's MACs"),
                     op.value("schedule", std::string())});
  // Results of aotbench before kernel schedules have no "layers".
  for (const auto& l : a.value("layers", Json::array()))
    v.layers.push_back({l.at("index").get<int>(), l.at("type").get<std::string>(), l.at("schedule").get<std::string>(),
                        l.value("arena_top", int64_t{-1}), l.value("param_bytes", uint64_t{0})});  // absent in older results
  v.fingerprint = a.value("fingerprint", std::string());
  if (a.contains("measured_on")) {
    const Json& m = a.at("measured_on");
    v.measured_on = MeasuredOn{m.at("place").get<std::string>(), m.value("host", std::string()),
                               m.value("probe", std::string())};
  }
  return v;
}

RunInfo read_info(const Json& c) {
  RunInfo i;
  i.run_id = c.at("run_id").get<std::string>();
  i.date_utc = c.at("date").get<std::string>();
  i.aotbench_commit = c.at("aotbench_commit").get<std::string>();
  i.toolchain = c.at("toolchain").get<std::string>();
  i.qemu = c.at("qemu").get<std::string>();
  i.board = c.at("board").get<std::string>();
  i.target = parse_target(c.at("target").get<std::string>());
  i.counter = parse_counter(c.at("counter").get<std::string>());
  i.timing_model = c.value("timing_model", "");  // absent before the timing model
  i.clock_hz = to_u64(c.at("clock_hz"), "context clock_hz");
  i.flash_capacity = c.value("flash_capacity", uint64_t{0});  // absent in older results
  i.ram_capacity = c.value("ram_capacity", uint64_t{0});
  i.model = c.at("model").get<std::string>();
  i.model_sha256 = c.at("model_sha256").get<std::string>();
  i.objective = c.at("objective").get<std::string>();
  i.command_line = c.at("command_line").get<std::string>();
  return i;
}

Run read_run(const Json& j) {
  if (!j.is_object() || !j.contains("context") || !j.contains("benchmarks"))
    throw ResultsError("not a Google Benchmark JSON file (it has no context/benchmarks)");
  const Json& c = j.at("context");
  if (!c.contains("aotbench_schema"))
    throw ResultsError(
        "Google Benchmark JSON, but not written by aotbench (no aotbench_schema in its context); "
        "give a results.json from an aotbench sweep");
  if (c.at("aotbench_schema").get<int>() > kSchema)
    throw ResultsError(fmt::format("results schema {} is newer than this aotbench reads ({}): update aotbench",
                                   c.at("aotbench_schema").get<int>(), kSchema));
  Run run;
  run.info = read_info(c);
  run.selection_reason = c.value("selection_reason", "");
  for (const auto& b : j.at("benchmarks"))
    if (b.contains("aotbench")) run.variants.push_back(read_variant(b));  // not the per-layer ones
  if (j.contains("aotbench_tuning")) run.tuning = read_tuning(j.at("aotbench_tuning"));
  validate(run);
  return run;
}

}  // namespace

std::string gbench_json(const Run& run) {
  validate(run);
  Json benchmarks = Json::array();
  for (std::size_t i = 0; i < run.variants.size(); ++i) benchmarks.push_back(benchmark_json(run, run.variants[i], i));
  if (run.tuning)
    for (const auto& l : run.tuning->layers) benchmarks.push_back(layer_benchmark_json(run, l, benchmarks.size()));
  Json doc{{"context", context_json(run)}, {"benchmarks", benchmarks}};
  if (run.tuning) doc["aotbench_tuning"] = tuning_json(*run.tuning);
  // Replace invalid UTF-8 (model names are arbitrary bytes) instead of throwing.
  return doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

void write_gbench_json(const Run& run, const std::filesystem::path& path) { write_file(path, gbench_json(run)); }

Run parse_gbench_json(std::string_view text, const std::string& source) {
  Json j;
  try {
    j = Json::parse(text);
  } catch (const Json::exception& e) {
    throw ResultsError(fmt::format("{} is not valid JSON: {}", source, e.what()));
  }
  try {
    return read_run(j);
  } catch (const Json::exception& e) {
    throw ResultsError(fmt::format("{}: unexpected content ({}); was it written by aotbench?", source, e.what()));
  } catch (const ResultsError& e) {
    throw ResultsError(fmt::format("{}: {}", source, e.what()));
  }
}

Run read_gbench_json(const std::filesystem::path& path) {
  return parse_gbench_json(read_file(path), path.string());
}

}  // namespace aotbench::results
