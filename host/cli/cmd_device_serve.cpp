// `aotbench device serve --board B`: an emulated board left running for others, as a board on a
// farm's bench is: QEMU halted, its gdbstub and its serial port (raw TCP) listening, waiting for
// whoever loads a firmware through the gdbstub and talks over the serial port, e.g. `aotbench
// --board B --gdb HOST:PORT --serial tcp:HOST:PORT`, directly or through a labgrid exporter.
// It runs until Ctrl-C or SIGTERM (the emulator goes with it) or until the emulator exits.
#include <fmt/core.h>

#include <nlohmann/json.hpp>
#include <signal.h>

#include <atomic>
#include <thread>

#include "base/process.hpp"
#include "host/board/registry.hpp"
#include "host/build/elf_target.hpp"
#include "host/cli/commands.hpp"
#include "host/cli/option_checks.hpp"
#include "host/flash/qemu.hpp"

namespace aotbench::cli {
namespace {

struct ServeOptions {
  std::string board, elf, bind = "127.0.0.1";
  unsigned serial_port = 0, gdb_port = 0;
  bool json = false;
};

std::atomic<bool> g_stop{false};

void on_stop_signal(int) { g_stop = true; }

void serve(const ServeOptions& o) {
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  base::install_signal_cleanup();  // kills the emulator, then tells on_stop_signal
  board::Registry reg;
  const board::Profile& p = reg.get(o.board);
  if (!p.emulated)
    throw std::runtime_error(fmt::format("board {} is real hardware: serve its probe's GDB server (OpenOCD, `pyocd "
                                         "gdbserver`) and its UART (ser2net) instead",
                                         p.name));
  if (!o.elf.empty()) build::check_elf_runs_on(o.elf, p);
  flash::QemuOptions qo;
  qo.serve = true;
  qo.bind = o.bind;
  qo.serve_serial_port = o.serial_port;
  qo.gdb_port = o.gdb_port;
  flash::QemuInstance emulator(p, qo);
  if (!o.elf.empty()) emulator.load(o.elf);
  const std::string serial = "tcp:" + flash::host_port(o.bind, emulator.port());
  const std::string gdb = flash::host_port(o.bind, emulator.gdb_port());
  if (o.json) {
    fmt::print("{}\n", nlohmann::json{{"board", p.name},
                                      {"pid", emulator.pid()},
                                      {"serial", serial},
                                      {"gdb", gdb},
                                      {"icount_shift", emulator.icount_shift()},
                                      {"loaded", o.elf.empty() ? "" : o.elf}}
                           .dump());
  } else {
    fmt::print("board {} served by QEMU (pid {}): gdb {}, serial {}; {}\n", p.name, emulator.pid(), gdb, serial,
               o.elf.empty() ? "halted until a firmware is loaded" : "running " + o.elf);
    fmt::print("use it with: aotbench --board {} --gdb {} --serial {} ...   (Ctrl-C ends it)\n", p.name, gdb, serial);
  }
  std::fflush(stdout);
  while (!emulator.wait_for(std::chrono::seconds(1)) && !g_stop) {
  }
  if (g_stop) {  // Ctrl-C or SIGTERM: the way to end it, no error (the emulator went with it)
    fmt::print(stderr, "aotbench: stopped; board {} is no longer served\n", p.name);
    throw CLI::RuntimeError(kExitInterrupted);
  }
  throw std::runtime_error(fmt::format("the emulator of board {} exited with status {}: {}", p.name,
                                       emulator.exit_code().value_or(-1), emulator.log()));
}

}  // namespace

void add_device_serve(CLI::App& device) {
  static ServeOptions o;
  auto* cmd = device.add_subcommand(
      "serve", "run an emulated board for others: QEMU halted, its gdbstub and serial port listening on TCP");
  cmd->add_option("--board", o.board, "emulated board profile or alias (see `aotbench boards`)")->required();
  cmd->add_option("--elf", o.elf, "load this firmware at once (default: wait, halted, for a client to load one)")
      ->check(regular_file());
  cmd->add_option("--serial-port", o.serial_port, "TCP port of the serial port (default: a free one)")
      ->check(CLI::Range(1, 65535));
  cmd->add_option("--gdb-port", o.gdb_port, "TCP port of the gdbstub (default: a free one)")->check(CLI::Range(1, 65535));
  cmd->add_option("--bind", o.bind, "address both listen on (0.0.0.0: every interface, for other hosts)")
      ->capture_default_str();
  cmd->add_flag("--json", o.json, "print the endpoints as one JSON line on stdout");
  cmd->callback([] { serve(o); });
}

}  // namespace aotbench::cli
