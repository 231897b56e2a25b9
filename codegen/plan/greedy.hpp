#pragma once
// The greedy planners: an order of buffers, then each placed at the lowest offset that fits.
#include <cstdint>
#include <vector>

#include "plan/lifetime.hpp"

namespace aotbench::codegen::plan_detail {

std::vector<int> order_by_size(const std::vector<BufferLife>& buffers);  // greedy_by_size.cpp
std::vector<int> order_by_conflicts(
    const std::vector<BufferLife>& buffers);  // greedy_by_conflicts.cpp

// greedy_place.cpp: offsets (parallel to `buffers`) placing buffers in `order`, first fit.
std::vector<int64_t> place_first_fit(const std::vector<BufferLife>& buffers,
                                     const std::vector<int>& order, int64_t alignment);

}  // namespace aotbench::codegen::plan_detail
