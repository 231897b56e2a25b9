// See flags.hpp.
#include "host/board/flags.hpp"

namespace aotbench::board {

FirmwareFlags firmware_flags(const Profile& p, const std::filesystem::path& linker_script) {
  FirmwareFlags f;
  f.cpu = {"-mcpu=" + p.cpu.core, "-mthumb"};
  if (!p.cpu.fpu.empty()) f.cpu.push_back("-mfpu=" + p.cpu.fpu);
  f.cpu.push_back("-mfloat-abi=" + p.cpu.float_abi);

  f.compile = f.cpu;
  for (const char* flag : {"-ffunction-sections", "-fdata-sections", "-fno-common", "-g"})
    f.compile.emplace_back(flag);

  f.link = f.cpu;
  f.link.push_back("-T" + linker_script.string());
  // newlib-nano without system calls; the startup code's vector table is the root of the link.
  for (const char* flag : {"--specs=nano.specs", "--specs=nosys.specs", "-nostartfiles",
                           "-Wl,--gc-sections", "-Wl,--build-id=sha1", "-Wl,--undefined=ab_vectors"})
    f.link.emplace_back(flag);
  return f;
}

}  // namespace aotbench::board
