#pragma once
// Pass: an explicit PAD in front of a convolution becomes the convolution's own padding. The
// PAD's output then exists nowhere: no copy runs and the memory plan has one tensor less.
#include "codegen/ir/graph.hpp"

namespace aotbench::codegen {

// Folds every PAD whose output only a CONV_2D or DEPTHWISE_CONV_2D reads (as its input), that
// pads height and width only, keeps its input's quantization and is no graph output: that is
// exactly TFLite's implicit padding (the pad value is the zero point, contributing nothing).
// Removes the PAD operators and returns how many. Operators keep their model indices.
int fold_pads(Graph& g);

}  // namespace aotbench::codegen
