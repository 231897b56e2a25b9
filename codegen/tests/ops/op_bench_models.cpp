// Writes single-operator models of fixed sizes for measuring operators per output element (or
// per MAC) side by side with other runtimes (BENCHMARKS.md, "The new operators, per element"):
// 4096-element int8/int16 element-wise operators, a 3x3 stride-2 TRANSPOSE_CONV 8x8x16 -> 16x16x16
// and a 32x64 by 64x32 BATCH_MATMUL, with seeded random inputs. For each model NAME in the
// folder given: NAME.tflite, NAME.in<k>.raw per input and NAME.inputs.raw (all inputs in order).
//   codegen_op_bench_models OUT_DIR
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "op_case.hpp"

using namespace aotbench::codegen::test;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::vector<uint8_t>& bytes) {
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                             static_cast<std::streamsize>(bytes.size()));
}

void save(const OpCase& c, const fs::path& dir) {
  write(dir / (c.name + ".tflite"), c.model);
  std::vector<uint8_t> all;
  for (std::size_t k = 0; k < c.inputs.size(); ++k) {
    write(dir / (c.name + ".in" + std::to_string(k) + ".raw"), c.inputs[k]);
    all.insert(all.end(), c.inputs[k].begin(), c.inputs[k].end());
  }
  write(dir / (c.name + ".inputs.raw"), all);
}

const std::vector<int32_t> kShape = {1, 16, 16, 16};

OpCase unary(CaseRng& rng, const char* name, BO code, TT type, Quant qi, Quant qo) {
  CaseBuilder b(name);
  const int32_t x = b.input(type, kShape, qi);
  const int32_t y = b.tensor(type, kShape, qo);
  b.op(code, {x}, {y});
  b.output(y);
  return b.finish(rng);
}

template <class Options>
OpCase binary(CaseRng& rng, const char* name, BO code, const Options& options, Quant qa, Quant qb, Quant qo) {
  CaseBuilder b(name);
  const int32_t x = b.input(TT::INT8, kShape, qa);
  const int32_t y = b.input(TT::INT8, kShape, qb);
  const int32_t z = b.tensor(TT::INT8, kShape, qo);
  b.op(code, {x, y}, {z}, options);
  b.output(z);
  return b.finish(rng);
}

OpCase resize_bilinear(CaseRng& rng) {
  CaseBuilder b("resize_bilinear_int8");
  const int32_t x = b.input(TT::INT8, {1, 8, 8, 16}, {0.05f, 3});
  const int32_t size = b.constant_values(TT::INT32, {2}, {16, 16});
  const int32_t y = b.tensor(TT::INT8, kShape, {0.05f, 3});
  tfl::ResizeBilinearOptionsT o;
  o.half_pixel_centers = true;
  b.op(BO::RESIZE_BILINEAR, {x, size}, {y}, o);
  b.output(y);
  return b.finish(rng);
}

OpCase transpose_conv(CaseRng& rng) {
  CaseBuilder b("transpose_conv_int8");
  const int32_t x = b.input(TT::INT8, {1, 8, 8, 16}, {0.05f, 3});
  std::vector<int64_t> w, bias;
  for (int i = 0; i < 16 * 3 * 3 * 16; ++i) w.push_back(rng.uniform(-127, 127));
  for (int i = 0; i < 16; ++i) bias.push_back(rng.uniform(-2000, 2000));
  const int32_t wt = b.constant_per_channel(TT::INT8, {16, 3, 3, 16}, w, std::vector<float>(16, 0.004f), 0);
  const int32_t bt = b.constant_values(TT::INT32, {16}, bias, {0.05f * 0.004f, 0});
  const int32_t shape = b.constant_values(TT::INT32, {4}, {1, 16, 16, 16});
  const int32_t y = b.tensor(TT::INT8, kShape, {0.1f, -3});
  tfl::TransposeConvOptionsT o;
  o.padding = tfl::Padding::SAME;
  o.stride_w = o.stride_h = 2;
  b.op(BO::TRANSPOSE_CONV, {shape, wt, x, bt}, {y}, o);
  b.output(y);
  return b.finish(rng);
}

OpCase batch_matmul(CaseRng& rng) {
  CaseBuilder b("batch_matmul_int8");
  const int32_t x = b.input(TT::INT8, {1, 32, 64}, {0.05f, 3});
  const int32_t y = b.input(TT::INT8, {1, 64, 32}, {0.05f, -2});
  const int32_t z = b.tensor(TT::INT8, {1, 32, 32}, {0.5f, 1});
  b.op(BO::BATCH_MATMUL, {x, y}, {z}, tfl::BatchMatMulOptionsT{});
  b.output(z);
  return b.finish(rng);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUT_DIR\n", argv[0]);
    return 2;
  }
  const fs::path dir = argv[1];
  fs::create_directories(dir);
  CaseRng rng(7);
  for (const OpCase& c : {
           unary(rng, "logistic_int8", BO::LOGISTIC, TT::INT8, {0.05f, 3}, {1.0f / 256, -128}),
           unary(rng, "tanh_int8", BO::TANH, TT::INT8, {0.03f, -5}, {1.0f / 128, 0}),
           unary(rng, "hard_swish_int8", BO::HARD_SWISH, TT::INT8, {0.05f, 2}, {0.03f, -100}),
           unary(rng, "logistic_int16", BO::LOGISTIC, TT::INT16, {1.0f / 4096, 0}, {1.0f / 32768, 0}),
           unary(rng, "tanh_int16", BO::TANH, TT::INT16, {1.0f / 4096, 0}, {1.0f / 32768, 0}),
           binary(rng, "mul_int8", BO::MUL, tfl::MulOptionsT{}, {0.05f, 3}, {0.04f, -7}, {0.2f, 10}),
           binary(rng, "sub_int8", BO::SUB, tfl::SubOptionsT{}, {0.05f, 3}, {0.04f, -7}, {0.1f, 10}),
           binary(rng, "maximum_int8", BO::MAXIMUM, tfl::MaximumMinimumOptionsT{}, {0.05f, 3}, {0.05f, 3}, {0.05f, 3}),
           resize_bilinear(rng),
           transpose_conv(rng),
           batch_matmul(rng),
       }) {
    save(c, dir);
    std::printf("%s\n", (dir / (c.name + ".tflite")).c_str());
  }
  return 0;
}
