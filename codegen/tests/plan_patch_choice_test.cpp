// Which group of first layers runs in bands: the one whose bands plan the smallest arena as the
// variant really plans it (kernels' scratch, operators in place), then the fewest recomputed MACs.
// Compared with the earlier rule (the smallest peak of live activations, cost ignored) on a real
// model where the two disagree.
#include <gtest/gtest.h>

#include <optional>

#include "codegen/emit/emitter.hpp"
#include "needs_shared.hpp"
#include "codegen/plan/alias.hpp"
#include "codegen/plan/fold_pad.hpp"
#include "codegen/plan/lifetime.hpp"
#include "codegen/plan/patch_graph.hpp"
#include "codegen/plan/stats.hpp"
#include "codegen/reader/reader.hpp"

namespace aotbench::codegen {
namespace {

Graph shared_graph(const std::string& file) {
  Graph g = read_tflite_file(aotbench::test::shared_path("models/" + file).string());
  alias_reshapes(g);
  fold_pads(g);
  return g;
}

// The arena the emitter plans for a graph as it is (already banded or not).
ArenaOf emitted_arena(const std::string& kernels) {
  return [kernels](const Graph& g) {
    EmitOptions eo;
    eo.model_name = "m";
    return summarize_model(g, Variant::parse("kernels=" + kernels + ",patches=0"), eo).arena_bytes;
  };
}

// The groups that can run in `bands` bands (the longer ones can end on fewer rows than bands).
std::vector<PatchGroup> bandable_groups(const Graph& g, int bands) {
  std::vector<PatchGroup> out;
  for (const PatchGroup& group : patch_groups(g)) try {
      band_graph(g, group, bands);
      out.push_back(group);
    } catch (const PatchError&) {
    }
  return out;
}

// The earlier rule: the group whose bands have the smallest peak of live activations (the
// caller's inputs and outputs not counted), the shortest on a tie.
PatchGroup smallest_peak_group(const Graph& g, int bands) {
  std::optional<PatchGroup> best;
  int64_t best_peak = 0;
  for (const PatchGroup& group : bandable_groups(g, bands)) {
    std::vector<BufferLife> arena;
    for (BufferLife& b : buffer_lifetimes(band_graph(g, group, bands)))
      if (b.input_index < 0 && b.output_index < 0) arena.push_back(std::move(b));
    if (const int64_t p = peak_live_bytes(arena); !best || p < best_peak) {
      best_peak = p;
      best = group;
    }
  }
  return *best;
}

// mcunet-vww1 in 8 bands: the smallest peak is a long group with wide halos; the planned arena,
// operators in place, is no larger for a shorter group that recomputes fewer MACs.
TEST(PatchChoice, TheChosenGroupPlansNoLargerArenaForFewerRecomputedMacs) {
  AOTBENCH_NEEDS_SHARED("models/mcunet_vww1_80.tflite");
  const Graph g = shared_graph("mcunet_vww1_80.tflite");
  const int bands = 8;
  const ArenaOf arena_of = emitted_arena("ref");
  const Graph by_peak = band_graph(g, smallest_peak_group(g, bands), bands);
  const PatchedGraph chosen = patch_first_layers(g, bands, arena_of);
  ASSERT_NE(chosen.graph.ops.size(), by_peak.ops.size()) << "the rules agree here: the test shows nothing";
  EXPECT_EQ(chosen.arena_bytes, arena_of(chosen.graph));
  EXPECT_LE(chosen.arena_bytes, arena_of(by_peak));
  EXPECT_LT(chosen.recomputed_macs, total_macs(by_peak) - total_macs(g));
}

// No group plans a smaller arena than the chosen one, and none as small recomputes fewer MACs.
TEST(PatchChoice, NoOtherGroupIsSmallerOrAsSmallAndCheaper) {
  AOTBENCH_NEEDS_SHARED("models/mcunet_vww1_80.tflite");
  const Graph g = shared_graph("mcunet_vww1_80.tflite");
  const ArenaOf arena_of = emitted_arena("ref");
  for (int bands : {8}) {
    const PatchedGraph chosen = patch_first_layers(g, bands, arena_of);
    for (const PatchGroup& group : bandable_groups(g, bands)) {
      const Graph banded = band_graph(g, group, bands);
      const int64_t arena = arena_of(banded), recomputed = total_macs(banded) - total_macs(g);
      SCOPED_TRACE(testing::Message() << bands << " bands, " << group.ops << " operators");
      EXPECT_GE(arena, chosen.arena_bytes);
      if (arena == chosen.arena_bytes) {
        EXPECT_GE(recomputed, chosen.recomputed_macs);
      }
    }
  }
}

// The caller's arena decides: a scoring that favours the longest group gets it.
TEST(PatchChoice, TheCallersArenaDecides) {
  AOTBENCH_NEEDS_SHARED("models/pretrainedresnet_quant.tflite");
  const Graph g = shared_graph("pretrainedresnet_quant.tflite");
  const int longest = bandable_groups(g, 4).back().ops;
  auto favour_longest = [&](const Graph& banded) -> int64_t {
    return 1000 - static_cast<int64_t>(banded.ops.size() - g.ops.size());
  };
  EXPECT_EQ(patch_first_layers(g, 4, favour_longest).group.ops, longest);
}

}  // namespace
}  // namespace aotbench::codegen
