#pragma once
// Patch-based execution as a graph rewrite: the group's operators once per band, each copy on
// its band's rows. The group's input and output stay whole: a band reads and writes a band of
// their rows in place (a tensor aliasing them at a byte offset). Intermediate tensors become a
// band's rows (with the halo) in tensors of their own, so the memory plan reuses their bytes from
// one band to the next. The copies keep their kernels: a convolution's padding becomes explicit
// (VALID plus folded rows and columns), zero-point padding only where a band meets the border.
#include <cstdint>
#include <functional>

#include "codegen/ir/graph.hpp"
#include "codegen/plan/patch_bands.hpp"

namespace aotbench::codegen {

// `g` with `group` run in `bands` bands (Operator::band set on the copies); constant data keeps
// pointing into g's storage. Throws PatchError for a band count the group cannot take.
Graph band_graph(const Graph& g, const PatchGroup& group, int bands);

struct PatchedGraph {
  Graph graph;
  PatchGroup group;
  int bands = 0;
  int64_t recomputed_macs = 0;  // the halos' multiply-accumulates, computed again by a neighbour
  int64_t arena_bytes = 0;      // what `arena_of` planned for it
};

// The arena a graph needs, as the caller plans it (kernels' scratch, operators in place, ...).
using ArenaOf = std::function<int64_t(const Graph&)>;

// plan_memory's arena, the best of its placements, graph inputs and outputs outside (the caller's).
int64_t default_arena_bytes(const Graph& g);

// Among patch_groups(g) run in `bands` bands: the smallest arena, then the fewest recomputed
// MACs, then the shortest group. Throws PatchError saying why when no group can be banded or
// none plans a smaller arena than the whole graph.
// `lower_bound` (never more than arena_of of the same graph, and cheap): candidates are planned
// in the order of their bounds and those that cannot beat the best so far are not planned at
// all; the same choice as without it (every candidate planned), sooner.
PatchedGraph patch_first_layers(const Graph& g, int bands, const ArenaOf& arena_of = default_arena_bytes,
                                const ArenaOf& lower_bound = {});

}  // namespace aotbench::codegen
