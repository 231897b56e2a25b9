// See flashers.hpp.
#include "flash/flashers.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <thread>

#include "flash/deps.hpp"
#include "flash/gdb_flasher.hpp"
#include "flash/gdb_loader.hpp"
#include "flash/process.hpp"
#include "flash/qemu.hpp"
#include "flash/tool_messages.hpp"

namespace aotbench::flash {
namespace {

namespace fs = std::filesystem;

// Runs the plan up to o.attempts times; throws FlashError describing the last failure.
void run_with_retries(const board::Profile& p, const FlashPlan& plan, const FlashOptions& o, const std::string& what) {
  CommandResult r;
  for (int attempt = 1; attempt <= o.attempts; ++attempt) {
    r = run_command(plan.argv, o.timeout);
    if (r.exit_code == 0) return;
    if (attempt < o.attempts) std::this_thread::sleep_for(o.retry_delay);
  }
  std::string status = r.timed_out ? fmt::format("timed out after {} ms", o.timeout.count())
                                   : fmt::format("exit code {}", r.exit_code);
  std::string hint = probe_hint(p, r.output);
  if (plan.argv[0] == "pyocd-flashtool" && r.output.find("invalid choice") != std::string::npos)
    hint = " (this older pyOCD lacks the target: install a current pyOCD, which has `pyocd flash`, and "
           "its CMSIS pack: `pyocd pack install TARGET`)";
  throw FlashError(fmt::format("{} failed to flash {} after {} attempts ({}): {}{}", plan.tool, what,
                               o.attempts, status, tool_message(r.output), hint));
}

void require_elf(const fs::path& elf) {
  if (!fs::is_regular_file(elf)) throw FlashError(fmt::format("firmware {} does not exist", elf.string()));
}

class OpenOcdFlasher : public Flasher {
 public:
  OpenOcdFlasher(const board::Profile& p, FlashOptions o) : p_(p), o_(o) {}
  FlashPlan plan(const fs::path& elf) const override {
    std::string elf_abs = fs::absolute(elf).string();
    std::vector<std::string> argv = {"openocd", "-f", p_.openocd.config};
    if (!o_.probe.empty()) argv.insert(argv.end(), {"-c", "adapter serial " + o_.probe});
    argv.insert(argv.end(), {"-c", fmt::format("program {{{}}} verify reset exit", elf_abs)});
    return {"openocd", argv, fmt::format("OpenOCD board config {}", p_.openocd.config), {}};
  }
  void flash(const fs::path& elf) const override {
    require_elf(elf);
    run_with_retries(p_, plan(elf), o_, fmt::format("board {} (board config {})", p_.name, p_.openocd.config));
  }

 private:
  board::Profile p_;
  FlashOptions o_;
};

class PyOcdFlasher : public Flasher {
 public:
  PyOcdFlasher(const board::Profile& p, FlashOptions o) : p_(p), o_(o) {}
  FlashPlan plan(const fs::path& elf) const override {
    std::string elf_abs = fs::absolute(elf).string();
    // The probe's unique id: `-u` for the current CLI, `-b` (board id) for pyocd-flashtool.
    auto with_probe = [&](std::vector<std::string> argv, const char* option) {
      if (!o_.probe.empty()) argv.insert(argv.end() - 1, {option, o_.probe});
      return argv;
    };
    // -W: fail at once when no probe is attached, instead of waiting for one to appear.
    if (std::string cli = find_venv_program("pyocd"); !cli.empty())
      return {"pyocd", with_probe({cli, "flash", "-W", "-t", p_.pyocd.target, elf_abs}, "-u"),
              fmt::format("found the pyocd CLI ({}): `pyocd flash -t TARGET`", cli), {}};
    if (std::string tool = find_program("pyocd-flashtool"); !tool.empty())
      return {"pyocd", with_probe({"pyocd-flashtool", "-t", p_.pyocd.target, elf_abs}, "-b"),
              fmt::format("no `pyocd` CLI on PATH; using the older pyocd-flashtool ({})", tool), {}};
    throw FlashError(fmt::format("no pyOCD: neither {} nor `pyocd` or `pyocd-flashtool` on PATH; run scripts/setup, "
                                 "which installs a current pyOCD there",
                                 (deps_dir() / "venv" / "bin" / "pyocd").string()));
  }
  void flash(const fs::path& elf) const override {
    require_elf(elf);
    run_with_retries(p_, plan(elf), o_, fmt::format("board {} (pyOCD target {})", p_.name, p_.pyocd.target));
  }

 private:
  board::Profile p_;
  FlashOptions o_;
};

class QemuLoader : public Flasher {
 public:
  explicit QemuLoader(const board::Profile& p) : p_(p) {}
  // gdb's command; the note has the emulator's, started halted with its gdbstub.
  FlashPlan plan(const fs::path& elf) const override {
    auto qemu = qemu_command(p_, elf, 0, {}, 0);
    for (auto& a : qemu) {
      if (a.rfind("tcp:127.0.0.1:0,", 0) == 0) a = "tcp:127.0.0.1:PORT,nodelay=on";
      if (a == "tcp:127.0.0.1:0") a = "tcp:127.0.0.1:GDBPORT";
    }
    GdbEndpoint stub = qemu_gdb_endpoint(p_, 0);
    stub.address = "127.0.0.1:GDBPORT";
    return {"qemu", gdb_load_command(stub, elf),
            fmt::format("through QEMU's gdbstub, started halted: {} (PORT and GDBPORT are free loopback ports)",
                        shell_join(qemu)),
            {}};
  }
  void flash(const fs::path& elf) const override { require_elf(elf); }

 private:
  board::Profile p_;
};

}  // namespace

void check_flasher(const board::Profile& p, const std::string& tool) {
  const std::string t = tool.empty() ? p.flasher : tool;
  if (t != "qemu" && t != "openocd" && t != "pyocd")
    throw FlashError(fmt::format("unknown flasher `{}`: use openocd, pyocd or qemu", t));
  if (t == "qemu" && !p.emulated) throw FlashError(fmt::format("board {} is real hardware; QEMU cannot run it", p.name));
  if (t != "qemu" && p.emulated)
    throw FlashError(fmt::format("board {} is emulated by QEMU; it has no {} settings", p.name, t));
  if (t == "openocd" && p.openocd.config.empty()) throw FlashError(fmt::format("board {} has no [openocd] config", p.name));
  if (t == "pyocd" && p.pyocd.target.empty()) throw FlashError(fmt::format("board {} has no [pyocd] target", p.name));
}

std::unique_ptr<Flasher> make_flasher(const board::Profile& p, const std::string& tool, const FlashOptions& o) {
  check_flasher(p, tool);
  const std::string t = tool.empty() ? p.flasher : tool;
  // Emulated boards start their own QEMU gdbstub anyway: `--gdb start` changes nothing there.
  if (!o.gdb.empty() && !(p.emulated && o.gdb == "start")) return make_gdb_flasher(p, t, o);
  if (t == "qemu") return std::make_unique<QemuLoader>(p);
  if (t == "openocd") return std::make_unique<OpenOcdFlasher>(p, o);
  return std::make_unique<PyOcdFlasher>(p, o);
}

}  // namespace aotbench::flash
