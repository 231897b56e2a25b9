// Parameters rendered as C (render_params_c), compiled by the C compiler with -Werror, must
// drive the kernels exactly like the in-memory structs: every single-operator graph runs once
// with each and the outputs must be identical.
#include <gtest/gtest.h>

#include "codegen/interp/interpreter.hpp"
#include "lower_test_graphs.hpp"

extern "C" {
extern const void* const lower_rendered_params[];
extern const int lower_rendered_count;
}

using namespace aotbench::codegen;

namespace {

// Replaces op's params by the struct the compiled C file holds (same type).
void use_rendered(LoweredOp& op, const void* rendered) {
  std::visit([&](auto& p) { p = *static_cast<const std::decay_t<decltype(p)>*>(rendered); },
             op.params);
}

TEST(RenderedParams, CompiledStructsDriveKernelsIdentically) {
  const auto graphs = lower_test::single_op_graphs();
  ASSERT_EQ(static_cast<int>(graphs.size()), lower_rendered_count);
  for (std::size_t i = 0; i < graphs.size(); ++i) {
    SCOPED_TRACE(graphs[i].name);
    const Graph g = graphs[i].make();
    std::vector<std::vector<uint8_t>> inputs;
    for (int id : g.inputs) {
      inputs.push_back(lower_test::random_input(g.tensors[static_cast<std::size_t>(id)], 100 + i));
    }
    Interpreter direct(g);
    const RunResult want = direct.run(inputs);

    std::vector<LoweredOp> ops = lower_graph(g);
    use_rendered(ops[0], lower_rendered_params[i]);
    Interpreter compiled(g, std::move(ops));
    const RunResult got = compiled.run(inputs);
    ASSERT_EQ(got.outputs, want.outputs);
    ASSERT_FALSE(want.outputs.empty());
  }
}

}  // namespace
