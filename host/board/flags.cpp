// See flags.hpp.
#include "host/board/flags.hpp"

#include <cctype>

namespace aotbench::board {

std::string core_macro(std::string_view core) {
  std::string macro = "AB_CPU_";
  for (char c : core) macro += c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return macro;
}

FirmwareFlags firmware_flags(const Profile& p, const std::filesystem::path& linker_script) {
  FirmwareFlags f;
  f.cpu = {"-mcpu=" + p.cpu.core, "-mthumb"};
  if (!p.cpu.fpu.empty()) f.cpu.push_back("-mfpu=" + p.cpu.fpu);
  f.cpu.push_back("-mfloat-abi=" + p.cpu.float_abi);

  f.compile = f.cpu;
  // GCC defines no macro naming the core (an M7 and an M4 both say __ARM_ARCH_7EM__): kernels
  // whose instruction order suits one core's pipeline ask this one.
  f.compile.push_back("-D" + core_macro(p.cpu.core));
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
