#pragma once
// The greedy planners: an order of buffers, then each placed at the lowest offset that fits.
#include <cstdint>
#include <vector>

#include "codegen/plan/lifetime.hpp"

namespace aotbench::codegen::plan_detail {

// The smallest multiple of `alignment` (> 0) at or above x, and the largest multiple of `step`
// (> 0) at or below x, negative x included.
inline int64_t align_up(int64_t x, int64_t alignment) { return (x + alignment - 1) / alignment * alignment; }
inline int64_t floor_to(int64_t x, int64_t step) {
  const int64_t q = x / step;
  return (q * step > x ? q - 1 : q) * step;
}

std::vector<int> order_by_size(const std::vector<BufferLife>& buffers);  // greedy_by_size.cpp
std::vector<int> order_by_conflicts(
    const std::vector<BufferLife>& buffers);  // greedy_by_conflicts.cpp
std::vector<int> order_by_lifetime(const std::vector<BufferLife>& buffers);  // greedy_by_lifetime.cpp
std::vector<int> order_by_last_use(const std::vector<BufferLife>& buffers);  // greedy_by_lifetime.cpp

// Two buffers that may overlap (an operator in place, OverlapPermit): where they share bytes,
// offset[output] - offset[input] <= max_delta and is a multiple of modulus.
struct PairWindow {
  int input = -1, output = -1;  // indices into the buffers
  int64_t max_delta = 0;
  int64_t modulus = 1;
};

// greedy_place.cpp: offsets (parallel to `buffers`) placing buffers in `order`, first fit: each
// at the lowest aligned offset where it meets no placed buffer alive at the same time, except
// as a window allows.
std::vector<int64_t> place_first_fit(const std::vector<BufferLife>& buffers,
                                     const std::vector<int>& order, int64_t alignment,
                                     const std::vector<PairWindow>& windows = {});

// beam_place.cpp: offsets placing buffers operator by operator (those an operator writes, among
// those alive), keeping the `width` best partial plans. *exhaustive (if given) says whether no
// partial plan was dropped: the result is then the best of every plan built from these positions.
std::vector<int64_t> place_by_time(const std::vector<BufferLife>& buffers, int64_t alignment,
                                   const std::vector<PairWindow>& windows, std::size_t width,
                                   bool* exhaustive = nullptr);

// Whether a buffer of `bytes` at `offset` may stay beside another of `other_bytes` at
// `other_offset` that is alive at the same time: no shared byte, or as `window` allows (null:
// no window between them; `is_output`: the first buffer is the window's output).
bool may_coexist(int64_t offset, int64_t bytes, int64_t other_offset, int64_t other_bytes,
                 const PairWindow* window, bool is_output);

}  // namespace aotbench::codegen::plan_detail
