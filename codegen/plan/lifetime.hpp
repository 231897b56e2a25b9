#pragma once
// Pass: buffer lifetimes. Groups activation tensors by the memory they share (alias classes) and
// finds, for each group, the operators between which its bytes must stay intact.
#include <cstdint>
#include <vector>

#include "codegen/ir/graph.hpp"

namespace aotbench::codegen {

struct BufferLife {
  int root = -1;             // the tensor owning the memory (alias_root of every member)
  std::vector<int> members;  // tensor ids sharing it, ascending
  int64_t bytes = 0;
  int first_op = 0,
      last_op = 0;        // positions in Graph::ops, inclusive: written by first_op (0 for
                          // inputs), read until last_op
  int input_index = -1;   // position in Graph::inputs of a member, or -1
  int output_index = -1;  // position in Graph::outputs of a member, or -1
};

// One entry per group of activations (tensors neither constant nor variable) that operators read
// or write, ordered by root.
// Graph inputs live from operator 0, graph outputs until the last operator.
std::vector<BufferLife> buffer_lifetimes(const Graph& g);

// The largest total size of groups alive at one operator: no plan of these lifetimes is smaller.
int64_t peak_live_bytes(const std::vector<BufferLife>& buffers);

// Whether two groups must not share bytes.
inline bool lifetimes_overlap(const BufferLife& a, const BufferLife& b) {
  return a.first_op <= b.last_op && b.first_op <= a.last_op;
}

}  // namespace aotbench::codegen
