// Calls an operator's reference kernel with its lowered parameters and the tensors' buffers, in
// the argument order the lowering recorded.
#include <fmt/format.h>

#include "interp/host_kernels.hpp"
#include "interp/interpreter.hpp"

namespace aotbench::codegen {

void run_lowered(const Graph& g, const LoweredOp& op, const std::function<void*(int)>& data) {
  const HostKernel kernel = find_host_kernel(op.kernel);
  if (!kernel) {
    throw InterpError(fmt::format("{}: operator {} ({}): the host has no kernel {}", g.source,
                                  op.op_index, op_name(op.op_type), op.kernel));
  }
  std::vector<void*> args;
  std::vector<void*> inputs;  // CONCATENATION-style kernels take their inputs as one array
  for (const KernelArg& arg : op.args) {
    void* p = arg.constant >= 0
                  ? const_cast<uint8_t*>(op.constants.at(static_cast<std::size_t>(arg.constant)).bytes().data())
                  : data(arg.tensor);
    if (op.inputs_as_array && arg.role == ArgRole::Input) {
      inputs.push_back(p);
      continue;
    }
    if (op.inputs_as_array && arg.role == ArgRole::Output) args.push_back(inputs.data());
    args.push_back(p);
  }
  const void* params = std::visit([](const auto& p) -> const void* { return &p; }, op.params);
  kernel(params, args);
}

void Interpreter::run_op(const LoweredOp& op) {
  run_lowered(graph_, op, [this](int tensor) { return data(tensor); });
}

}  // namespace aotbench::codegen
