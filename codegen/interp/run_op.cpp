// Interpreter::run_op: calls an operator's reference kernel with its lowered parameters and the
// tensors' buffers, in the argument order the lowering recorded.
#include <type_traits>

#include "ab_ref_kernels.h"
#include "interp/interpreter.hpp"

namespace aotbench::codegen {
namespace {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

}  // namespace

void Interpreter::run_op(const LoweredOp& op) {
  std::vector<void*> a;
  for (const KernelArg& arg : op.args) a.push_back(data(arg.tensor));
  auto s8 = [&](std::size_t i) { return static_cast<int8_t*>(a.at(i)); };
  auto i32 = [&](std::size_t i) { return static_cast<const int32_t*>(a.at(i)); };
  std::visit(
      Overloaded{
          [&](const ab_conv2d_params& p) { ab_ref_conv2d_s8(&p, s8(0), s8(1), i32(2), s8(3)); },
          [&](const ab_depthwise_conv2d_params& p) {
            ab_ref_depthwise_conv2d_s8(&p, s8(0), s8(1), i32(2), s8(3));
          },
          [&](const ab_fully_connected_params& p) {
            ab_ref_fully_connected_s8(&p, s8(0), s8(1), i32(2), s8(3));
          },
          [&](const ab_add_params& p) { ab_ref_add_s8(&p, s8(0), s8(1), s8(2)); },
          [&](const ab_pool2d_params& p) {
            if (op.op_type == OpType::AveragePool2D) {
              ab_ref_avg_pool2d_s8(&p, s8(0), s8(1));
            } else {
              ab_ref_max_pool2d_s8(&p, s8(0), s8(1));
            }
          },
          [&](const ab_mean_params& p) { ab_ref_mean_s8(&p, s8(0), s8(1)); },
          [&](const ab_pad_params& p) { ab_ref_pad_s8(&p, s8(0), s8(1)); },
          [&](const ab_reshape_params& p) { ab_ref_reshape(&p, a.at(0), a.at(1)); },
          [&](const ab_softmax_params& p) { ab_ref_softmax_s8(&p, s8(0), s8(1)); },
          [&](const ab_transpose_params& p) { ab_ref_transpose_s8(&p, s8(0), s8(1)); },
          [&](const ab_concatenation_params& p) {
            std::vector<const int8_t*> inputs;
            for (std::size_t i = 0; i + 1 < a.size(); ++i) inputs.push_back(s8(i));
            ab_ref_concatenation_s8(&p, inputs.data(), s8(a.size() - 1));
          },
          [&](const ab_quantize_params& p) { ab_ref_quantize(&p, a.at(0), a.at(1)); },
          [&](const ab_dequantize_params& p) {
            ab_ref_dequantize_s8_f32(&p, s8(0), static_cast<float*>(a.at(1)));
          },
      },
      op.params);
}

}  // namespace aotbench::codegen
