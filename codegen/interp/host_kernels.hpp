#pragma once
// The reference kernels the host interpreter calls, found by the C name a lowering chose
// (LoweredOp::kernel). Each is wrapped once, with its exact C signature, so a call passes the
// parameter struct and the data pointers in the order the lowering recorded.
#include <span>
#include <string_view>

namespace aotbench::codegen {

// params: the kernel's parameter struct; args: one data pointer per argument, in call order
// (CONCATENATION- and SPLIT-style kernels: one array of the input or output pointers in their
// place).
using HostKernel = void (*)(const void* params, std::span<void* const> args);

// nullptr for a kernel the host cannot call.
HostKernel find_host_kernel(std::string_view name);

}  // namespace aotbench::codegen
