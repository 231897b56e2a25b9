// make_seeds DIR: writes small one-operator TFLite models (one per supported operator, about a
// kilobyte each) as extra fuzzing seeds. Mutations of small valid models reach the per-operator
// checks far more often than mutations of the multi-hundred-kilobyte real models.
#include <cstdio>
#include <fstream>
#include <string>

#include "codegen/tests/reader_model_builder.hpp"

namespace {

using namespace aotbench::codegen::test;
using TT = tfl::TensorType;
using BO = tfl::BuiltinOperator;

Spec act(std::vector<int32_t> shape) { return Spec{TT::INT8, std::move(shape)}; }
Spec ints(std::initializer_list<int32_t> v, std::vector<int32_t> shape) {
  return Spec{TT::INT32, std::move(shape), 0, 0, le_bytes(v)};
}
Spec filter(std::vector<int32_t> shape, int channels, int axis) {
  int64_t n = 1;
  for (int32_t d : shape) n *= d;
  return Spec{TT::INT8, shape, 0.1f, 0, std::vector<uint8_t>(n, 3), axis, channels};
}

void write(const std::string& dir, const std::string& name, const tfl::ModelT& m) {
  std::vector<uint8_t> bytes = pack(m);
  std::ofstream(dir + "/" + name + ".tflite", std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  std::string dir = argv[1];
  tfl::Conv2DOptionsT conv;
  conv.stride_w = conv.stride_h = 1;
  write(dir, "conv",
        one_op_model(BO::CONV_2D,
                     {act({1, 5, 5, 2}), filter({3, 3, 3, 2}, 3, 0), ints({1, 2, 3}, {3})},
                     act({1, 5, 5, 3}), conv));
  tfl::DepthwiseConv2DOptionsT dw;
  dw.stride_w = dw.stride_h = 2;
  dw.padding = tfl::Padding::VALID;
  write(dir, "depthwise",
        one_op_model(BO::DEPTHWISE_CONV_2D, {act({1, 5, 5, 2}), filter({1, 3, 3, 4}, 4, 3)},
                     act({1, 2, 2, 4}), dw));
  write(dir, "fully_connected", tiny_model());
  write(
      dir, "add",
      one_op_model(BO::ADD, {act({1, 2, 2, 3}), act({3})}, act({1, 2, 2, 3}), tfl::AddOptionsT{}));
  tfl::Pool2DOptionsT pool;
  pool.filter_width = pool.filter_height = pool.stride_w = pool.stride_h = 2;
  write(dir, "avg_pool",
        one_op_model(BO::AVERAGE_POOL_2D, {act({1, 4, 4, 2})}, act({1, 2, 2, 2}), pool));
  write(dir, "max_pool",
        one_op_model(BO::MAX_POOL_2D, {act({1, 4, 4, 2})}, act({1, 2, 2, 2}), pool));
  write(dir, "mean",
        one_op_model(BO::MEAN, {act({1, 3, 3, 4}), ints({1, 2}, {2})}, act({1, 4}),
                     tfl::ReducerOptionsT{}));
  write(dir, "pad",
        one_op_model(BO::PAD, {act({1, 2, 2, 1}), ints({0, 0, 1, 1, 1, 1, 0, 0}, {4, 2})},
                     act({1, 4, 4, 1}), tfl::PadOptionsT{}));
  write(dir, "reshape",
        one_op_model(BO::RESHAPE, {act({1, 2, 3}), ints({6}, {1})}, act({6}),
                     tfl::ReshapeOptionsT{}));
  tfl::SoftmaxOptionsT softmax;
  softmax.beta = 1;
  Spec probabilities{TT::INT8, {1, 4}, 1.0f / 256, -128};
  write(dir, "softmax", one_op_model(BO::SOFTMAX, {act({1, 4})}, probabilities, softmax));
  write(dir, "transpose",
        one_op_model(BO::TRANSPOSE, {act({1, 2, 3}), ints({0, 2, 1}, {3})}, act({1, 3, 2}),
                     tfl::TransposeOptionsT{}));
  tfl::ConcatenationOptionsT concat;
  concat.axis = 1;
  write(dir, "concatenation",
        one_op_model(BO::CONCATENATION, {act({1, 2}), act({1, 3})}, act({1, 5}), concat));
  return 0;
}
