// First-fit placement: a buffer goes to the lowest aligned offset where it meets none of the
// already placed buffers whose lifetimes overlap its own, or meets them only as an operator in
// place allows.
#include <algorithm>
#include <numeric>
#include <utility>

#include "codegen/plan/greedy.hpp"

namespace aotbench::codegen::plan_detail {

bool may_coexist(int64_t offset, int64_t bytes, int64_t other_offset, int64_t other_bytes,
                 const PairWindow* window, bool is_output) {
  if (offset + bytes <= other_offset || other_offset + other_bytes <= offset) return true;
  if (!window) return false;
  const int64_t delta = is_output ? offset - other_offset : other_offset - offset;
  return delta <= window->max_delta && delta % window->modulus == 0;
}

std::vector<int64_t> place_first_fit(const std::vector<BufferLife>& buffers,
                                     const std::vector<int>& order, int64_t alignment,
                                     const std::vector<PairWindow>& windows) {
  std::vector<int64_t> offset(buffers.size(), -1);
  std::vector<int> placed;
  // The window between two buffers, and whether the first is its output.
  auto window_of = [&](int b, int p, bool& is_output) -> const PairWindow* {
    for (const PairWindow& w : windows) {
      if (w.output == b && w.input == p) return is_output = true, &w;
      if (w.input == b && w.output == p) return is_output = false, &w;
    }
    return nullptr;
  };
  for (int b : order) {
    std::vector<int> meets;  // placed buffers alive at the same time
    for (int p : placed) {
      if (lifetimes_overlap(buffers[b], buffers[p])) meets.push_back(p);
    }
    // Candidates: the bottom, just above each buffer it meets, and the closest overlap each
    // window allows (the output as far up into its input as the kernel lets it go).
    std::vector<int64_t> candidates{0};
    for (int p : meets) {
      candidates.push_back(align_up(offset[p] + buffers[p].bytes, alignment));
      bool is_output = false;
      if (const PairWindow* w = window_of(b, p, is_output)) {
        // The most overlap (never past the start: a larger delta only makes the pair longer),
        // and the two ends level (when the other bytes above are taken).
        const int64_t step = std::lcm(alignment, w->modulus);
        const int64_t in_bytes = buffers[is_output ? p : b].bytes, out_bytes = buffers[is_output ? b : p].bytes;
        for (int64_t limit : {int64_t{0}, in_bytes - out_bytes}) {
          const int64_t delta = floor_to(std::min(w->max_delta, limit), step);
          const int64_t at = is_output ? offset[p] + delta : offset[p] - delta;
          if (at >= 0) candidates.push_back(at);
        }
      }
    }
    std::sort(candidates.begin(), candidates.end());
    for (int64_t at : candidates) {
      bool fits = true;
      for (int p : meets) {
        bool is_output = false;
        const PairWindow* w = window_of(b, p, is_output);
        if (!may_coexist(at, buffers[b].bytes, offset[p], buffers[p].bytes, w, is_output)) {
          fits = false;
          break;
        }
      }
      if (fits) {
        offset[b] = at;
        break;
      }
    }
    placed.push_back(b);
  }
  return offset;
}

}  // namespace aotbench::codegen::plan_detail
