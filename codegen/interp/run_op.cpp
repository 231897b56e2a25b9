// Calls an operator's reference kernel with its lowered parameters and the tensors' buffers, in
// the argument order the lowering recorded.
#include <fmt/format.h>

#include "codegen/interp/host_kernels.hpp"
#include "codegen/interp/interpreter.hpp"

namespace aotbench::codegen {

void run_lowered(const Graph& g, const LoweredOp& op, const std::function<void*(int)>& data) {
  const HostKernel kernel = find_host_kernel(op.kernel);
  if (!kernel) {
    throw InterpError(fmt::format("{}: operator {} ({}): the host has no kernel {}", g.source,
                                  op.op_index, op_name(op.op_type), op.kernel));
  }
  std::vector<void*> args;
  // Kernels taking their inputs (CONCATENATION) or outputs (SPLIT) as one array: the array's
  // place among the arguments, and its pointers.
  std::size_t inputs_at = 0, outputs_at = 0;
  std::vector<void*> inputs, outputs;
  for (const KernelArg& arg : op.args) {
    void* p = arg.constant >= 0
                  ? const_cast<uint8_t*>(op.constants.at(static_cast<std::size_t>(arg.constant)).bytes().data())
                  : data(arg.tensor);
    if (op.inputs_as_array && arg.role == ArgRole::Input) {
      if (inputs.empty()) {
        inputs_at = args.size();
        args.push_back(nullptr);
      }
      inputs.push_back(p);
    } else if (op.outputs_as_array && arg.role == ArgRole::Output) {
      if (outputs.empty()) {
        outputs_at = args.size();
        args.push_back(nullptr);
      }
      outputs.push_back(p);
    } else {
      args.push_back(p);
    }
  }
  if (!inputs.empty()) args[inputs_at] = inputs.data();
  if (!outputs.empty()) args[outputs_at] = outputs.data();
  const void* params = std::visit([](const auto& p) -> const void* { return &p; }, op.params);
  kernel(params, args);
}

void Interpreter::run_op(const LoweredOp& op) {
  run_lowered(graph_, op, [this](int tensor) { return data(tensor); });
}

}  // namespace aotbench::codegen
