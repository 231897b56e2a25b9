// Where the support files a generated model names live: the build's staged copy, or an installation.
#include "codegen/data/data_dir.hpp"
#include "codegen/emit/emitter.hpp"

namespace aotbench::codegen {

SupportFiles support_files(const EmitSummary& s) {
  const std::filesystem::path codegen_dir = staged_path("codegen");
  SupportFiles f;
  for (const auto& src : s.kernel_sources) f.kernel_sources.push_back(codegen_dir / "kernels" / src);
  for (const auto& dir : s.kernel_include_dirs) f.include_dirs.push_back(codegen_dir / "kernels" / dir);
  f.runtime_sources.push_back(codegen_dir / "runtime" / "ab_aot_runtime.c");
  f.include_dirs.push_back(codegen_dir / "runtime");
  return f;
}

}  // namespace aotbench::codegen
