#pragma once
// Row bands for patch-based execution: a group of consecutive layers at the start of a network
// runs band by band (MCUNetV2's patches, as bands of whole rows: NHWC with batch 1 keeps a band
// contiguous). For a band of the group's output rows, walking the group backwards gives the rows
// every tensor of the group must hold (the halo the windows need, clipped to the real rows).
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "codegen/ir/graph.hpp"

namespace aotbench::codegen {

class PatchError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Rows [begin, end) of a tensor.
struct RowRange {
  int32_t begin = 0, end = 0;
  int32_t rows() const { return end - begin; }
  bool operator==(const RowRange&) const = default;
};

// A window sliding along rows: kernel rows, stride, dilation and rows of padding before row 0.
// Element-wise operators have the 1x1 window (output row r reads input row r).
struct RowWindow {
  int32_t kernel = 1, stride = 1, dilation = 1, pad_before = 0;
};

// Rows (or columns) of padding before the first one for a window of `kernel` taps `dilation`
// apart moving by `stride` over `in` rows to give `out` rows: TFLite's SAME puts half the
// padding (rounded down) before; VALID has none.
int32_t padding_before(Padding padding, int32_t in, int32_t out, int32_t kernel, int32_t stride, int32_t dilation);

// The rows of an input of `input_rows` rows that output rows `out` read through `w`, clipped to
// the real rows (the rest is padding). Empty when they read padding only.
RowRange window_input_rows(RowRange out, int32_t input_rows, const RowWindow& w);

// `rows` cut into `bands` bands of consecutive rows, the first ones one row taller where they
// cannot all be equal. Throws PatchError when there are more bands than rows.
std::vector<RowRange> split_rows(int32_t rows, int32_t bands);

// The operator's window along rows, or nullopt when it cannot run on a band of rows: CONV_2D and
// DEPTHWISE_CONV_2D, and element-wise operators whose activation inputs have the output's shape
// and whose constants do not vary along rows; every activation 4-D with batch 1.
std::optional<RowWindow> row_window(const Graph& g, const Operator& op);
// Why row_window() refuses the operator ("" when it does not).
std::string why_not_bandable(const Graph& g, const Operator& op);

// Graph::ops [0, ops) that can run band by band: they read one activation from outside (a graph
// input) and leave one tensor (`output`) for the rest of the graph, which no operator of the
// group reads.
struct PatchGroup {
  int ops = 0;
  int input = -1;
  int output = -1;
};

// Every such group, shortest first (none when the first operator cannot be banded).
std::vector<PatchGroup> patch_groups(const Graph& g);

// For one band: rows of each tensor of the group the band needs, and the rows each operator's
// activation inputs read (reads[i][k] for Graph::ops[i].inputs[k]; empty for constants).
struct BandRows {
  std::map<int, RowRange> tensor;
  std::vector<std::vector<RowRange>> reads;
};
// `out`: rows of the group's output. Throws PatchError when a tensor of the group needs no rows
// (the band reads padding only).
BandRows band_rows(const Graph& g, const PatchGroup& group, RowRange out);

}  // namespace aotbench::codegen
