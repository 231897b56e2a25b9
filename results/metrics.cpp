#include "results/metrics.hpp"

#include <fmt/core.h>

namespace aotbench::results {
namespace {

using Get = std::optional<double> (*)(const RunInfo&, const VariantResult&);

std::optional<double> opt(const std::optional<uint64_t>& v) {
  if (!v) return std::nullopt;
  return static_cast<double>(*v);
}

// A metric of one SizeSplit field: `Split` picks flash or RAM, `field` the part.
template <std::optional<SizeSplit> VariantResult::*Split, uint64_t SizeSplit::*Field>
std::optional<double> part(const RunInfo&, const VariantResult& v) {
  if (!(v.*Split)) return std::nullopt;
  return static_cast<double>((*(v.*Split)).*Field);
}

template <std::optional<SizeSplit> VariantResult::*Split>
std::optional<double> total(const RunInfo&, const VariantResult& v) {
  if (!(v.*Split)) return std::nullopt;
  return static_cast<double>((v.*Split)->total());
}

template <uint64_t Counts::*Field>
std::optional<double> count(const RunInfo&, const VariantResult& v) {
  if (!v.counts) return std::nullopt;
  return static_cast<double>((*v.counts).*Field);
}

std::vector<Metric> make_metrics() {
  using V = VariantResult;
  using S = SizeSplit;
  return {
      {"counts_min", "{} (min)", Unit::counts, false, false, count<&Counts::min>},
      {"counts_median", "{} (median)", Unit::counts, true, true, count<&Counts::median>},
      {"counts_max", "{} (max)", Unit::counts, false, false, count<&Counts::max>},
      {"instructions_median", "executed instructions (median)", Unit::counts, false, false,
       [](const RunInfo&, const V& v) { return v.instructions ? std::optional<double>(v.instructions->median) : std::nullopt; }},
      {"time_us", "time at board clock (µs)", Unit::microseconds, false, true,
       [](const RunInfo& i, const V& v) { return time_us(i, v); }},
      {"stack_bytes", "stack (bytes)", Unit::bytes, true, true,
       [](const RunInfo&, const V& v) { return opt(v.stack_bytes); }},
      {"flash_total", "flash (bytes)", Unit::bytes, true, true, total<&V::flash>},
      {"flash_model_code", "flash: model code", Unit::bytes, true, false, part<&V::flash, &S::model_code>},
      {"flash_parameters", "flash: parameters", Unit::bytes, true, false, part<&V::flash, &S::parameters>},
      {"flash_kernels", "flash: kernels", Unit::bytes, true, false, part<&V::flash, &S::kernels>},
      {"flash_runtime", "flash: runtime", Unit::bytes, true, false, part<&V::flash, &S::runtime>},
      {"flash_rpc_server", "flash: RPC server", Unit::bytes, true, false, part<&V::flash, &S::rpc_server>},
      {"ram_total", "static RAM (bytes)", Unit::bytes, true, true, total<&V::ram>},
      {"ram_model_code", "RAM: model code", Unit::bytes, true, false, part<&V::ram, &S::model_code>},
      {"ram_parameters", "RAM: parameters", Unit::bytes, true, false, part<&V::ram, &S::parameters>},
      {"ram_kernels", "RAM: kernels", Unit::bytes, true, false, part<&V::ram, &S::kernels>},
      {"ram_runtime", "RAM: runtime", Unit::bytes, true, false, part<&V::ram, &S::runtime>},
      {"ram_rpc_server", "RAM: RPC server", Unit::bytes, true, false, part<&V::ram, &S::rpc_server>},
      {"arena_bytes", "arena (bytes)", Unit::bytes, true, true,
       [](const RunInfo&, const V& v) { return opt(v.arena_bytes); }},
  };
}

}  // namespace

const std::vector<Metric>& metrics() {
  static const std::vector<Metric> all = make_metrics();
  return all;
}

const Metric& metric(std::string_view name) {
  for (const auto& m : metrics())
    if (name == m.name) return m;
  throw ResultsError(fmt::format("unknown metric '{}'", name));
}

std::string metric_label(const Metric& m, CounterKind counter) {
  return fmt::format(fmt::runtime(m.label), unit(counter));
}

}  // namespace aotbench::results
