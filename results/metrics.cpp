#include "results/metrics.hpp"

#include <fmt/core.h>

namespace aotbench::results {
namespace {

std::optional<double> opt(const std::optional<uint64_t>& v) {
  if (!v) return std::nullopt;
  return static_cast<double>(*v);
}

// A metric of an optional whole-number field (stack_bytes, arena_bytes).
template <std::optional<uint64_t> VariantResult::*Field>
std::optional<double> get_field(const RunInfo&, const VariantResult& v) {
  return opt(v.*Field);
}
template <std::optional<uint64_t> VariantResult::*Field>
void set_field(VariantResult& v, uint64_t x) {
  v.*Field = x;
}

// A metric of one SizeSplit field: `Split` picks flash or RAM, `field` the part.
template <std::optional<SizeSplit> VariantResult::*Split, uint64_t SizeSplit::*Field>
std::optional<double> part(const RunInfo&, const VariantResult& v) {
  if (!(v.*Split)) return std::nullopt;
  return static_cast<double>((*(v.*Split)).*Field);
}
template <std::optional<SizeSplit> VariantResult::*Split, uint64_t SizeSplit::*Field>
void set_part(VariantResult& v, uint64_t x) {
  if (!(v.*Split)) (v.*Split).emplace();
  (*(v.*Split)).*Field = x;
}

template <std::optional<SizeSplit> VariantResult::*Split>
std::optional<double> total(const RunInfo&, const VariantResult& v) {
  if (!(v.*Split)) return std::nullopt;
  return static_cast<double>((v.*Split)->total());
}
// The total follows from the parts: read back, it only says the split was measured.
template <std::optional<SizeSplit> VariantResult::*Split>
void set_total(VariantResult& v, uint64_t) {
  if (!(v.*Split)) (v.*Split).emplace();
}

template <uint64_t Counts::*Field>
std::optional<double> count(const RunInfo&, const VariantResult& v) {
  if (!v.counts) return std::nullopt;
  return static_cast<double>((*v.counts).*Field);
}
template <uint64_t Counts::*Field>
void set_count(VariantResult& v, uint64_t x) {
  if (!v.counts) v.counts.emplace();
  (*v.counts).*Field = x;
}

std::vector<Metric> make_metrics() {
  using V = VariantResult;
  using S = SizeSplit;
  return {
      {"counts_min", "{} (min)", Unit::counts, false, false, count<&Counts::min>, set_count<&Counts::min>},
      {"counts_median", "{} (median)", Unit::counts, true, true, count<&Counts::median>, set_count<&Counts::median>},
      {"counts_max", "{} (max)", Unit::counts, false, false, count<&Counts::max>, set_count<&Counts::max>},
      {"instructions_median", "executed instructions (median)", Unit::counts, false, false,
       [](const RunInfo&, const V& v) { return v.instructions ? std::optional<double>(v.instructions->median) : std::nullopt; },
       [](V& v, uint64_t x) { v.instructions = Counts{x, x, x, {}}; }},
      {"time_us", "time at board clock (µs)", Unit::microseconds, false, true,
       [](const RunInfo& i, const V& v) { return time_us(i, v); }, nullptr},
      {"stack_bytes", "stack (bytes)", Unit::bytes, true, true, get_field<&V::stack_bytes>, set_field<&V::stack_bytes>},
      {"flash_total", "flash (bytes)", Unit::bytes, true, true, total<&V::flash>, set_total<&V::flash>},
      {"flash_model_code", "flash: model code", Unit::bytes, true, false, part<&V::flash, &S::model_code>, set_part<&V::flash, &S::model_code>},
      {"flash_parameters", "flash: parameters", Unit::bytes, true, false, part<&V::flash, &S::parameters>, set_part<&V::flash, &S::parameters>},
      {"flash_kernels", "flash: kernels", Unit::bytes, true, false, part<&V::flash, &S::kernels>, set_part<&V::flash, &S::kernels>},
      {"flash_runtime", "flash: runtime", Unit::bytes, true, false, part<&V::flash, &S::runtime>, set_part<&V::flash, &S::runtime>},
      {"flash_rpc_server", "flash: RPC server", Unit::bytes, true, false, part<&V::flash, &S::rpc_server>, set_part<&V::flash, &S::rpc_server>},
      {"ram_total", "static RAM (bytes)", Unit::bytes, true, true, total<&V::ram>, set_total<&V::ram>},
      {"ram_model_code", "RAM: model code", Unit::bytes, true, false, part<&V::ram, &S::model_code>, set_part<&V::ram, &S::model_code>},
      {"ram_parameters", "RAM: parameters", Unit::bytes, true, false, part<&V::ram, &S::parameters>, set_part<&V::ram, &S::parameters>},
      {"ram_kernels", "RAM: kernels", Unit::bytes, true, false, part<&V::ram, &S::kernels>, set_part<&V::ram, &S::kernels>},
      {"ram_runtime", "RAM: runtime", Unit::bytes, true, false, part<&V::ram, &S::runtime>, set_part<&V::ram, &S::runtime>},
      {"ram_rpc_server", "RAM: RPC server", Unit::bytes, true, false, part<&V::ram, &S::rpc_server>, set_part<&V::ram, &S::rpc_server>},
      {"arena_bytes", "arena (bytes)", Unit::bytes, true, true, get_field<&V::arena_bytes>, set_field<&V::arena_bytes>},
      {"recomputed_macs", "MACs recomputed by patches (halos)", Unit::counts, true, false},
  };
}

}  // namespace

std::optional<double> Metric::get(const RunInfo& info, const VariantResult& v) const {
  if (read) return read(info, v);
  const auto it = v.more_metrics.find(name);
  if (it == v.more_metrics.end()) return std::nullopt;
  return static_cast<double>(it->second);
}

void Metric::set(VariantResult& v, uint64_t x) const {
  if (write) write(v, x);
  else if (!read) v.more_metrics[name] = x;
}

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
