#include "codegen/plan/patch_graph.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "codegen/plan/memory_plan.hpp"
#include "codegen/plan/stats.hpp"

namespace aotbench::codegen {
namespace {

int64_t row_bytes(const Tensor& t) { return t.num_bytes() / t.shape[1]; }

// A new tensor holding `rows` of `like`'s rows; aliasing `base` (rows from `base_row` on) when
// given, else with memory of its own.
int add_band_tensor(Graph& g, int like, RowRange rows, int base = -1, int32_t base_row = 0) {
  Tensor t = g.tensors[static_cast<std::size_t>(like)];
  t.id = static_cast<int>(g.tensors.size());
  t.name += fmt::format(" rows {}-{}", rows.begin, rows.end - 1);
  t.shape[1] = rows.rows();
  t.alias_of = base;
  t.alias_offset = base >= 0 ? (rows.begin - base_row) * row_bytes(t) : 0;
  g.tensors.push_back(std::move(t));
  return g.tensors.back().id;
}

// The convolution's options on a band: padding explicit (VALID plus folded rows and columns),
// rows before the band's input as the band sees them.
template <class Options>
void band_window(const Graph& g, const Operator& op, RowRange out, RowRange in, Options& o) {
  const Tensor &input = g.tensors[op.inputs[0]], &filter = g.tensors[op.inputs[1]], &output = g.tensors[op.outputs[0]];
  const RowWindow w = *row_window(g, op);
  const int32_t width = input.shape[2] + o.folded.left + o.folded.right;
  const int32_t left = padding_before(o.padding, width, output.shape[2], filter.shape[2], o.stride_w, o.dilation_w) +
                       o.folded.left;
  const int32_t eff_w = (filter.shape[2] - 1) * o.dilation_w + 1, eff_h = (w.kernel - 1) * w.dilation + 1;
  FoldedPadding f;
  f.left = left;
  f.right = std::max(0, (output.shape[2] - 1) * o.stride_w + eff_w - input.shape[2] - left);
  f.top = in.begin - (out.begin * w.stride - w.pad_before);
  f.bottom = std::max(0, (out.rows() - 1) * w.stride + eff_h - in.rows() - f.top);
  o.padding = Padding::Valid;
  o.folded = f;
}

}  // namespace

Graph band_graph(const Graph& g, const PatchGroup& group, int bands) {
  Graph out = structure_copy(g);
  out.ops.clear();  // rebuilt below: the group's operators band by band, then the rest
  const Tensor& result = g.tensors[static_cast<std::size_t>(group.output)];
  const std::vector<RowRange> cuts = split_rows(result.shape[1], bands);
  for (int b = 0; b < bands; ++b) {
    const BandRows rows = band_rows(g, group, cuts[static_cast<std::size_t>(b)]);
    std::map<int, int> band_tensor;  // tensor of the group -> the tensor holding the band's rows of it
    band_tensor[group.input] = group.input;
    for (int i = 0; i < group.ops; ++i) {
      Operator op = g.ops[static_cast<std::size_t>(i)];
      op.band = b;
      const int t = op.outputs[0];
      const RowRange need = rows.tensor.at(t);
      op.outputs[0] = t == group.output ? add_band_tensor(out, t, need, t, 0) : add_band_tensor(out, t, need);
      band_tensor[t] = op.outputs[0];
      for (std::size_t k = 0; k < op.inputs.size(); ++k) {
        const RowRange r = rows.reads[static_cast<std::size_t>(i)][k];
        const int x = op.inputs[k];
        if (r.rows() == 0) continue;  // a constant
        // The rows it reads, inside what the band holds of x (the whole input: from row 0).
        const int held = band_tensor.at(x);
        const int32_t held_from = x == group.input ? 0 : rows.tensor.at(x).begin;
        const bool all = r.begin == held_from && r.rows() == out.tensors[static_cast<std::size_t>(held)].shape[1];
        op.inputs[k] = all ? held : add_band_tensor(out, x, r, held, held_from);
      }
      const RowRange in = rows.reads[static_cast<std::size_t>(i)][0];
      if (auto* o = std::get_if<Conv2DOptions>(&op.options)) band_window(g, g.ops[static_cast<std::size_t>(i)], need, in, *o);
      if (auto* o = std::get_if<DepthwiseConv2DOptions>(&op.options))
        band_window(g, g.ops[static_cast<std::size_t>(i)], need, in, *o);
      out.ops.push_back(std::move(op));
    }
  }
  for (std::size_t i = static_cast<std::size_t>(group.ops); i < g.ops.size(); ++i) out.ops.push_back(g.ops[i]);
  return out;
}

int64_t default_arena_bytes(const Graph& g) {
  PlanOptions po;
  po.algorithm = PlanAlgorithm::Best;
  po.inputs_in_arena = po.outputs_in_arena = false;
  return plan_memory(g, po).arena_bytes;
}

PatchedGraph patch_first_layers(const Graph& g, int bands, const ArenaOf& arena_of, const ArenaOf& lower_bound) {
  const std::vector<PatchGroup> groups = patch_groups(g);
  if (groups.empty()) {
    const std::string why = g.ops.empty() ? "the model has no operators" : why_not_bandable(g, g.ops[0]);
    throw PatchError(fmt::format(
        "patches={}: no group of first layers of {} can run in bands of rows ({}{}); use patches=0", bands, g.source,
        g.ops.empty() ? "" : fmt::format("operator {} {}: ", g.ops[0].index, op_name(g.ops[0].type)),
        why.empty() ? "it leaves more than one tensor to the rest, or reads more than one" : why));
  }
  const int64_t macs = total_macs(g);
  struct Candidate {
    PatchedGraph patched;
    int64_t bound = 0;
  };
  std::vector<Candidate> candidates;  // shortest first
  std::string refused;
  for (const PatchGroup& group : groups) {
    try {
      Graph banded = band_graph(g, group, bands);
      const int64_t recomputed = total_macs(banded) - macs, bound = lower_bound ? lower_bound(banded) : 0;
      candidates.push_back({PatchedGraph{std::move(banded), group, bands, recomputed, 0}, bound});
    } catch (const PatchError& e) {
      refused = e.what();
    }
  }
  if (candidates.empty()) throw PatchError(fmt::format("patches={}: {}", bands, refused));
  // Exactly the smallest arena: a tolerance of even 10% gives some of it back (BENCHMARKS.md).
  // Then the fewest recomputed MACs, then the shortest group.
  auto cheaper = [](const PatchedGraph& a, const PatchedGraph& b) {
    return std::pair(a.recomputed_macs, a.group.ops) < std::pair(b.recomputed_macs, b.group.ops);
  };
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& a, const Candidate& b) { return a.bound < b.bound; });
  Candidate* best = nullptr;
  for (Candidate& c : candidates) {
    if (best) {
      const int64_t smallest = best->patched.arena_bytes;
      if (c.bound > smallest) break;  // bounds ascend: no later one can plan smaller
      if (c.bound == smallest && cheaper(best->patched, c.patched)) continue;
    }
    c.patched.arena_bytes = arena_of(c.patched.graph);
    const PatchedGraph& p = c.patched;
    if (!best || p.arena_bytes < best->patched.arena_bytes ||
        (p.arena_bytes == best->patched.arena_bytes && cheaper(p, best->patched)))
      best = &c;
  }
  const int64_t smallest = best->patched.arena_bytes;
  if (!lower_bound || smallest >= lower_bound(g)) {
    if (const int64_t whole = arena_of(g); smallest >= whole)
      throw PatchError(fmt::format("patches={} does not lower the arena of {} ({} B in bands at best against {} B "
                                   "whole: its largest tensors lie after the first layers); use patches=0",
                                   bands, g.source, smallest, whole));
  }
  return std::move(best->patched);
}

}  // namespace aotbench::codegen
