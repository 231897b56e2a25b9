// greedy_by_conflicts: a buffer alive alongside many others constrains the most placements, so
// those go first (ties: larger first).
#include <algorithm>
#include <numeric>

#include "codegen/plan/greedy.hpp"

namespace aotbench::codegen::plan_detail {

std::vector<int> order_by_conflicts(const std::vector<BufferLife>& buffers) {
  std::vector<int> conflicts(buffers.size(), 0);
  for (std::size_t a = 0; a < buffers.size(); ++a) {
    for (std::size_t b = a + 1; b < buffers.size(); ++b) {
      if (lifetimes_overlap(buffers[a], buffers[b])) ++conflicts[a], ++conflicts[b];
    }
  }
  std::vector<int> order(buffers.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (conflicts[a] != conflicts[b]) return conflicts[a] > conflicts[b];
    return buffers[a].bytes > buffers[b].bytes;
  });
  return order;
}

}  // namespace aotbench::codegen::plan_detail
