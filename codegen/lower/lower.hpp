#pragma once
// Lowering: an IR operator -> the filled parameter struct of its int8 kernel (ab_params.h),
// computing everything TFLite Micro computes in the operator's Prepare step (requantization
// multipliers and shifts, activation ranges, padding, broadcast strides, ...), plus what an
// emitter needs to write the call: the kernel's name, the per-channel arrays the struct points
// into, and the tensors passed to the kernel in call order.
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "ab_params.h"
#include "codegen/ir/graph.hpp"

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

// Every reference parameter struct; the later families add theirs in their section.
using KernelParams = std::variant<
    // arithmetic
    ab_mul_params, ab_add_sub_params, ab_div_params, ab_maximum_minimum_params, ab_prelu_params,

    // activation
    ab_lookup_params, ab_piecewise_linear_params, ab_sigmoid_s16_params, ab_softmax_s16_params,
    ab_log_softmax_params, ab_cast_params, ab_rsqrt_params,

    // reduce
    ab_reduce_max_min_params, ab_arg_min_max_params,

    // movement
    ab_view_copy_params, ab_join_params, ab_gather_params, ab_batch_space_params,

    // resize
    ab_resize_bilinear_params, ab_resize_nearest_params,

    // layers
    ab_transpose_conv_params, ab_batch_matmul_params, ab_l2_normalization_params,

    // recurrent
    ab_svdf_params, ab_lstm_params,

    // signal
    ab_signal_window_params, ab_signal_size_params, ab_rfft_params, ab_signal_energy_params,
    ab_signal_filter_bank_params, ab_signal_spectral_subtraction_params, ab_signal_pcan_params,
    ab_signal_log_params,

    // the first families
    ab_conv2d_params, ab_depthwise_conv2d_params, ab_fully_connected_params, ab_add_params, ab_pool2d_params,
    ab_mean_params, ab_pad_params, ab_reshape_params, ab_softmax_params, ab_quantize_params,
    ab_dequantize_params>;

// A constant array a params struct points into: per-channel multipliers and shifts from the
// lowering, or tables a schedule derives at generation time. An emitter writes it as a
// `static const` array next to the struct; the struct's pointer field holds data().
struct ParamArray {
  std::string field;  // names the array: <params symbol>_<field>
  std::variant<std::vector<int8_t>, std::vector<int16_t>, std::vector<int32_t>> values;

  const void* data() const;
  std::size_t size() const;           // elements
  const char* c_type() const;         // "int8_t", "int16_t" or "int32_t"
  int64_t element(std::size_t i) const;
};

// The C view of a schedule's own parameter struct (an optimized implementation wraps the
// reference parameters plus its own): what an emitter writes and what a host call passes.
class ScheduleParams {
 public:
  virtual ~ScheduleParams() = default;
  virtual const char* c_type() const = 0;  // e.g. "ab_dsp_conv2d_params"
  virtual const void* c_struct() const = 0;
  // The struct's fields as designated initializers (render_c.hpp's FieldWriter).
  virtual void render(class FieldWriter& w) const = 0;
};

// State: a variable tensor the kernel reads and updates in place (it persists across inferences).
enum class ArgRole { Input, Weights, Bias, Output, Scratch, State };
const char* arg_role_name(ArgRole r);

// One data argument of the kernel call, after the params pointer.
struct KernelArg {
  ArgRole role;
  int tensor;         // tensor id; -1 for an omitted optional tensor (passed as NULL)
  int constant = -1;  // a generated constant (LoweredOp::constants) instead of a model tensor
};

// A constant tensor made at generation time, e.g. weights repacked for a schedule. The emitter
// treats it as a model parameter (params.c, direct or looked up) and passes it as `role`.
struct GeneratedConstant {
  std::string name;   // describes it in comments, e.g. "weights as int16 pairs"
  int source = -1;    // the model tensor it was made from, or -1
  std::variant<std::vector<int8_t>, std::vector<int16_t>, std::vector<int32_t>> values;
  // Kept in RAM as initialized data (start-up copies it from flash, once): for weights a kernel
  // reads again for every block of pixels, whose flash reads would miss a small data cache.
  bool in_ram = false;
  // Bytes its address is a multiple of (a power of two, at least 8): a kernel may test the low
  // bits of a pointer into it instead of comparing with an end pointer.
  int64_t alignment = 8;

  std::size_t size() const;
  std::span<const uint8_t> bytes() const;
};

struct LoweredOp {
  int op_index = -1;
  int band = -1;  // patch-based execution: the band of rows this call computes (Operator::band)
  OpType op_type = OpType::Conv2D;
  std::string kernel;       // C function, e.g. "ab_ref_conv2d_s8"
  std::string params_type;  // C struct type, e.g. "ab_conv2d_params"
  KernelParams params;      // the reference parameters (TFLite Micro's Prepare)
  std::vector<ParamArray> arrays;  // storage for the structs' pointer fields
  std::vector<KernelArg> args;     // in call order
  // CONCATENATION and PACK pass their inputs as one `const void* const*` array (the Input
  // args), SPLIT and UNPACK their outputs as one `void* const*` array (the Output args).
  bool inputs_as_array = false;
  bool outputs_as_array = false;
  // RESHAPE (SQUEEZE, EXPAND_DIMS) whose output shares its input's memory (Tensor::alias_of):
  // nothing to run.
  bool is_noop = false;
  std::string note;  // how the arithmetic was chosen, for listings (e.g. MEAN's mode)

  // Set by kernel selection (codegen/select): the implementation that runs this operator.
  std::string schedule = "ref";
  std::unique_ptr<ScheduleParams> schedule_params;  // emitted instead of `params` when set
  std::vector<GeneratedConstant> constants;         // referenced by KernelArg::constant
  int64_t scratch_bytes = 0;  // working memory for one call, passed as the Scratch argument
  std::vector<std::string> headers;       // what the generated operators file includes
  std::vector<std::string> sources;       // C sources to link, relative to codegen/kernels
  std::vector<std::string> include_dirs;  // their header folders, relative to codegen/kernels

  LoweredOp() = default;
  LoweredOp(LoweredOp&&) = default;  // vectors move their buffers: pointers stay valid
  LoweredOp& operator=(LoweredOp&&) = default;
  LoweredOp(const LoweredOp&) = delete;  // a copy would point into the original's arrays
  LoweredOp& operator=(const LoweredOp&) = delete;

  const ParamArray* array_at(const void* data) const;  // the array a pointer field points to
  const int32_t* array_data(const std::string& field) const;  // nullptr if absent or not int32
};

// Adds a ParamArray to `l` and returns the pointer a struct field must hold (stable while `l`
// lives, also when `l` is moved).
template <class T>
const T* add_param_array(LoweredOp& l, std::string field, std::vector<T> values) {
  l.arrays.push_back(ParamArray{std::move(field), std::move(values)});
  return std::get<std::vector<T>>(l.arrays.back().values).data();
}

// Throws LowerError (naming the model, operator index and type) for anything the kernels
// cannot compute exactly.
LoweredOp lower_operator(const Graph& g, const Operator& op, const LowerOptions& options = {});
std::vector<LoweredOp> lower_graph(const Graph& g, const LowerOptions& options = {});

}  // namespace aotbench::codegen
