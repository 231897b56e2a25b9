// `aotbench device info|selftest|flash --board B`: talk to one board's firmware.
// Messages and progress go to stderr, results to stdout (JSON with --json).
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <nlohmann/json.hpp>

#include "host/board/registry.hpp"
#include "host/build/elf_target.hpp"
#include "host/build/firmware_builder.hpp"
#include "host/cli/board_access_options.hpp"
#include "host/cli/commands.hpp"
#include "host/cli/option_checks.hpp"
#include "host/flash/flash_tool.hpp"
#include "host/flash/flashers.hpp"
#include "host/flash/selftest.hpp"
#include "host/flash/session.hpp"

namespace aotbench::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct DeviceOptions {
  std::string board, elf;
  BoardAccessOptions access;  // .value(): the value, once parsed
  double timeout_s = 5.0;
  bool timeout_given = false;
  bool json = false, dry_run = false, no_flash = false;
};

json to_json(const transport::TensorSpec& t) {
  return {{"name", t.name}, {"dtype", t.dtype}, {"shape", t.shape}, {"bytes", t.bytes},
          {"scale", t.scale}, {"zero_point", t.zero_point}};
}

json to_json(const transport::DeviceInfo& i) {
  json in = json::array(), out = json::array();
  for (auto& t : i.inputs) in.push_back(to_json(t));
  for (auto& t : i.outputs) out.push_back(to_json(t));
  return {{"protocol_version", i.protocol_version}, {"board", i.board}, {"cpu", i.cpu},
          {"clock_hz", i.clock_hz}, {"clock_setup", transport::to_string(i.clock_setup)},
          {"counter", results::counter_source(i.counter)},
          {"unit", results::unit(i.counter)}, {"icount_shift", i.icount_shift},
          {"build_id", i.build_id}, {"model_key", i.model_key}, {"inputs", in}, {"outputs", out},
          {"max_frame", i.max_frame}, {"max_chunk", i.max_chunk}, {"num_ops", i.num_ops},
          {"max_iterations", i.max_iterations}, {"frames_dropped", i.frames_dropped},
          {"stack_free", i.stack_free}};
}

// The board, with --elf checked against it: nothing boots an ELF built for another core or board.
const board::Profile& find_board(const board::Registry& reg, const std::string& name, const std::string& elf) {
  const board::Profile& p = reg.get(name);
  if (p.name != name) fmt::print(stderr, "aotbench: board {} means {} here\n", name, p.name);
  if (!elf.empty()) build::check_elf_runs_on(elf, p);
  return p;
}

// Under --link-faults, what the link went through (stderr: stdout is the command's result).
void print_link(const DeviceOptions& o, const flash::Session& s) {
  if (o.access.link_faults_given()) fmt::print(stderr, "aotbench: link: {}\n", s.link_report().summary());
}

// info and selftest talk to the firmware over the board's UART: on an emulated board with --gdb
// HOST:PORT, that of the emulator served there.
bool served_emulator(const board::Profile& p, const DeviceOptions& o) { return o.access.value().served_emulator(p); }

void check_gdb_for_session(const board::Profile& p, const DeviceOptions& o) {
  if (served_emulator(p, o)) flash::check_served_emulator(p, o.access.value().gdb, o.access.value().serial);
}

std::chrono::milliseconds timeout_of(const DeviceOptions& o) {
  return std::chrono::milliseconds(static_cast<long>(o.timeout_s * 1000));
}

flash::SessionOptions session_options(const DeviceOptions& o) {
  flash::SessionOptions s;
  s.connect_timeout = timeout_of(o);
  s.flashing.silence = timeout_of(o);  // the GDB server's too
  if (o.timeout_given) s.give_up = timeout_of(o);  // else the link's own (10 s), for a damaged link
  s.access = o.access.value();
  return s;
}

void device_info(const DeviceOptions& o) {
  board::Registry reg;
  const auto& p = find_board(reg, o.board, o.elf);
  check_gdb_for_session(p, o);
  build::FirmwareBuilder fw;
  fs::path elf = o.elf.empty() ? fw.selftest_elf(p) : fs::path(o.elf);
  auto so = session_options(o);
  // hardware: flash only when --elf is given; a served emulator waits for a firmware
  so.flash = served_emulator(p, o) ? !o.no_flash : !p.emulated && !o.elf.empty() && !o.no_flash;
  fmt::print(stderr, "aotbench: connecting to board {} ...\n", p.name);
  flash::Session s(p, elf, so);
  json j = to_json(s.info());
  j["link"] = s.where();
  if (const auto& b = s.banner())
    j["banner"] = {{"protocol_version", b->protocol_version}, {"board", b->board}, {"clock_hz", b->clock_hz},
                   {"clock_setup", transport::to_string(b->clock_setup)}, {"counter", results::counter_source(b->counter)},
                   {"build_id", b->build_id}, {"after_ms", s.banner_after().count()}};
  else
    j["banner"] = nullptr;
  j["elf"] = p.emulated || so.flash ? fs::absolute(elf).string() : "";
  s.shutdown();
  print_link(o, s);
  if (o.json) {
    fmt::print("{}\n", j.dump(2));
    return;
  }
  const auto& i = s.info();
  fmt::print("board       {} ({}, {} Hz)\nlink        {}\nprotocol    {}\nbuild-id    {}\n", i.board, i.cpu,
             i.clock_hz, s.where(), i.protocol_version, i.build_id);
  if (i.clock_setup != transport::ClockSetup::none)
    fmt::print("clock       {}\n", i.clock_setup == transport::ClockSetup::done ? "set up from the profile's [clock]"
                                                                               : to_string(i.clock_setup));
  fmt::print("banner      {}\n", s.banner() ? fmt::format("sent at start, read {} ms after the load", s.banner_after().count())
                                             : "none (attached to a running board, or a firmware before protocol 3)");
  fmt::print("counter     {} ({}){}\n", results::counter_source(i.counter), results::unit(i.counter),
             i.icount_shift >= 0 ? fmt::format(", -icount shift={}", i.icount_shift) : "");
  fmt::print("model       {}\n", i.model_key.empty() ? "(none)" : i.model_key);
  for (auto& t : i.inputs) fmt::print("  input     {} {} bytes\n", t.name, t.bytes);
  for (auto& t : i.outputs) fmt::print("  output    {} {} bytes\n", t.name, t.bytes);
  fmt::print("frames      max {} bytes, chunk {} bytes, {} dropped\nstack free  {} bytes\n", i.max_frame,
             i.max_chunk, i.frames_dropped, i.stack_free);
}

void device_flash(const DeviceOptions& o) {
  board::Registry reg;
  const auto& p = find_board(reg, o.board, o.elf);
  flash::FlashOptions fo;
  fo.silence = timeout_of(o);
  auto flasher = flash::make_flasher(p, o.access.value(), fo);
  auto plan = flasher->plan(o.elf);
  json j = {{"board", p.name}, {"tool", plan.tool}, {"command", plan.argv},
            {"shell", base::shell_join(plan.argv)}, {"note", plan.note}, {"dry_run", o.dry_run}};
  if (!plan.server.empty()) {  // the GDB server aotbench starts before the command
    j["server"] = plan.server;
    j["server_shell"] = base::shell_join(plan.server);
  }
  const std::string server_line = plan.server.empty() ? "" : base::shell_join(plan.server) + " &\n";
  if (o.dry_run) {
    if (o.json) fmt::print("{}\n", j.dump(2));
    else fmt::print("{}{}\n# {}\n", server_line, base::shell_join(plan.argv), plan.note);
    return;
  }
  fmt::print(stderr, "aotbench: {}\naotbench: {}{}\n", plan.note, server_line, base::shell_join(plan.argv));
  if (const auto* tool = flash::find_flash_tool(plan.tool); tool && tool->emulated) {
    // nothing persists in an emulator: check that the ELF boots and answers instead
    auto so = session_options(o);
    flash::Session s(p, o.elf, so);
    j["build_id"] = s.info().build_id;
    s.shutdown();
    print_link(o, s);
  } else {
    flasher->flash(o.elf);
  }
  j["flashed"] = true;
  if (o.json) fmt::print("{}\n", j.dump(2));
  else fmt::print("flashed {} on board {} with {}\n", o.elf, p.name, plan.tool);
}

json to_json(const flash::SelftestReport& r) {
  json loop = json::array();
  for (auto& pt : r.loop)
    loop.push_back({{"iterations", pt.iterations}, {"measured", pt.measured}, {"predicted_instructions", pt.predicted}});
  return {{"link", r.where}, {"unit", r.unit}, {"empty_count", r.empty_count}, {"loop", loop},
          {"repeatable", r.repeatable}, {"linear", r.linear}, {"exact", r.exact},
          {"stack", {{"measured", r.stack_measured}, {"fstack_usage", r.stack_expected ? json(*r.stack_expected) : json()},
                     {"ok", r.stack_ok}}},
          {"echo", {{"bytes", r.echo_bytes}, {"ok", r.echo_ok}, {"seconds", r.echo_seconds}}},
          {"model", {{"checked", r.model_checked}, {"ok", r.model_ok}, {"count", r.model_count}, {"op_counts", r.op_counts}}},
          {"ok", r.ok()}};
}

void print_selftest(const flash::SelftestReport& r) {
  fmt::print("link: {}\ncounter unit: {}\n", r.where, r.unit);
  fmt::print("{:>10}  {:>12}  {:>12}  {}\n", "loop n", "measured", "expected", "runs");
  for (auto& pt : r.loop)
    fmt::print("{:>10}  {:>12}  {:>12}  {}\n", pt.iterations, pt.measured.at(0), pt.predicted,
               fmt::join(pt.measured, " "));
  fmt::print("loop: repeatable {}, linear {}, equal to the disassembly {}{}\n", r.repeatable ? "yes" : "NO",
             r.linear ? "yes" : "NO", r.exact ? "yes" : "no",
             r.instructions ? "" : " (cycles: not comparable with instruction counts)");
  fmt::print("stack of ab_cal_stack: measured {} bytes, -fstack-usage {} bytes: {}\n", r.stack_measured,
             r.stack_expected ? std::to_string(*r.stack_expected) : "?", r.stack_ok ? "ok" : "FAILED");
  fmt::print("echo {} bytes: {} ({:.1f} KiB/s)\n", r.echo_bytes, r.echo_ok ? "ok" : "FAILED",
             r.echo_seconds > 0 ? r.echo_bytes / 1024.0 / r.echo_seconds : 0.0);
  if (r.model_checked)
    fmt::print("self-test model: {} ({} {}, per op {})\n", r.model_ok ? "ok" : "FAILED", r.model_count, r.unit,
               fmt::join(r.op_counts, " "));
  fmt::print("self-test {}\n", r.ok() ? "passed" : "FAILED");
}

void device_selftest(const DeviceOptions& o) {
  board::Registry reg;
  const auto& p = find_board(reg, o.board, o.elf);
  check_gdb_for_session(p, o);
  build::FirmwareBuilder fw;
  fs::path elf = o.elf.empty() ? fw.selftest_elf(p) : fs::path(o.elf);
  auto so = session_options(o);
  so.flash = (served_emulator(p, o) || !p.emulated) && !o.no_flash;
  fmt::print(stderr, "aotbench: self-test on board {} ...\n", p.name);
  flash::Session s(p, elf, so);
  auto report = flash::run_selftest(s, elf, fw.calibration_stack_usage(p));
  s.shutdown();
  print_link(o, s);
  if (o.json) fmt::print("{}\n", to_json(report).dump(2));
  else print_selftest(report);
  if (!report.ok()) throw std::runtime_error(fmt::format("self-test failed on {}", report.where));
}

void common_options(CLI::App* cmd, DeviceOptions& o, bool needs_elf) {
  cmd->add_option("--board", o.board, "board profile or alias (see `aotbench boards`)")->required();
  auto* elf = cmd->add_option("--elf", o.elf,
                              needs_elf ? "firmware ELF built for the board"
                                        : "firmware ELF built for the board (default: the board's self-test firmware)");
  elf->check(regular_file());
  if (needs_elf) elf->required();
  cmd->add_option("--timeout", o.timeout_s,
                  "seconds the firmware, and a GDB server, have to answer, above 0 (default 5; the link waits 10 s "
                  "for an answer unless given)")
      ->check(positive_seconds(3600))
      ->each([&o](const std::string&) { o.timeout_given = true; });
  o.access.add_to(
      cmd, {"--port",
            "serial device instead of the profile's, tcp:HOST:PORT (ser2net raw; an emulator of `device serve`, with "
            "--gdb) or rfc2217:HOST:PORT (ser2net telnet(rfc2217))",
            "hardware: serial number of the debug probe (when several are attached)",
            "load with gdb through the GDB server at HOST:PORT (OpenOCD's, port 3333; `pyocd gdbserver`'s; QEMU's "
            "gdbstub of `device serve`, with --port tcp:HOST:PORT), or `start` the flasher's own for the board's probe",
            true, false, false});
  cmd->add_flag("--json", o.json, "print JSON on stdout");
}

}  // namespace

void add_device(CLI::App& app) {
  static DeviceOptions info_opts, selftest_opts, flash_opts;
  auto* dev = app.add_subcommand("device", "talk to a board's firmware: info, selftest, flash; serve an emulated one");
  dev->require_subcommand(1);

  auto* info = dev->add_subcommand("info", "boot or connect to the board and print what its firmware reports");
  common_options(info, info_opts, false);
  info->add_flag("--no-flash", info_opts.no_flash, "hardware: do not flash --elf, only connect");
  info->callback([] { device_info(info_opts); });

  auto* selftest = dev->add_subcommand("selftest", "run the calibration workloads: measured vs expected counts and stack");
  common_options(selftest, selftest_opts, false);
  selftest->add_flag("--no-flash", selftest_opts.no_flash, "hardware: the board already runs the self-test firmware");
  selftest->callback([] { device_selftest(selftest_opts); });

  auto* fl = dev->add_subcommand("flash", "program a firmware ELF into the board (QEMU boards: boot-check it)");
  common_options(fl, flash_opts, true);
  fl->add_flag("--dry-run", flash_opts.dry_run, "print the exact flash command, do not run it");
  fl->callback([] { device_flash(flash_opts); });

  add_device_serve(*dev);
}

}  // namespace aotbench::cli
