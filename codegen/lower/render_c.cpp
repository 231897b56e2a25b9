#include "codegen/lower/render_c.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>

namespace aotbench::codegen {

const char* enum_c_name(ab_mean_mode mode) {
  switch (mode) {
    case AB_MEAN_INT_TRUNCATE: return "AB_MEAN_INT_TRUNCATE";
    case AB_MEAN_FLOAT: return "AB_MEAN_FLOAT";
    case AB_MEAN_INT_MULTIPLIER: return "AB_MEAN_INT_MULTIPLIER";
    case AB_MEAN_INT_DIVIDE: return "AB_MEAN_INT_DIVIDE";
  }
  throw std::invalid_argument("unknown MEAN mode " + std::to_string(mode));
}

const char* enum_c_name(ab_quantize_kind kind) {
  switch (kind) {
    case AB_QUANTIZE_F32_TO_S8: return "AB_QUANTIZE_F32_TO_S8";
    case AB_REQUANTIZE_S8_TO_S8: return "AB_REQUANTIZE_S8_TO_S8";
    case AB_REQUANTIZE_S8_TO_U8: return "AB_REQUANTIZE_S8_TO_U8";
    case AB_REQUANTIZE_U8_TO_S8: return "AB_REQUANTIZE_U8_TO_S8";
    case AB_QUANTIZE_F32_TO_S16: return "AB_QUANTIZE_F32_TO_S16";
    case AB_REQUANTIZE_S8_TO_S16: return "AB_REQUANTIZE_S8_TO_S16";
    case AB_REQUANTIZE_S8_TO_S32: return "AB_REQUANTIZE_S8_TO_S32";
    case AB_REQUANTIZE_S16_TO_S8: return "AB_REQUANTIZE_S16_TO_S8";
    case AB_REQUANTIZE_S16_TO_S16: return "AB_REQUANTIZE_S16_TO_S16";
    case AB_REQUANTIZE_S16_TO_S32: return "AB_REQUANTIZE_S16_TO_S32";
    case AB_REQUANTIZE_S32_TO_S8: return "AB_REQUANTIZE_S32_TO_S8";
    case AB_REQUANTIZE_S32_TO_S16: return "AB_REQUANTIZE_S32_TO_S16";
  }
  throw std::invalid_argument("unknown QUANTIZE kind " + std::to_string(kind));
}

const char* enum_c_name(ab_pad_mode mode) {
  switch (mode) {
    case AB_PAD_CONSTANT: return "AB_PAD_CONSTANT";
    case AB_PAD_REFLECT: return "AB_PAD_REFLECT";
    case AB_PAD_SYMMETRIC: return "AB_PAD_SYMMETRIC";
  }
  throw std::invalid_argument("unknown PAD mode " + std::to_string(mode));
}

const char* enum_c_name(ab_elem_type type) {
  switch (type) {
    case AB_ELEM_INT8: return "AB_ELEM_INT8";
    case AB_ELEM_INT16: return "AB_ELEM_INT16";
    case AB_ELEM_INT32: return "AB_ELEM_INT32";
  }
  throw std::invalid_argument("unknown element type " + std::to_string(type));
}

namespace {

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char ch : s) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_') return false;
  }
  return true;
}

std::string render_array(const std::string& name, const ParamArray& a) {
  // Word-aligned, so kernels may read 8- and 16-bit tables a word at a time.
  const bool narrow = a.values.index() != 2;
  const std::size_t per_line = narrow ? 16 : 8;
  std::string s = fmt::format("static const {} {}_{}[{}]{} = {{", a.c_type(), name, a.field, a.size(),
                              narrow ? " __attribute__((aligned(4)))" : "");
  for (std::size_t i = 0; i < a.size(); ++i) {
    s += (i % per_line == 0 ? "\n  " : " ") + FieldWriter::int_literal(a.element(i)) + ",";
  }
  return s + "\n};\n";
}

}  // namespace

std::string FieldWriter::int_literal(int64_t v) {
  // The most negative value has no literal of its own in C.
  if (v == INT32_MIN) return "(-2147483647 - 1)";
  return std::to_string(v);
}

void FieldWriter::field(const char* f, int32_t v, const char* doc) { add(f, int_literal(v), doc); }
void FieldWriter::field(const char* f, int64_t v, const char* doc) { add(f, int_literal(v), doc); }

void FieldWriter::field(const char* f, float v, const char* doc) {
  if (!std::isfinite(v)) throw std::invalid_argument("non-finite float in kernel parameters");
  // Hexadecimal float: exact, so the kernel sees the very value the lowering computed.
  add(f, fmt::format("{:a}f /* {} */", v, v), doc);
}

void FieldWriter::field(const char* f, const ab_dims4& d, const char* doc) {
  add(f, fmt::format("{{{}, {}, {}, {}}}", int_literal(d.n), int_literal(d.h), int_literal(d.w),
                     int_literal(d.c)),
      doc);
}

void FieldWriter::pointer(const char* f, const void* p, const char* doc) {
  if (!p) return add(f, "NULL", doc);
  const ParamArray* a = op_.array_at(p);
  if (!a) {
    throw std::logic_error(fmt::format("{}.{} does not point into the lowered arrays", name_, f));
  }
  if (std::find(referenced_->begin(), referenced_->end(), a) == referenced_->end()) referenced_->push_back(a);
  add(f, name_ + "_" + a->field, doc);
}

void FieldWriter::add(const char* f, const std::string& value, const char* doc) {
  body_ += fmt::format("{:{}}.{} = {},{}\n", "", indent_, f, value,
                       *doc ? fmt::format(" /* {} */", doc) : std::string());
}

void render_fields(FieldWriter& w, const ab_conv2d_params& p) { AB_RENDER_FIELDS(AB_CONV2D_FIELDS) }
void render_fields(FieldWriter& w, const ab_depthwise_conv2d_params& p) {
  AB_RENDER_FIELDS(AB_DEPTHWISE_CONV2D_FIELDS)
}
void render_fields(FieldWriter& w, const ab_fully_connected_params& p) {
  AB_RENDER_FIELDS(AB_FULLY_CONNECTED_FIELDS)
}
void render_fields(FieldWriter& w, const ab_add_params& p) { AB_RENDER_FIELDS(AB_ADD_FIELDS) }
void render_fields(FieldWriter& w, const ab_pool2d_params& p) { AB_RENDER_FIELDS(AB_POOL2D_FIELDS) }
void render_fields(FieldWriter& w, const ab_mean_params& p) { AB_RENDER_FIELDS(AB_MEAN_FIELDS) }
void render_fields(FieldWriter& w, const ab_pad_params& p) { AB_RENDER_FIELDS(AB_PAD_FIELDS) }
void render_fields(FieldWriter& w, const ab_reshape_params& p) { AB_RENDER_FIELDS(AB_RESHAPE_FIELDS) }
void render_fields(FieldWriter& w, const ab_softmax_params& p) { AB_RENDER_FIELDS(AB_SOFTMAX_FIELDS) }
void render_fields(FieldWriter& w, const ab_quantize_params& p) { AB_RENDER_FIELDS(AB_QUANTIZE_FIELDS) }
void render_fields(FieldWriter& w, const ab_dequantize_params& p) {
  AB_RENDER_FIELDS(AB_DEQUANTIZE_FIELDS)
}

void render_fields(FieldWriter& w, const ab_broadcast& p) { AB_RENDER_FIELDS(AB_BROADCAST_FIELDS) }

std::string params_c_type(const LoweredOp& op) {
  return op.schedule_params ? op.schedule_params->c_type() : op.params_type;
}

RenderedParams render_params_c(const LoweredOp& op, const std::string& name, const std::string& arrays_of) {
  if (!is_identifier(name)) {
    throw std::invalid_argument("'" + name + "' is not a C identifier; sanitize it first");
  }
  RenderedParams r;
  FieldWriter w(op, arrays_of.empty() ? name : arrays_of);
  const std::string type = params_c_type(op);
  if (op.schedule_params) {
    op.schedule_params->render(w);
  } else {
    std::visit([&](const auto& p) { render_fields(w, p); }, op.params);
  }
  r.params = fmt::format("static const {} {} = {{\n{}}};\n", type, name, w.body());
  // Only the arrays the struct points to: a schedule may leave some of the lowering's unused.
  for (const ParamArray& a : op.arrays) {
    if (!arrays_of.empty()) break;
    const auto& used = w.referenced();
    if (std::find(used.begin(), used.end(), &a) != used.end()) r.arrays += render_array(name, a);
  }
  return r;
}

}  // namespace aotbench::codegen
