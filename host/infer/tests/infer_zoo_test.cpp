// The built-in zoo models generate, build and run on the host, and every variant gives the bytes
// the host interpreter (lowering + reference kernels run directly, no generated code) gives.
#include <gtest/gtest.h>

#include <random>

#include "host/infer/infer.hpp"
#include "infer_test_support.hpp"
#include "codegen/interp/interpreter.hpp"

namespace fs = std::filesystem;
using namespace aotbench;
using namespace aotbench::infer::test;

namespace {

class ZooVariants : public testing::TestWithParam<std::string> {};

TEST_P(ZooVariants, EveryVariantGivesTheInterpretersBytes) {
  const infer::LoadedModel model = infer::load_model(GetParam());
  ASSERT_EQ(model.graph.inputs.size(), 1u);
  const auto& input = model.graph.tensors[model.graph.inputs[0]];
  std::vector<uint8_t> in(static_cast<std::size_t>(input.num_bytes()));
  std::mt19937 rng(20261122);
  for (auto& b : in) b = static_cast<uint8_t>(rng());

  codegen::Interpreter interp(model.graph);
  const std::vector<uint8_t> expected = interp.run({in}).outputs.at(0);

  const fs::path dir = scratch_dir("zoo_" + GetParam());
  write_bytes(dir / "in.raw", in);
  for (const codegen::Variant& v : full_grid()) {
    SCOPED_TRACE(v.key());
    const infer::HostProgram program = infer::prepare_on_host(model, v);
    infer::run_on_host(program, {dir / "in.raw"}, {dir / "out.raw"});
    EXPECT_EQ(read_bytes(dir / "out.raw"), expected);
  }
}

INSTANTIATE_TEST_SUITE_P(Zoo, ZooVariants, testing::Values("mnv2", "vww", "kws", "ic", "ad"),
                         [](const auto& info) { return info.param; });

}  // namespace
