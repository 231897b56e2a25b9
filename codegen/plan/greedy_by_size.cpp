// greedy_by_size: big buffers are the hardest to fit later, so they go first.
#include <algorithm>
#include <numeric>

#include "codegen/plan/greedy.hpp"

namespace aotbench::codegen::plan_detail {

std::vector<int> order_by_size(const std::vector<BufferLife>& buffers) {
  std::vector<int> order(buffers.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (buffers[a].bytes != buffers[b].bytes) return buffers[a].bytes > buffers[b].bytes;
    return buffers[a].first_op < buffers[b].first_op;
  });
  return order;
}

}  // namespace aotbench::codegen::plan_detail
