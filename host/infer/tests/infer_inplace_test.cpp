// Element-wise operators in place: a chain of them, each writing over the input it reads last
// (LOGISTIC's lookup, MUL of a tensor by itself, QUANTIZE widening to int16 and narrowing back),
// generated with the arena planned in place and without, gives the host interpreter's bytes.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "codegen/emit/emitter.hpp"
#include "codegen/plan/memory_plan.hpp"
#include "host/infer/infer.hpp"
#include "infer_test_support.hpp"
#include "codegen/interp/interpreter.hpp"
#include "codegen/tests/reader_model_builder.hpp"

namespace fs = std::filesystem;
using namespace aotbench;
using namespace aotbench::infer::test;

namespace {

namespace tfl = codegen::test::tfl;
using codegen::test::add_opcode;
using codegen::test::add_tensor;
using codegen::test::quant;

// An operator without options (LOGISTIC and TANH have none).
void add_plain_op(tfl::ModelT& m, tfl::BuiltinOperator code, std::vector<int32_t> in, int32_t out) {
  auto op = std::make_unique<tfl::OperatorT>();
  op->opcode_index = add_opcode(m, code);
  op->inputs = std::move(in);
  op->outputs = {out};
  m.subgraphs[0]->operators.push_back(std::move(op));
}

// in -ADD(in, in)-> a -LOGISTIC-> b -MUL(b, b)-> c -QUANTIZE-> d (int16) -QUANTIZE-> e (int8)
// -TANH-> out: every intermediate dies at the operator that reads it.
std::vector<uint8_t> chain_model() {
  tfl::ModelT m;
  m.version = 3;
  m.subgraphs.push_back(std::make_unique<tfl::SubGraphT>());
  codegen::test::add_buffer(m, {});
  using TT = tfl::TensorType;
  const std::vector<int32_t> shape{1, 6, 5, 8};
  const int32_t in = add_tensor(m, "in", TT::INT8, shape, quant(0.05f, 3));
  const int32_t a = add_tensor(m, "a", TT::INT8, shape, quant(0.1f, -2));
  const int32_t b = add_tensor(m, "b", TT::INT8, shape, quant(1.0f / 256, -128));
  const int32_t c = add_tensor(m, "c", TT::INT8, shape, quant(0.004f, -128));
  const int32_t d = add_tensor(m, "d", TT::INT16, shape, quant(0.0001f, 0));
  const int32_t e = add_tensor(m, "e", TT::INT8, shape, quant(0.02f, -5));
  const int32_t out = add_tensor(m, "out", TT::INT8, shape, quant(1.0f / 128, 0));
  using Op = tfl::BuiltinOperator;
  codegen::test::add_op(m, add_opcode(m, Op::ADD), {in, in}, {a}, tfl::AddOptionsT{});
  add_plain_op(m, Op::LOGISTIC, {a}, b);
  codegen::test::add_op(m, add_opcode(m, Op::MUL), {b, b}, {c}, tfl::MulOptionsT{});
  codegen::test::add_op(m, add_opcode(m, Op::QUANTIZE), {c}, {d}, tfl::QuantizeOptionsT{});
  codegen::test::add_op(m, add_opcode(m, Op::QUANTIZE), {d}, {e}, tfl::QuantizeOptionsT{});
  add_plain_op(m, Op::TANH, {e}, out);
  m.subgraphs[0]->inputs = {in};
  m.subgraphs[0]->outputs = {out};
  return codegen::test::pack(m);
}

// The number of operators the plan put in place, from the runner's comment.
int in_place_count(const codegen::EmitResult& r) {
  for (const auto& f : r.files) {
    if (!f.name.ends_with("_run.c")) continue;
    const std::size_t end = f.text.find(" operators in place)");
    const std::size_t begin = f.text.rfind('(', end);
    if (end != std::string::npos && begin != std::string::npos) return std::stoi(f.text.substr(begin + 1, end - begin - 1));
  }
  return -1;
}

TEST(InPlace, ElementWiseChainGivesTheInterpretersBytes) {
  const fs::path dir = scratch_dir("inplace_chain");
  write_bytes(dir / "chain.tflite", chain_model());
  const infer::LoadedModel model = infer::load_model((dir / "chain.tflite").string());
  codegen::EmitOptions eo;
  eo.model_name = "chain";
  // The int16 d (480 bytes) is the whole arena: c (240) ends where d ends, d written from 240
  // bytes below c (each element read before its two bytes land), e over d's start.
  EXPECT_EQ(codegen::emit_model(model.graph, codegen::Variant(), eo).summary.arena_bytes, 480);
  // Every planner, each placing differently; one of them puts all four of LOGISTIC, MUL and the
  // QUANTIZEs over their inputs (ADD reads the caller's input).
  std::vector<std::string> knobs{"inplace=off", "cc=clang,opt=O2"};
  int most = 0;
  for (codegen::PlanAlgorithm a : codegen::all_plan_algorithms()) {
    knobs.push_back(std::string("plan=") + codegen::plan_algorithm_name(a));
    most = std::max(most, in_place_count(codegen::emit_model(model.graph, codegen::Variant::parse(knobs.back()), eo)));
  }
  EXPECT_EQ(most, 4);

  std::mt19937 rng(20261126);
  std::vector<std::vector<uint8_t>> inputs(3, std::vector<uint8_t>(240)), expected;
  for (auto& in : inputs) {
    for (auto& x : in) x = static_cast<uint8_t>(rng());
    expected.push_back(codegen::Interpreter(model.graph).run({in}).outputs.at(0));
  }
  for (const std::string& k : knobs) {
    SCOPED_TRACE(k);
    const infer::HostProgram program = infer::prepare_on_host(model, codegen::Variant::parse(k));
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      write_bytes(dir / "in.raw", inputs[i]);
      infer::run_on_host(program, {dir / "in.raw"}, {dir / "out.raw"});
      EXPECT_EQ(read_bytes(dir / "out.raw"), expected[i]);
    }
  }
}

}  // namespace
