#pragma once
// Writes a lowered operator's parameter struct as C source: `static const` definitions of the
// arrays it points into, then the struct with designated initializers. Compile the result with
// the AB_INDEX_BITS of the kernels it is passed to.
//
// The fields come from each struct's field list (AB_<NAME>_FIELDS in ab_params.h, and the lists
// of the optimized kernel families), expanded by AB_RENDER_FIELDS below: a struct is described
// once, for the C compiler and for this writer alike.
#include <memory>
#include <string>
#include <vector>

#include "ab_params.h"
#include "codegen/lower/lower.hpp"

namespace aotbench::codegen {

struct RenderedParams {
  std::string arrays;  // e.g. "static const int32_t NAME_output_multiplier[8] = {...};\n"
  std::string params;  // e.g. "static const ab_conv2d_params NAME = {\n  .input = ...\n};\n"
};

// `name` must already be a valid, unique C identifier (the emitter sanitizes and mangles);
// arrays are called `<name>_<field>`. Throws std::invalid_argument for an invalid name.
// `arrays_of`: the struct whose arrays (equal to op's, written before) this one points to; no
// arrays are written then.
// The C type of the struct render_params_c() writes for the operator.
std::string params_c_type(const LoweredOp& op);

RenderedParams render_params_c(const LoweredOp& op, const std::string& name, const std::string& arrays_of = "");

// Collects designated initializers, one per field. Pointer fields must point into the op's
// ParamArrays (or be NULL); a nested struct field is written through its own field list.
class FieldWriter {
 public:
  FieldWriter(const LoweredOp& op, const std::string& name, int indent = 2)
      : op_(op), name_(name), indent_(indent), referenced_(std::make_shared<std::vector<const ParamArray*>>()) {}

  void field(const char* f, int32_t v, const char* doc);
  void field(const char* f, int64_t v, const char* doc);
  void field(const char* f, int8_t v, const char* doc) { field(f, int32_t{v}, doc); }
  void field(const char* f, float v, const char* doc);
  void field(const char* f, const ab_dims4& d, const char* doc);
  void field(const char* f, const int32_t* p, const char* doc) { pointer(f, p, doc); }
  void field(const char* f, const int16_t* p, const char* doc) { pointer(f, p, doc); }
  void field(const char* f, const int8_t* p, const char* doc) { pointer(f, p, doc); }
  // A nested parameter struct, e.g. the reference parameters an optimized kernel wraps.
  template <class S>
    requires requires(FieldWriter& w, const S& s) { render_fields(w, s); }
  void field(const char* f, const S& nested, const char* doc) {
    FieldWriter inner(op_, name_, indent_ + 2);
    inner.referenced_ = referenced_;
    render_fields(inner, nested);
    add(f, "{\n" + inner.body_ + std::string(static_cast<std::size_t>(indent_), ' ') + "}", doc);
  }
  template <class T, std::size_t N>
  void list(const char* f, const T (&v)[N], const char* doc) {
    std::string s = "{";
    for (std::size_t i = 0; i < N; ++i) s += (i ? ", " : "") + int_literal(static_cast<int64_t>(v[i]));
    add(f, s + "}", doc);
  }
  // An enum-valued int32_t field, written as the enumerator's name (enum_c_name(value)).
  void enumeration(const char* f, const char* enumerator, const char* doc) { add(f, enumerator, doc); }

  const std::string& body() const { return body_; }
  // The arrays the fields written so far point to.
  const std::vector<const ParamArray*>& referenced() const { return *referenced_; }
  static std::string int_literal(int64_t v);

 private:
  void pointer(const char* f, const void* p, const char* doc);
  void add(const char* f, const std::string& value, const char* doc);

  const LoweredOp& op_;
  const std::string& name_;
  int indent_;
  std::string body_;
  std::shared_ptr<std::vector<const ParamArray*>> referenced_;  // shared with nested writers
};

// Expands a field list (AB_<NAME>_FIELDS) into FieldWriter calls for the struct `p`.
#define AB_RENDER_FIELD(type, name, doc) w.field(#name, p.name, doc);
#define AB_RENDER_ARRAY(type, name, count, doc) w.list(#name, p.name, doc);
#define AB_RENDER_ENUM(type, name, doc) w.enumeration(#name, enum_c_name(static_cast<type>(p.name)), doc);
#define AB_RENDER_FIELDS(FIELDS) FIELDS(AB_RENDER_FIELD, AB_RENDER_ARRAY, AB_RENDER_ENUM)

// The C name of an enumerator of the reference parameters' enums.
const char* enum_c_name(ab_mean_mode v);
const char* enum_c_name(ab_quantize_kind v);
const char* enum_c_name(ab_pad_mode v);
const char* enum_c_name(ab_elem_type v);

// A schedule's own parameter struct, written through its field list's render_fields().
template <class T>
class StructParams : public ScheduleParams {
 public:
  StructParams(const char* c_type, const T& value) : c_type_(c_type), value(value) {}
  const char* c_type() const override { return c_type_; }
  const void* c_struct() const override { return &value; }
  void render(FieldWriter& w) const override { render_fields(w, value); }

 private:
  const char* c_type_;

 public:
  T value;
};

// The reference parameter structs (ab_params.h).
void render_fields(FieldWriter& w, const ab_conv2d_params& p);
void render_fields(FieldWriter& w, const ab_depthwise_conv2d_params& p);
void render_fields(FieldWriter& w, const ab_fully_connected_params& p);
void render_fields(FieldWriter& w, const ab_add_params& p);
void render_fields(FieldWriter& w, const ab_pool2d_params& p);
void render_fields(FieldWriter& w, const ab_mean_params& p);
void render_fields(FieldWriter& w, const ab_pad_params& p);
void render_fields(FieldWriter& w, const ab_reshape_params& p);
void render_fields(FieldWriter& w, const ab_softmax_params& p);
void render_fields(FieldWriter& w, const ab_quantize_params& p);
void render_fields(FieldWriter& w, const ab_dequantize_params& p);
void render_fields(FieldWriter& w, const ab_broadcast& p);

// The later families' structs, defined beside their lowering (lower_<family>.cpp).
// arithmetic
void render_fields(FieldWriter& w, const ab_mul_params& p);
void render_fields(FieldWriter& w, const ab_add_sub_params& p);
void render_fields(FieldWriter& w, const ab_div_params& p);
void render_fields(FieldWriter& w, const ab_maximum_minimum_params& p);
void render_fields(FieldWriter& w, const ab_prelu_params& p);
const char* enum_c_name(ab_add_sub_kind v);

// activation
const char* enum_c_name(ab_negative_mode v);
const char* enum_c_name(ab_cast_type v);
void render_fields(FieldWriter& w, const ab_lookup_params& p);
void render_fields(FieldWriter& w, const ab_piecewise_linear_params& p);
void render_fields(FieldWriter& w, const ab_sigmoid_s16_params& p);
void render_fields(FieldWriter& w, const ab_softmax_s16_params& p);
void render_fields(FieldWriter& w, const ab_log_softmax_params& p);
void render_fields(FieldWriter& w, const ab_cast_params& p);
void render_fields(FieldWriter& w, const ab_rsqrt_params& p);

// reduce
const char* enum_c_name(ab_extreme v);
void render_fields(FieldWriter& w, const ab_reduce_max_min_params& p);
void render_fields(FieldWriter& w, const ab_arg_min_max_params& p);

// movement
void render_fields(FieldWriter& w, const ab_view_copy_params& p);
void render_fields(FieldWriter& w, const ab_join_params& p);
void render_fields(FieldWriter& w, const ab_gather_params& p);
void render_fields(FieldWriter& w, const ab_batch_space_params& p);

// resize
void render_fields(FieldWriter& w, const ab_resize_bilinear_params& p);
void render_fields(FieldWriter& w, const ab_resize_nearest_params& p);

// layers
void render_fields(FieldWriter& w, const ab_transpose_conv_params& p);
void render_fields(FieldWriter& w, const ab_batch_matmul_params& p);
void render_fields(FieldWriter& w, const ab_l2_normalization_params& p);

// recurrent
void render_fields(FieldWriter& w, const ab_svdf_params& p);
void render_fields(FieldWriter& w, const ab_lstm_gate_params& p);
void render_fields(FieldWriter& w, const ab_lstm_params& p);

// signal
void render_fields(FieldWriter& w, const ab_signal_window_params& p);
void render_fields(FieldWriter& w, const ab_signal_size_params& p);
void render_fields(FieldWriter& w, const ab_rfft_params& p);
void render_fields(FieldWriter& w, const ab_signal_energy_params& p);
void render_fields(FieldWriter& w, const ab_signal_filter_bank_params& p);
void render_fields(FieldWriter& w, const ab_signal_spectral_subtraction_params& p);
void render_fields(FieldWriter& w, const ab_signal_pcan_params& p);
void render_fields(FieldWriter& w, const ab_signal_log_params& p);


}  // namespace aotbench::codegen
