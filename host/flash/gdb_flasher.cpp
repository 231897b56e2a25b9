// See gdb_flasher.hpp.
#include "host/flash/gdb_flasher.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include "host/flash/gdb_loader.hpp"
#include "host/flash/gdb_server.hpp"
#include "transport/link/asio_links.hpp"

namespace aotbench::flash {
namespace {

namespace fs = std::filesystem;

constexpr std::chrono::seconds kServerStart{20};  // OpenOCD/pyOCD: find the probe, attach, listen

class GdbFlasher : public Flasher {
 public:
  GdbFlasher(const board::Profile& p, const FlashTool& tool, const BoardAccess& a, FlashOptions o)
      : p_(p), tool_(tool), gdb_(a.gdb), probe_(a.probe), o_(std::move(o)) {
    if (gdb_ != "start") check_gdb_address(gdb_);
  }

  FlashPlan plan(const fs::path& elf) const override {
    if (gdb_ != "start")
      return {"gdb", gdb_load_command(gdb_endpoint(p_, tool_, gdb_), elf, load_options()),
              fmt::format("through the {} GDB server at {}, reset with `{}`", tool_.display_name, gdb_,
                          gdb_endpoint(p_, tool_, gdb_).reset_command),
              {}};
    return {"gdb", gdb_load_command(gdb_endpoint(p_, tool_, "127.0.0.1:GDBPORT"), elf, load_options()),
            fmt::format("through {}'s GDB server, started first for the board's probe and stopped after (GDBPORT is "
                        "a free loopback port)",
                        tool_.name),
            server_command(0)};
  }

  void flash(const fs::path& elf) const override {
    if (!fs::is_regular_file(elf)) throw FlashError(fmt::format("firmware {} does not exist", elf.string()));
    if (gdb_ != "start") {
      load(elf, gdb_);
      return;
    }
    const unsigned port = transport::TcpListener().port();  // free now; the server binds it next
    GdbServer server(tool_, p_, server_command(port), port, kServerStart);
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

  std::vector<std::string> server_command(unsigned port) const {
    if (!tool_.gdb_server)
      throw FlashError(
          fmt::format("{} has no GDB server to start for board {}: give --gdb HOST:PORT", tool_.display_name, p_.name));
    return tool_.gdb_server(p_, port ? std::to_string(port) : "GDBPORT", probe_);
  }

  // How to start a server by hand on the probe's host, with each tool the board has settings for.
  std::string server_hint() const {
    std::vector<std::string> ways;
    for (const FlashTool* t : flash_tools())
      if (t->server_by_hand && !p_.tool_setting(t->setting).empty()) ways.push_back(t->server_by_hand(p_));
    return fmt::format("; is the GDB server running at {}? ({})", gdb_, fmt::join(ways, "; "));
  }

  void load(const fs::path& elf, const std::string& address) const {
    try {
      load_via_gdb(gdb_endpoint(p_, tool_, address), elf, load_options());
    } catch (const FlashServerUnreachable& e) {
      const std::string hint = !tool_.emulated && gdb_ != "start" ? server_hint() : "";
      throw FlashServerUnreachable(fmt::format("board {}: {}{}", p_.name, e.what(), hint));
    } catch (const FlashError& e) {
      throw FlashError(fmt::format("board {}: {}", p_.name, e.what()));
    }
  }

  board::Profile p_;
  const FlashTool& tool_;
  std::string gdb_, probe_;
  FlashOptions o_;
};

}  // namespace

std::unique_ptr<Flasher> make_gdb_flasher(const board::Profile& p, const FlashTool& tool, const BoardAccess& a,
                                          const FlashOptions& o) {
  return std::make_unique<GdbFlasher>(p, tool, a, o);
}

}  // namespace aotbench::flash
