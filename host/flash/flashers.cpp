// See flashers.hpp.
#include "host/flash/flashers.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <thread>

#include "base/process.hpp"
#include "host/flash/flash_tool.hpp"
#include "host/flash/gdb_flasher.hpp"
#include "host/flash/tool_messages.hpp"

namespace aotbench::flash {
namespace {

namespace fs = std::filesystem;

// Runs the plan up to o.attempts times; throws FlashError describing the last failure.
void run_with_retries(const FlashTool& tool, const board::Profile& p, const FlashPlan& plan, const FlashOptions& o,
                      const std::string& what) {
  base::CommandResult r;
  for (int attempt = 1; attempt <= o.attempts; ++attempt) {
    r = base::run_command(plan.argv, o.timeout);
    if (r.exit_code == 0) return;
    if (attempt < o.attempts) std::this_thread::sleep_for(o.retry_delay);
  }
  std::string status = r.timed_out ? fmt::format("timed out after {} ms", o.timeout.count())
                                   : fmt::format("exit code {}", r.exit_code);
  throw FlashError(fmt::format("{} failed to flash {} after {} attempts ({}): {}{}", plan.tool, what, o.attempts,
                               status, tool_message(r.output), tool_hint(tool, p, r.output, plan.argv[0])));
}

// A tool's own flash command, retried; an emulator's tool runs nothing (the emulator loads the ELF).
class ToolFlasher : public Flasher {
 public:
  ToolFlasher(const FlashTool& tool, const board::Profile& p, std::string probe, FlashOptions o)
      : tool_(tool), p_(p), probe_(std::move(probe)), o_(std::move(o)) {}
  FlashPlan plan(const fs::path& elf) const override {
    return tool_.flash_plan(p_, fs::absolute(elf).string(), probe_);
  }
  void flash(const fs::path& elf) const override {
    if (!fs::is_regular_file(elf)) throw FlashError(fmt::format("firmware {} does not exist", elf.string()));
    if (tool_.emulated) return;
    run_with_retries(tool_, p_, plan(elf), o_,
                     fmt::format("board {} ({} {})", p_.name, tool_.setting_label, p_.tool_setting(tool_.setting)));
  }

 private:
  const FlashTool& tool_;
  board::Profile p_;
  std::string probe_;
  FlashOptions o_;
};

}  // namespace

void check_flasher(const board::Profile& p, const std::string& tool) { flash_tool_for(p, tool); }

std::unique_ptr<Flasher> make_flasher(const board::Profile& p, const BoardAccess& a, const FlashOptions& o) {
  const FlashTool& t = flash_tool_for(p, a.flasher);
  // Emulated boards start their own QEMU gdbstub anyway: `--gdb start` changes nothing there.
  if (!a.gdb.empty() && !(p.emulated && a.gdb == "start")) return make_gdb_flasher(p, t, a, o);
  return std::make_unique<ToolFlasher>(t, p, a.probe, o);
}

}  // namespace aotbench::flash
