#pragma once
// Lowering: an IR operator -> the filled parameter struct of its int8 kernel (ab_params.h),
// computing everything TFLite Micro computes in the operator's Prepare step (requantization
// multipliers and shifts, activation ranges, padding, broadcast strides, ...), plus what an
// emitter needs to write the call: the kernel's name, the per-channel arrays the struct points
// into, and the tensors passed to the kernel in call order.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "ab_params.h"
#include "ir/graph.hpp"

namespace aotbench::codegen {

class LowerError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// TFLite Micro's int8 MEAN changed arithmetic over the years; pick the one to match. The
// oracle in ../shared/oracle (current TFLite Micro) is Tflm2025.
enum class MeanArithmetic {
  // Current reference (reduce.h's integer QuantizedMeanOrSum): always integer rescaling, the
  // sum minus zero points times a multiplier with 1/count folded in, whatever the quantization.
  Tflm2025,
  // 2022-2024 reference: equal input/output quantization -> integer sum divided with
  // truncation; otherwise float rescaling.
  Tflm2022,
  // 2021 reference: Tflm2022 plus an integer special case for 4-D inputs reduced over axes
  // 1 and 2 with keep_dims (multiplier, then rounded division by the count).
  Tflm2021,
};

struct LowerOptions {
  MeanArithmetic mean = MeanArithmetic::Tflm2025;
};

using KernelParams =
    std::variant<ab_conv2d_params, ab_depthwise_conv2d_params, ab_fully_connected_params,
                 ab_add_params, ab_pool2d_params, ab_mean_params, ab_pad_params,
                 ab_reshape_params, ab_softmax_params, ab_transpose_params,
                 ab_concatenation_params, ab_quantize_params, ab_dequantize_params>;

// An int32 array the lowering created (per-channel multipliers and shifts). The params struct
// field `field` points at `values.data()`; an emitter writes it as a `static const int32_t[]`.
struct ParamArray {
  std::string field;
  std::vector<int32_t> values;
};

enum class ArgRole { Input, Weights, Bias, Output };
const char* arg_role_name(ArgRole r);

// One data argument of the kernel call, after the params pointer.
struct KernelArg {
  ArgRole role;
  int tensor;  // tensor id; -1 for an omitted optional tensor (passed as NULL)
};

struct LoweredOp {
  int op_index = -1;
  OpType op_type = OpType::Conv2D;
  std::string kernel;       // C function, e.g. "ab_ref_conv2d_s8"
  std::string params_type;  // C struct type, e.g. "ab_conv2d_params"
  KernelParams params;
  std::vector<ParamArray> arrays;  // storage for the struct's pointer fields
  std::vector<KernelArg> args;     // in call order
  // CONCATENATION passes its inputs as one `const int8_t* const*` array (the Input args).
  bool inputs_as_array = false;
  // RESHAPE whose output shares its input's memory (Tensor::alias_of): nothing to run.
  bool is_noop = false;
  std::string note;  // how the arithmetic was chosen, for listings (e.g. MEAN's mode)

  LoweredOp() = default;
  LoweredOp(LoweredOp&&) = default;  // vectors move their buffers: pointers stay valid
  LoweredOp& operator=(LoweredOp&&) = default;
  LoweredOp(const LoweredOp&) = delete;  // a copy would point into the original's arrays
  LoweredOp& operator=(const LoweredOp&) = delete;

  const int32_t* array_data(const std::string& field) const;  // nullptr if absent
};

// Throws LowerError (naming the model, operator index and type) for anything the kernels
// cannot compute exactly.
LoweredOp lower_operator(const Graph& g, const Operator& op, const LowerOptions& options = {});
std::vector<LoweredOp> lower_graph(const Graph& g, const LowerOptions& options = {});

}  // namespace aotbench::codegen
