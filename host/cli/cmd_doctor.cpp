// `aotbench doctor --board B`: is this bench ready to measure? One line per check with what was
// found, and for a failed check what to fix; exit 1 when any check failed. --json for scripts.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <nlohmann/json.hpp>

#include "host/board/registry.hpp"
#include "host/cli/board_access_options.hpp"
#include "host/cli/commands.hpp"
#include "host/cli/option_checks.hpp"
#include "host/doctor/doctor.hpp"

namespace aotbench::cli {
namespace {

struct Options {
  std::string board;
  doctor::DoctorOptions doctor;  // its access from `access`, once parsed
  BoardAccessOptions access;
  double timeout_s = 5.0;
  bool json = false;
};

void print_check(const doctor::Check& c) {
  const char* mark = c.status == doctor::Status::pass ? "ok" : c.status == doctor::Status::fail ? "FAIL" : "skip";
  fmt::print("{:<5} {:<10} {}\n", mark, c.name, c.detail);
  if (!c.fix.empty()) fmt::print("{:<5} {:<10} fix: {}\n", "", "", c.fix);
}

void run(Options& o) {
  board::Registry reg;
  const board::Profile& p = reg.get(o.board);
  o.doctor.timeout = std::chrono::milliseconds(static_cast<long>(o.timeout_s * 1000));
  o.doctor.access = o.access.value();
  if (o.doctor.access.served_emulator(p))
    throw std::runtime_error(fmt::format("--gdb {}: board {} is emulated and the doctor boots it in a QEMU of its own; "
                                         "--gdb HOST:PORT is for real boards",
                                         o.doctor.access.gdb, p.name));
  if (!o.json)
    fmt::print("board {}: {}; probe {}, flasher {}\n", p.name, p.description, p.probe.name,
               p.emulated || o.doctor.access.flasher.empty() ? p.flasher : o.doctor.access.flasher);
  const auto checks = doctor::run_doctor(p, o.doctor, [&](const doctor::Check& c) {
    if (!o.json) print_check(c);
  });
  std::vector<std::string> failed;
  for (const auto& c : checks)
    if (c.status == doctor::Status::fail) failed.push_back(c.name);
  if (o.json) {
    nlohmann::json j = {{"board", p.name}, {"target", p.emulated ? "emulated" : "hardware"},
                        {"ok", failed.empty()}, {"checks", nlohmann::json::array()}};
    for (const auto& c : checks)
      j["checks"].push_back({{"name", c.name}, {"status", doctor::to_string(c.status)}, {"detail", c.detail},
                             {"fix", c.fix}, {"seconds", c.seconds}});
    fmt::print("{}\n", j.dump(2));
  }
  if (!failed.empty())
    throw std::runtime_error(fmt::format("doctor: board {} is not ready: {} check(s) failed ({})", p.name, failed.size(),
                                         fmt::join(failed, ", ")));
  if (!o.json) fmt::print("board {} is ready\n", p.name);
}

}  // namespace

void add_doctor(CLI::App& app) {
  static Options o;
  auto* cmd = app.add_subcommand(
      "doctor",
      "check a bench and say what to fix: toolchain, flasher, probe, serial port, the banner the firmware sends "
      "when it starts, its first answer, the self-test counter (exit 1 when a check fails)");
  cmd->add_option("--board", o.board, "board profile or alias (see `aotbench boards`)")->required();
  o.access.add_to(cmd, {"--port", "hardware: serial device instead of the profile's",
                        "hardware: serial number of the debug probe (when several are attached)",
                        "hardware: load through the GDB server at HOST:PORT (the probe is on its host), or `start` the "
                        "flasher's own",
                        false, true, false});
  cmd->add_option("--timeout", o.timeout_s, "seconds the firmware has to announce itself and to answer, above 0 (default 5)")
      ->check(positive_seconds(3600));
  cmd->add_flag("--json", o.json, "print JSON on stdout");
  cmd->callback([] { run(o); });
}

}  // namespace aotbench::cli
