#include "codegen/emit/summary.hpp"

#include <fmt/format.h>

#include <algorithm>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <stdexcept>

namespace aotbench::codegen {

std::vector<OpSummary> layer_summaries(const EmitSummary& s) {
  std::vector<OpSummary> out;
  std::map<int, std::size_t> at;  // operator index -> its entry
  for (const OpSummary& op : s.ops) {
    const auto [it, fresh] = at.try_emplace(op.index, out.size());
    if (fresh) {
      out.push_back(op);
      out.back().band = -1;
      continue;
    }
    OpSummary& layer = out[it->second];
    layer.macs += op.macs;
    layer.scratch_bytes = std::max(layer.scratch_bytes, op.scratch_bytes);
    layer.arena_live_bytes = std::max(layer.arena_live_bytes, op.arena_live_bytes);
    layer.arena_top = std::max(layer.arena_top, op.arena_top);
  }
  return out;
}

std::string summary_text(const EmitSummary& s) {
  std::map<std::string, int> counts;
  for (const OpSummary& op : s.ops) ++counts[op.type];
  std::string ops;
  for (const auto& [type, n] : counts) ops += fmt::format("{}{} x{}", ops.empty() ? "" : ", ", type, n);
  std::string out;
  out += fmt::format("model       {}\n", s.model);
  out += fmt::format("variant     {}\n", s.variant_key);
  out += fmt::format("prefix      tvmgen_{}\n", s.prefix);
  out += fmt::format("operators   {} ({} kernel calls): {}\n", s.operators, s.kernel_calls, ops);
  out += fmt::format("MACs        {}\n", s.macs);
  if (s.patch_bands > 0)
    out += fmt::format("patches     first {} operators in {} bands of rows; {} MACs of halo computed again\n",
                       s.patch_ops, s.patch_bands, s.recomputed_macs);
  out += fmt::format("parameters  {} bytes\n", s.param_bytes);
  out += fmt::format("arena       {} bytes (static plan)\n", s.arena_bytes);
  if (s.workspace_pool_bytes)
    out += fmt::format("pool        {} bytes (dynamic workspace)\n", s.workspace_pool_bytes);
  if (s.state_bytes) out += fmt::format("state       {} bytes (variable tensors)\n", s.state_bytes);
  out += fmt::format("inputs      {} bytes, outputs {} bytes\n", s.input_bytes, s.output_bytes);
  if (s.peak_op >= 0) {
    const OpSummary& op = s.ops[static_cast<std::size_t>(s.peak_op)];
    std::string live;
    for (const PeakTensor& t : s.peak_tensors)
      live += fmt::format("{}t{} {} B @{} ({})", live.empty() ? "" : ", ", t.tensor, t.bytes, t.offset, t.role);
    out += fmt::format("peak        {} bytes at operator {} {}: {}\n", op.arena_top, op.index, op.type, live);
  }
  std::map<std::string, int> schedules;
  for (const OpSummary& op : s.ops)
    if (!op.schedule.empty()) ++schedules[op.type + " " + op.schedule];
  std::string listed;
  for (const auto& [name, n] : schedules) listed += fmt::format("{}{} x{}", listed.empty() ? "" : ", ", name, n);
  out += fmt::format("schedules   {}\n", listed);
  return out;
}

namespace {
nlohmann::json io_json(const std::vector<IoSummary>& list) {
  nlohmann::json out = nlohmann::json::array();
  for (const IoSummary& io : list) {
    nlohmann::json j{{"field", io.field}, {"macro", io.macro}, {"type", io.type}, {"shape", io.shape}, {"bytes", io.bytes}};
    if (io.scale) j["scale"] = *io.scale;
    if (io.zero_point) j["zero_point"] = *io.zero_point;
    out.push_back(std::move(j));
  }
  return out;
}
}  // namespace

nlohmann::json summary_json(const EmitSummary& s) {
  nlohmann::json ops = nlohmann::json::array();
  for (const OpSummary& op : s.ops)
    ops.push_back({{"index", op.index},
                   {"type", op.type},
                   {"function", op.function},
                   {"band", op.band},
                   {"macs", op.macs},
                   {"schedule", op.schedule},
                   {"scratch_bytes", op.scratch_bytes},
                   {"param_bytes", op.param_bytes},
                   {"arena_live_bytes", op.arena_live_bytes},
                   {"arena_top", op.arena_top}});
  nlohmann::json peak = nlohmann::json::array();
  for (const PeakTensor& t : s.peak_tensors)
    peak.push_back({{"tensor", t.tensor}, {"name", t.name}, {"bytes", t.bytes}, {"offset", t.offset}, {"role", t.role}});
  return {{"model", s.model},
          {"variant", s.variant_key},
          {"prefix", s.prefix},
          {"operators", s.operators},
          {"kernel_calls", s.kernel_calls},
          {"macs", s.macs},
          {"patch_bands", s.patch_bands},
          {"patch_ops", s.patch_ops},
          {"recomputed_macs", s.recomputed_macs},
          {"param_bytes", s.param_bytes},
          {"arena_bytes", s.arena_bytes},
          {"workspace_pool_bytes", s.workspace_pool_bytes},
          {"state_bytes", s.state_bytes},
          {"input_bytes", s.input_bytes},
          {"output_bytes", s.output_bytes},
          {"inputs", io_json(s.inputs)},
          {"outputs", io_json(s.outputs)},
          {"index_bits", s.index_bits},
          {"uses_dlpack", s.uses_dlpack},
          {"kernel_sources", s.kernel_sources},
          {"peak_op", s.peak_op >= 0 ? s.ops[static_cast<std::size_t>(s.peak_op)].index : -1},
          {"peak_tensors", peak},
          {"ops", ops}};
}

namespace {
void write_text(const std::filesystem::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
  if (!out.flush()) throw std::runtime_error("cannot write " + p.string() + ": " + std::strerror(errno));
}
}  // namespace

void write_sources(const EmitResult& r, const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  for (const GeneratedFile& f : r.files) write_text(dir / f.name, f.text);
  write_text(dir / "summary.txt", summary_text(r.summary));
  write_text(dir / "summary.json", summary_json(r.summary).dump(2) + "\n");
}

}  // namespace aotbench::codegen
