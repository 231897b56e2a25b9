// ELF checks before anything boots: the .ARM.attributes parser against a section written by hand
// from the ABI addenda (Arm IHI 0045), and every board's own self-test firmware accepted by it.
#include <gtest/gtest.h>

#include <string>

#include "host/board/registry.hpp"
#include "host/build/elf_target.hpp"
#include "host/build/firmware_builder.hpp"

namespace aotbench::build {
namespace {

// 'A', then one "aeabi" subsection holding one file-scope (tag 1) list of attributes.
std::string attributes_section(const std::string& attributes) {
  auto le32 = [](std::size_t v) {
    return std::string{char(v & 0xff), char(v >> 8 & 0xff), char(v >> 16 & 0xff), char(v >> 24 & 0xff)};
  };
  const std::string file_scope = "\x01" + le32(5 + attributes.size()) + attributes;
  const std::string vendor = std::string("aeabi") + '\0';
  return "A" + le32(4 + vendor.size() + file_scope.size()) + vendor + file_scope;
}

ArmAttributes parse(const std::string& section) {
  return parse_arm_attributes(reinterpret_cast<const unsigned char*>(section.data()), section.size());
}

TEST(ElfTarget, ParsesTheFileScopeAttributes) {
  using namespace std::string_literals;
  const std::string attrs = "\x05"s + "cortex-m4\0"s  // Tag_CPU_name
                            + "\x06\x0d"s               // Tag_CPU_arch v7E-M
                            + "\x07\x4d"s               // Tag_CPU_arch_profile 'M'
                            + "\x0a\x06"s               // Tag_FP_arch VFPv4-D16
                            + "\x20\x01"s + "gnu\0"s    // Tag_compatibility: a number and a string
                            + "\x43"s + "2.09\0"s       // Tag_conformance (67): a string
                            + "\x22\x01"s               // Tag_CPU_unaligned_access (34): a number
                            + "\x1c\x01"s;              // Tag_ABI_VFP_args: VFP registers
  const ArmAttributes a = parse(attributes_section(attrs));
  EXPECT_EQ(a.cpu_name, "cortex-m4");
  EXPECT_EQ(a.cpu_arch, 13u);
  EXPECT_EQ(a.fp_arch, 6u);
  EXPECT_TRUE(a.vfp_args);
}

TEST(ElfTarget, ToleratesWhatItDoesNotKnow) {
  using namespace std::string_literals;
  EXPECT_FALSE(parse("").cpu_arch);
  EXPECT_FALSE(parse("B"s + std::string(20, '\0')).cpu_arch);  // another format version
  std::string truncated = attributes_section("\x06\x0a"s);
  truncated.resize(truncated.size() - 3);
  EXPECT_FALSE(parse(truncated).cpu_arch);
  // An M3 ELF: v7, no FPU tag, soft-float calls.
  const ArmAttributes m3 = parse(attributes_section("\x05"s + "7-M\0"s + "\x06\x0a"s));
  EXPECT_EQ(m3.cpu_arch, 10u);
  EXPECT_FALSE(m3.fp_arch);
  EXPECT_FALSE(m3.vfp_args);
}

TEST(ElfTarget, EveryBoardRunsItsOwnFirmware) {
  const board::Registry registry;
  for (const std::string& name : registry.names()) {
    const board::Profile& p = registry.get(name, {});
    EXPECT_NO_THROW(check_elf_runs_on(FirmwareBuilder().selftest_elf(p), p)) << name;
  }
}

}  // namespace
}  // namespace aotbench::build
