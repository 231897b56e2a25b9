// greedy_by_lifetime: buffers in the order operators write them (a linear scan over the
// execution), the larger first among those written together. On chains this stacks each new
// buffer on the ones it meets, which neither size nor conflict order does when a large buffer
// early on would leave a gap the later ones cannot use.
// greedy_by_last_use: the same scan backwards, from the end of the execution. Operators in place
// put their output below their input (the kernels write ahead of what they still read): placed
// backwards, each input goes above its output's offset, where there is always room, where a
// forward scan finds the bottom of the arena and cannot put the output lower.
#include <algorithm>
#include <numeric>

#include "codegen/plan/greedy.hpp"

namespace aotbench::codegen::plan_detail {

std::vector<int> order_by_lifetime(const std::vector<BufferLife>& buffers) {
  std::vector<int> order(buffers.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (buffers[a].first_op != buffers[b].first_op) return buffers[a].first_op < buffers[b].first_op;
    return buffers[a].bytes > buffers[b].bytes;
  });
  return order;
}

std::vector<int> order_by_last_use(const std::vector<BufferLife>& buffers) {
  std::vector<int> order(buffers.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (buffers[a].last_op != buffers[b].last_op) return buffers[a].last_op > buffers[b].last_op;
    return buffers[a].bytes > buffers[b].bytes;
  });
  return order;
}

}  // namespace aotbench::codegen::plan_detail
