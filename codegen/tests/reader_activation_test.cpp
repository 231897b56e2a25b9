// The unary element-wise operators in one-operator models: the types and quantizations TFLite
// Micro takes are accepted, the ones it refuses (or computes only in float) are refused with a
// message that says why.
#include <gtest/gtest.h>

#include "codegen/reader/reader.hpp"
#include "reader_model_builder.hpp"

namespace aotbench::codegen {
namespace {

using namespace test;
using TT = tfl::TensorType;
using BO = tfl::BuiltinOperator;

// A model of one operator that carries no options table.
tfl::ModelT plain_op(BO code, const Spec& in, const Spec& out) {
  tfl::ModelT m = one_op_model(code, {in}, out, tfl::AbsOptionsT{});
  m.subgraphs[0]->operators[0]->builtin_options.Reset();
  return m;
}

std::string error_of(const tfl::ModelT& m) {
  try {
    read_tflite_buffer(pack(m), "op.tflite");
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_ACCEPTED(model) EXPECT_EQ(error_of(model), "")
#define EXPECT_ERROR(model, needle)                                       \
  do {                                                                    \
    const std::string msg = error_of(model);                              \
    EXPECT_NE(msg.find(needle), std::string::npos) << "message: " << msg; \
  } while (0)

const std::vector<int32_t> kShape{2, 3};
Spec s8(float scale, int64_t zero_point) { return {TT::INT8, kShape, scale, zero_point}; }
Spec s16(float scale, int64_t zero_point = 0) { return {TT::INT16, kShape, scale, zero_point}; }
Spec plain(TT type) { return {type, kShape, 0}; }

TEST(ReaderActivation, SigmoidsTakeTfliteMicrosQuantization) {
  EXPECT_ACCEPTED(plain_op(BO::LOGISTIC, s8(0.05f, 3), s8(1.0f / 256, -128)));
  EXPECT_ACCEPTED(plain_op(BO::LOGISTIC, s16(1.0f / 4096), s16(1.0f / 32768)));
  EXPECT_ACCEPTED(plain_op(BO::TANH, s8(0.05f, 3), s8(0.3f, 17)));  // TFLite Micro ignores it
  EXPECT_ERROR(plain_op(BO::LOGISTIC, s8(0.05f, 3), s8(1.0f / 256, 0)), "requires -128");
  EXPECT_ERROR(plain_op(BO::TANH, s16(1.0f / 4096), s16(1.0f / 256)), "requires 2^-15");
  EXPECT_ERROR(plain_op(BO::TANH, s16(4.0f), s16(1.0f / 32768)), "takes scales up to");
  EXPECT_ERROR(plain_op(BO::LOGISTIC, s16(1.0f / 4096, 5), s16(1.0f / 32768)), "symmetric");
  EXPECT_ERROR(plain_op(BO::LOGISTIC, plain(TT::INT32), plain(TT::INT32)), "LOGISTIC takes int8 or int16");
}

TEST(ReaderActivation, HardSwishRescalesDownOnly) {
  EXPECT_ACCEPTED(one_op_model(BO::HARD_SWISH, {s8(0.05f, 0)}, s8(0.04f, 0), tfl::HardSwishOptionsT{}));
  EXPECT_ERROR(one_op_model(BO::HARD_SWISH, {s8(0.05f, 0)}, s8(0.0001f, 0), tfl::HardSwishOptionsT{}),
               "cannot rescale up");
  EXPECT_ERROR(one_op_model(BO::HARD_SWISH, {s16(0.05f)}, s16(0.05f), tfl::HardSwishOptionsT{}),
               "HARD_SWISH takes int8");
}

TEST(ReaderActivation, RescalingActivations) {
  EXPECT_ACCEPTED(plain_op(BO::RELU, s16(0.01f), s16(0.02f)));
  EXPECT_ACCEPTED(plain_op(BO::RELU6, s16(0.01f, 300), s16(0.01f, 300)));  // any zero point
  EXPECT_ERROR(plain_op(BO::RELU, s16(0.01f, 4), s16(0.02f, 4)), "symmetric");
  EXPECT_ERROR(plain_op(BO::RELU_N1_TO_1, s16(0.01f), s16(0.01f)), "RELU_N1_TO_1 takes int8");
  tfl::LeakyReluOptionsT leaky;
  leaky.alpha = -0.5f;
  EXPECT_ACCEPTED(one_op_model(BO::LEAKY_RELU, {s16(0.01f, 7)}, s16(0.02f, -3), leaky));
  tfl::ModelT no_alpha = one_op_model(BO::LEAKY_RELU, {s8(0.1f, 0)}, s8(0.1f, 0), leaky);
  no_alpha.subgraphs[0]->operators[0]->builtin_options.Reset();
  EXPECT_ERROR(no_alpha, "LeakyReluOptions");
}

TEST(ReaderActivation, AbsAndRsqrt) {
  EXPECT_ACCEPTED(one_op_model(BO::ABS, {plain(TT::INT16)}, plain(TT::INT16), tfl::AbsOptionsT{}));
  EXPECT_ERROR(one_op_model(BO::ABS, {s16(0.1f, 2)}, s16(0.1f, 2), tfl::AbsOptionsT{}), "symmetric");
  EXPECT_ERROR(one_op_model(BO::ABS, {plain(TT::INT8)}, plain(TT::INT8), tfl::AbsOptionsT{}),
               "no quantization parameters");
  EXPECT_ACCEPTED(plain_op(BO::RSQRT, s16(0.01f), s16(0.001f)));
  EXPECT_ERROR(plain_op(BO::RSQRT, s16(0.01f, 1), s16(0.001f)), "symmetric");
}

TEST(ReaderActivation, SoftmaxesWriteTheirFixedQuantization) {
  tfl::SoftmaxOptionsT softmax;
  softmax.beta = 1.0f;
  EXPECT_ACCEPTED(one_op_model(BO::SOFTMAX, {s8(0.1f, 0)}, s16(1.0f / 65536, -32768), softmax));
  EXPECT_ACCEPTED(one_op_model(BO::SOFTMAX, {s16(0.001f)}, s16(1.0f / 32768), softmax));
  EXPECT_ERROR(one_op_model(BO::SOFTMAX, {s8(0.1f, 0)}, s16(1.0f / 32768), softmax), "1/65536 and -32768");
  EXPECT_ERROR(one_op_model(BO::SOFTMAX, {s16(0.001f)}, s8(1.0f / 256, -128), softmax), "expected int16");
  EXPECT_ERROR(one_op_model(BO::SOFTMAX, {s16(0.001f)}, s16(1.0f / 65536), softmax), "requires 1/32768");
  EXPECT_ACCEPTED(one_op_model(BO::LOG_SOFTMAX, {s8(0.1f, 0)}, s8(16.0f / 256, 127), tfl::LogSoftmaxOptionsT{}));
  EXPECT_ERROR(one_op_model(BO::LOG_SOFTMAX, {s8(0.1f, 0)}, s8(1.0f / 256, -128), tfl::LogSoftmaxOptionsT{}),
               "requires 16/256 and 127");
}

TEST(ReaderActivation, CastBetweenIntegerTypes) {
  EXPECT_ACCEPTED(one_op_model(BO::CAST, {plain(TT::BOOL)}, plain(TT::INT32), tfl::CastOptionsT{}));
  EXPECT_ACCEPTED(one_op_model(BO::CAST, {s8(0.5f, 3)}, plain(TT::INT16), tfl::CastOptionsT{}));
  EXPECT_ACCEPTED(one_op_model(BO::CAST, {plain(TT::UINT32)}, plain(TT::INT32), tfl::CastOptionsT{}));
  EXPECT_ACCEPTED(one_op_model(BO::CAST, {plain(TT::INT32)}, plain(TT::UINT32), tfl::CastOptionsT{}));
  EXPECT_ERROR(one_op_model(BO::CAST, {plain(TT::INT8)}, plain(TT::BOOL), tfl::CastOptionsT{}),
               "CAST takes int8, int16, int32 or uint32");
  EXPECT_ERROR(one_op_model(BO::CAST, {plain(TT::UINT64)}, plain(TT::INT32), tfl::CastOptionsT{}),
               "is uint64");
  EXPECT_ERROR(one_op_model(BO::CAST, {plain(TT::FLOAT32)}, plain(TT::INT8), tfl::CastOptionsT{}),
               "float compute is not supported");
}

TEST(ReaderActivation, QuantizeAndDequantizeBetweenTfliteMicrosTypes) {
  EXPECT_ACCEPTED(one_op_model(BO::QUANTIZE, {s16(0.01f, 40)}, {TT::INT32, kShape, 0.001f, 0}, tfl::QuantizeOptionsT{}));
  EXPECT_ACCEPTED(one_op_model(BO::QUANTIZE, {plain(TT::FLOAT32)}, s16(0.01f), tfl::QuantizeOptionsT{}));
  EXPECT_ERROR(one_op_model(BO::QUANTIZE, {s16(0.01f)}, {TT::UINT8, kShape, 0.1f, 128}, tfl::QuantizeOptionsT{}),
               "converts int16 to uint8");
  EXPECT_ACCEPTED(one_op_model(BO::DEQUANTIZE, {s16(0.01f, -7)}, plain(TT::FLOAT32), tfl::DequantizeOptionsT{}));
  EXPECT_ERROR(one_op_model(BO::DEQUANTIZE, {{TT::INT32, kShape, 0.1f, 0}}, plain(TT::FLOAT32),
                            tfl::DequantizeOptionsT{}),
               "DEQUANTIZE takes int8, int16 or uint8");
}

// TFLite Micro computes these in float only.
TEST(ReaderActivation, FloatOnlyOperatorsAreRefused) {
  for (BO code : {BO::EXP, BO::NEG, BO::SQRT, BO::SQUARE}) {
    EXPECT_ERROR(plain_op(code, s8(0.1f, 0), s8(0.1f, 0)), "which aotbench does not support");
  }
}

}  // namespace
}  // namespace aotbench::codegen
