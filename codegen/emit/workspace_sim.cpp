// Sizes the workspace=dynamic pool by replaying the runner's allocation sequence through the
// very allocator the runtime uses (codegen/runtime/ab_aot_runtime.c), so the figure is exact.
#include <mutex>
#include <stdexcept>
#include <vector>

#include "ab_aot_runtime.h"
#include "codegen/emit/emit_context.hpp"

namespace aotbench::codegen {

int64_t simulate_workspace_pool(const EmitContext& c) {
  static std::mutex allocator_state;  // the runtime allocator is one global pool
  std::lock_guard<std::mutex> lock(allocator_state);
  int64_t total = 0;
  for (const PlannedBuffer& b : c.plan.buffers) total += (b.life.bytes + 15) / 16 * 16;
  std::vector<uint8_t> pool(static_cast<std::size_t>(total) + 16);
  ab_workspace_init(pool.data(), pool.size());
  std::vector<void*> live(c.plan.buffers.size(), nullptr);
  for (int op = 0; op < static_cast<int>(c.g.ops.size()); ++op) {
    for (int b : buffers_allocated_before(c, op)) {
      live[b] = TVMBackendAllocWorkspace(kDLCPU, 0, static_cast<uint64_t>(c.plan.buffers[b].life.bytes), kDLInt, 8);
      if (!live[b]) throw std::logic_error("workspace simulation: allocation failed in a pool of every buffer's size");
    }
    for (int b : buffers_freed_after(c, op)) TVMBackendFreeWorkspace(kDLCPU, 0, live[b]);
  }
  return static_cast<int64_t>(ab_workspace_high_water());
}

}  // namespace aotbench::codegen
