// First-fit placement: a buffer goes into the lowest aligned gap between the already placed
// buffers whose lifetimes overlap its own.
#include <algorithm>
#include <utility>

#include "plan/greedy.hpp"

namespace aotbench::codegen::plan_detail {
namespace {

int64_t align_up(int64_t x, int64_t alignment) {
  return (x + alignment - 1) / alignment * alignment;
}

}  // namespace

std::vector<int64_t> place_first_fit(const std::vector<BufferLife>& buffers,
                                     const std::vector<int>& order, int64_t alignment) {
  std::vector<int64_t> offset(buffers.size(), -1);
  std::vector<int> placed;
  for (int b : order) {
    std::vector<std::pair<int64_t, int64_t>> taken;  // [begin, end) of conflicting buffers
    for (int p : placed) {
      if (lifetimes_overlap(buffers[b], buffers[p])) {
        taken.emplace_back(offset[p], offset[p] + buffers[p].bytes);
      }
    }
    std::sort(taken.begin(), taken.end());
    int64_t candidate = 0;
    for (auto [begin, end] : taken) {
      if (candidate + buffers[b].bytes <= begin) break;  // fits in the gap before this one
      candidate = std::max(candidate, align_up(end, alignment));
    }
    offset[b] = candidate;
    placed.push_back(b);
  }
  return offset;
}

}  // namespace aotbench::codegen::plan_detail
