#pragma once
// What clang needs to compile for a Cortex-M the way arm-none-eabi-gcc does, so its objects link
// with gcc's (the device runtime, newlib, libgcc) and share their structures: the target triple,
// the ABI choices in which clang's bare-metal defaults differ from gcc's, and newlib's headers.
// All but the triple is asked of the installed gcc, not assumed.
#include <string>
#include <string_view>
#include <vector>

namespace aotbench::build {

// The clang triple of an Arm architecture: "armv7e-m" -> "thumbv7em-none-eabi",
// "armv8.1-m.main" -> "thumbv8.1m.main-none-eabi".
std::string clang_triple(std::string_view architecture);

// `gcc`: the cross gcc; `cpu_flags`: the profile's -mcpu, -mthumb, -mfpu, -mfloat-abi (they also
// pick gcc's multilib). Returns --target, the enum-size and unaligned-access choices gcc makes
// (from its predefined macros) and -idirafter for each folder of gcc's C library headers.
// Asked once per gcc and flags; throws BuildError if gcc fails or names no library headers.
std::vector<std::string> clang_flags_like_gcc(const std::string& gcc, std::string_view architecture,
                                              const std::vector<std::string>& cpu_flags);

// The <...> include folders gcc searches for these flags that are not gcc's own (include,
// include-fixed): the C library's (newlib's) headers.
std::vector<std::string> gcc_library_include_dirs(const std::string& gcc, const std::vector<std::string>& cpu_flags);

}  // namespace aotbench::build
