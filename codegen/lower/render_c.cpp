#include "lower/render_c.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <stdexcept>

namespace aotbench::codegen {
namespace {

std::string int_literal(int64_t v) {
  // The most negative value has no literal of its own in C.
  if (v == INT32_MIN) return "(-2147483647 - 1)";
  return std::to_string(v);
}

const char* mean_mode_name(int32_t mode) {
  switch (mode) {
    case AB_MEAN_INT_TRUNCATE: return "AB_MEAN_INT_TRUNCATE";
    case AB_MEAN_FLOAT: return "AB_MEAN_FLOAT";
    case AB_MEAN_INT_MULTIPLIER: return "AB_MEAN_INT_MULTIPLIER";
    case AB_MEAN_INT_DIVIDE: return "AB_MEAN_INT_DIVIDE";
  }
  throw std::invalid_argument("unknown MEAN mode " + std::to_string(mode));
}

const char* quantize_kind_name(int32_t kind) {
  switch (kind) {
    case AB_QUANTIZE_F32_TO_S8: return "AB_QUANTIZE_F32_TO_S8";
    case AB_REQUANTIZE_S8_TO_S8: return "AB_REQUANTIZE_S8_TO_S8";
    case AB_REQUANTIZE_S8_TO_U8: return "AB_REQUANTIZE_S8_TO_U8";
    case AB_REQUANTIZE_U8_TO_S8: return "AB_REQUANTIZE_U8_TO_S8";
  }
  throw std::invalid_argument("unknown QUANTIZE kind " + std::to_string(kind));
}

std::string float_literal(float v) {
  if (!std::isfinite(v)) throw std::invalid_argument("non-finite float in kernel parameters");
  // Hexadecimal float: exact, so the kernel sees the very value the lowering computed.
  return fmt::format("{:a}f /* {} */", v, v);
}

class Initializer {
 public:
  Initializer(const LoweredOp& op, const std::string& name) : op_(op), name_(name) {}

  void idx(const char* field, int64_t v) { add(field, int_literal(v)); }
  void i32(const char* field, int32_t v) { add(field, int_literal(v)); }
  void f32(const char* field, float v) { add(field, float_literal(v)); }
  void name(const char* field, const char* constant) { add(field, constant); }
  void dims(const char* field, const ab_dims4& d) {
    add(field, fmt::format("{{{}, {}, {}, {}}}", int_literal(d.n), int_literal(d.h),
                           int_literal(d.w), int_literal(d.c)));
  }
  template <typename T>
  void list(const char* field, const T* v, int64_t n) {
    std::string s = "{";
    for (int64_t i = 0; i < n; ++i) s += (i ? ", " : "") + int_literal(static_cast<int64_t>(v[i]));
    add(field, s + "}");
  }
  // A pointer field: the array the lowering made for it, or NULL.
  void array(const char* field, const int32_t* p) {
    add(field, p ? name_ + "_" + field : std::string("NULL"));
    if (p && op_.array_data(field) != p) {
      throw std::logic_error(fmt::format("{}.{} does not point into the lowered arrays", name_, field));
    }
  }

  std::string str() const {
    return fmt::format("static const {} {} = {{\n{}}};\n", op_.params_type, name_, body_);
  }

 private:
  void add(const char* field, const std::string& value) {
    body_ += fmt::format("  .{} = {},\n", field, value);
  }

  const LoweredOp& op_;
  const std::string& name_;
  std::string body_;
};

// The fields CONV_2D and DEPTHWISE_CONV_2D share, in their structs' order: the window, then the
// requantization.
template <class ConvParams>
void window_fields(Initializer& w, const ConvParams& p) {
  w.dims("input", p.input);
  w.dims("filter", p.filter);
  w.dims("output", p.output);
  w.idx("stride_h", p.stride_h);
  w.idx("stride_w", p.stride_w);
  w.idx("dilation_h", p.dilation_h);
  w.idx("dilation_w", p.dilation_w);
  w.idx("pad_h", p.pad_h);
  w.idx("pad_w", p.pad_w);
}

template <class ConvParams>
void requantization_fields(Initializer& w, const ConvParams& p) {
  w.i32("input_offset", p.input_offset);
  w.i32("output_offset", p.output_offset);
  w.i32("act_min", p.act_min);
  w.i32("act_max", p.act_max);
  w.array("output_multiplier", p.output_multiplier);
  w.array("output_shift", p.output_shift);
}

void fields(Initializer& w, const ab_conv2d_params& p) {
  window_fields(w, p);
  requantization_fields(w, p);
}

void fields(Initializer& w, const ab_depthwise_conv2d_params& p) {
  window_fields(w, p);
  w.idx("depth_multiplier", p.depth_multiplier);
  requantization_fields(w, p);
}

void fields(Initializer& w, const ab_fully_connected_params& p) {
  w.idx("batches", p.batches);
  w.idx("accum_depth", p.accum_depth);
  w.idx("output_depth", p.output_depth);
  w.i32("input_offset", p.input_offset);
  w.i32("filter_offset", p.filter_offset);
  w.i32("output_offset", p.output_offset);
  w.i32("output_multiplier", p.output_multiplier);
  w.i32("output_shift", p.output_shift);
  w.i32("act_min", p.act_min);
  w.i32("act_max", p.act_max);
  w.array("per_channel_multiplier", p.per_channel_multiplier);
  w.array("per_channel_shift", p.per_channel_shift);
}

void fields(Initializer& w, const ab_add_params& p) {
  w.idx("flat_size", p.flat_size);
  w.i32("broadcast", p.broadcast);
  w.list("out_shape", p.out_shape, AB_MAX_DIMS);
  w.list("in1_stride", p.in1_stride, AB_MAX_DIMS);
  w.list("in2_stride", p.in2_stride, AB_MAX_DIMS);
  w.i32("input1_offset", p.input1_offset);
  w.i32("input2_offset", p.input2_offset);
  w.i32("output_offset", p.output_offset);
  w.i32("left_shift", p.left_shift);
  w.i32("input1_multiplier", p.input1_multiplier);
  w.i32("input1_shift", p.input1_shift);
  w.i32("input2_multiplier", p.input2_multiplier);
  w.i32("input2_shift", p.input2_shift);
  w.i32("output_multiplier", p.output_multiplier);
  w.i32("output_shift", p.output_shift);
  w.i32("act_min", p.act_min);
  w.i32("act_max", p.act_max);
}

void fields(Initializer& w, const ab_pool2d_params& p) {
  w.dims("input", p.input);
  w.dims("output", p.output);
  w.idx("filter_h", p.filter_h);
  w.idx("filter_w", p.filter_w);
  w.idx("stride_h", p.stride_h);
  w.idx("stride_w", p.stride_w);
  w.idx("pad_h", p.pad_h);
  w.idx("pad_w", p.pad_w);
  w.i32("act_min", p.act_min);
  w.i32("act_max", p.act_max);
}

void fields(Initializer& w, const ab_mean_params& p) {
  w.name("mode", mean_mode_name(p.mode));
  w.idx("rank", p.rank);
  w.list("in_shape", p.in_shape, AB_MAX_DIMS);
  w.list("reduce", p.reduce, AB_MAX_DIMS);
  w.idx("count", p.count);
  w.i32("input_zero_point", p.input_zero_point);
  w.i32("output_zero_point", p.output_zero_point);
  w.i32("multiplier", p.multiplier);
  w.i32("shift", p.shift);
  w.f32("float_scale", p.float_scale);
  w.f32("float_bias", p.float_bias);
}

void fields(Initializer& w, const ab_pad_params& p) {
  w.idx("rank", p.rank);
  w.list("in_shape", p.in_shape, AB_MAX_DIMS);
  w.list("before", p.before, AB_MAX_DIMS);
  w.list("out_shape", p.out_shape, AB_MAX_DIMS);
  w.i32("pad_value", p.pad_value);
}

void fields(Initializer& w, const ab_reshape_params& p) { w.idx("bytes", p.bytes); }

void fields(Initializer& w, const ab_softmax_params& p) {
  w.idx("outer_size", p.outer_size);
  w.idx("depth", p.depth);
  w.i32("input_multiplier", p.input_multiplier);
  w.i32("input_left_shift", p.input_left_shift);
  w.i32("diff_min", p.diff_min);
}

void fields(Initializer& w, const ab_transpose_params& p) {
  w.idx("rank", p.rank);
  w.list("out_shape", p.out_shape, AB_MAX_DIMS);
  w.list("in_stride", p.in_stride, AB_MAX_DIMS);
}

void fields(Initializer& w, const ab_concatenation_params& p) {
  w.idx("num_inputs", p.num_inputs);
  w.idx("outer_size", p.outer_size);
  w.list("copy_size", p.copy_size, AB_MAX_CONCAT_INPUTS);
}

void fields(Initializer& w, const ab_quantize_params& p) {
  w.name("kind", quantize_kind_name(p.kind));
  w.idx("size", p.size);
  w.f32("scale", p.scale);
  w.i32("input_zero_point", p.input_zero_point);
  w.i32("output_zero_point", p.output_zero_point);
  w.i32("multiplier", p.multiplier);
  w.i32("shift", p.shift);
}

void fields(Initializer& w, const ab_dequantize_params& p) {
  w.idx("size", p.size);
  w.f32("scale", p.scale);
  w.i32("zero_point", p.zero_point);
}

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char ch : s) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_') return false;
  }
  return true;
}

std::string render_array(const std::string& name, const ParamArray& a) {
  std::string s = fmt::format("static const int32_t {}_{}[{}] = {{", name, a.field, a.values.size());
  for (std::size_t i = 0; i < a.values.size(); ++i) {
    s += (i % 8 == 0 ? "\n  " : " ") + int_literal(a.values[i]) + ",";
  }
  return s + "\n};\n";
}

}  // namespace

RenderedParams render_params_c(const LoweredOp& op, const std::string& name) {
  if (!is_identifier(name)) {
    throw std::invalid_argument("'" + name + "' is not a C identifier; sanitize it first");
  }
  RenderedParams r;
  for (const ParamArray& a : op.arrays) r.arrays += render_array(name, a);
  Initializer w(op, name);
  std::visit([&](const auto& p) { fields(w, p); }, op.params);
  r.params = w.str();
  return r;
}

}  // namespace aotbench::codegen
