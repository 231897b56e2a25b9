// See gdb_flasher.hpp.
#include "flash/gdb_flasher.hpp"

#include <fmt/core.h>

#include "flash/deps.hpp"
#include "flash/gdb_loader.hpp"
#include "flash/gdb_server.hpp"
#include "flash/process.hpp"
#include "link/asio_links.hpp"

namespace aotbench::flash {
namespace {

namespace fs = std::filesystem;

constexpr std::chrono::seconds kServerStart{20};  // OpenOCD/pyOCD: find the probe, attach, listen

class GdbFlasher : public Flasher {
 public:
  GdbFlasher(const board::Profile& p, std::string tool, FlashOptions o) : p_(p), tool_(std::move(tool)), o_(std::move(o)) {
    if (o_.gdb != "start") check_gdb_address(o_.gdb);
  }

  FlashPlan plan(const fs::path& elf) const override {
    if (o_.gdb != "start")
      return {"gdb", gdb_load_command(gdb_endpoint(p_, tool_, o_.gdb), elf, load_options()),
              fmt::format("through the {} GDB server at {}, reset with `{}`", server_name(), o_.gdb,
                          gdb_endpoint(p_, tool_, o_.gdb).reset_command),
              {}};
    return {"gdb", gdb_load_command(gdb_endpoint(p_, tool_, "127.0.0.1:GDBPORT"), elf, load_options()),
            fmt::format("through {}'s GDB server, started first for the board's probe and stopped after (GDBPORT is "
                        "a free loopback port)",
                        tool_),
            server_command(0)};
  }

  void flash(const fs::path& elf) const override {
    if (!fs::is_regular_file(elf)) throw FlashError(fmt::format("firmware {} does not exist", elf.string()));
    if (o_.gdb != "start") {
      load(elf, o_.gdb);
      return;
    }
    const unsigned port = transport::TcpListener().port();  // free now; the server binds it next
    GdbServer server(p_, server_command(port), port, kServerStart);
    load(elf, fmt::format("127.0.0.1:{}", port));
  }

 private:
  GdbLoadOptions load_options() const {
    GdbLoadOptions lo;
    lo.attempts = o_.attempts;
    lo.timeout = o_.timeout;
    lo.silence = o_.silence;
    return lo;
  }

  std::string server_name() const { return tool_ == "qemu" ? "QEMU" : tool_ == "openocd" ? "OpenOCD" : "pyOCD"; }

  std::vector<std::string> server_command(unsigned port) const {
    std::string pyocd = tool_ == "pyocd" ? find_venv_program("pyocd") : "";
    if (tool_ == "pyocd" && pyocd.empty())
      throw FlashError(fmt::format("no pyOCD to start a GDB server with: {} is missing and no `pyocd` is on PATH; run "
                                   "scripts/setup",
                                   (deps_dir() / "venv" / "bin" / "pyocd").string()));
    return gdb_server_command(p_, tool_, pyocd, port, o_.probe);
  }

  void load(const fs::path& elf, const std::string& address) const {
    try {
      load_via_gdb(gdb_endpoint(p_, tool_, address), elf, load_options());
    } catch (const FlashServerUnreachable& e) {
      const std::string hint = tool_ != "qemu" && o_.gdb != "start"
                                   ? fmt::format("; is the GDB server running at {}? (`openocd -f {}`: port 3333; "
                                                 "`pyocd gdbserver -t {} --persist`: port 3333; add `-c 'bindto "
                                                 "0.0.0.0'` or --allow-remote for other hosts)",
                                                 o_.gdb, p_.openocd.config, p_.pyocd.target)
                                   : "";
      throw FlashServerUnreachable(fmt::format("board {}: {}{}", p_.name, e.what(), hint));
    } catch (const FlashError& e) {
      throw FlashError(fmt::format("board {}: {}", p_.name, e.what()));
    }
  }

  board::Profile p_;
  std::string tool_;
  FlashOptions o_;
};

}  // namespace

std::unique_ptr<Flasher> make_gdb_flasher(const board::Profile& p, const std::string& tool, const FlashOptions& o) {
  return std::make_unique<GdbFlasher>(p, tool, o);
}

}  // namespace aotbench::flash
