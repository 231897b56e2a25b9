// The firmware checks: the self-test firmware is booted (QEMU) or flashed (probe) and announces
// itself with its start-up banner before anything is asked (board, clock, counter, build-id of the
// ELF loaded), then its first answer arrives (GetInfo: protocol), then the self-test's calibration
// loops show a sane counter (repeatable, linear in the iterations, and under QEMU equal to the
// instructions of the disassembly).
#include <fmt/core.h>
#include <fmt/ranges.h>

#include "host/build/elf_info.hpp"
#include "host/build/firmware_builder.hpp"
#include "host/doctor/doctor.hpp"
#include "host/flash/selftest.hpp"
#include "host/flash/session.hpp"
#include "transport/rpc/rpc_client.hpp"

namespace aotbench::doctor {

Check check_banner(Bench& b) {
  const board::Profile& p = b.board;
  const auto elf = build::FirmwareBuilder().selftest_elf(p);
  flash::SessionOptions so;
  so.connect_timeout = b.options.timeout;
  so.banner_timeout = b.options.timeout;  // the check is that it comes: wait for it as long as for an answer
  so.access = b.options.access;
  try {
    b.session = std::make_unique<flash::Session>(p, elf, so);
  } catch (const std::exception& e) {
    return {"banner", Status::fail, fmt::format("the self-test firmware did not start: {}", e.what()),
            p.emulated ? "run the build again (./scripts/build); `aotbench device info --board " + p.name + "` shows the same"
                       : "check the board's power, jumpers and the baud rate (" + std::to_string(p.serial.baud) +
                             "); `aotbench device info --board " + p.name + "` shows the same",
            0};
  }
  const auto& banner = b.session->banner();
  if (!banner)
    return {"banner", Status::fail,
            fmt::format("{} sent no start-up banner within {} ms of the load (it answered GetInfo: protocol {})",
                        b.session->where(), b.session->banner_after().count(), b.session->info().protocol_version),
            p.emulated ? "rebuild the firmware (./scripts/build): since protocol 3 it announces itself when it starts"
                       : "close whatever else holds the serial port (a terminal), and check its baud rate (" +
                             std::to_string(p.serial.baud) + "): the banner comes once, at start",
            0};
  const bool loaded = build::elf_build_id(elf) == banner->build_id;
  return {"banner", Status::pass,
          fmt::format("{} announced itself before any request (its banner read {} ms after the load): board {} at {} Hz "
                      "(clock set-up: {}), counter {}, protocol {}, build-id {}{}",
                      b.session->where(), b.session->banner_after().count(), banner->board, banner->clock_hz,
                      transport::to_string(banner->clock_setup), results::counter_source(banner->counter),
                      banner->protocol_version, banner->build_id.substr(0, 12), loaded ? " (the ELF loaded)" : ""),
          "", 0};
}

Check check_firmware(Bench& b) {
  const board::Profile& p = b.board;
  if (!b.session) return {"firmware", Status::skip, "not run: the board did not start (see the banner check)", "", 0};
  const transport::DeviceInfo& i = b.session->info();
  if (i.board != p.name)
    return {"firmware", Status::fail, fmt::format("the board that answers says it is {}, not {}", i.board, p.name),
            "give --board the profile of the board connected, or --port the serial port of this one", 0};
  return {"firmware", Status::pass,
          fmt::format("{} answered GetInfo: protocol {}, {} at {} Hz, counter {}, build-id {} (the ELF loaded)",
                      b.session->where(), i.protocol_version, i.cpu, i.clock_hz, results::counter_source(i.counter),
                      i.build_id.substr(0, 12)),
          "", 0};
}

Check check_counter(Bench& b) {
  const board::Profile& p = b.board;
  build::FirmwareBuilder fw;
  flash::SelftestOptions o;
  o.echo_bytes = 256;  // the link's throughput is not what this check is about
  const flash::SelftestReport r = flash::run_selftest(*b.session, fw.selftest_elf(p), fw.calibration_stack_usage(p), o);
  std::vector<std::string> counts;
  for (const auto& pt : r.loop) counts.push_back(fmt::format("{}x: {}", pt.iterations, pt.measured.at(0)));
  const bool sane = r.repeatable && r.linear && (!r.instructions || r.exact) && !r.loop.empty() &&
                    r.loop.front().measured.at(0) > 0;
  const std::string found = fmt::format("{} of the calibration loop ({}): {}, {}{}", r.unit, fmt::join(counts, ", "),
                                        r.repeatable ? "repeatable" : "NOT repeatable",
                                        r.linear ? "linear" : "NOT linear",
                                        !r.instructions ? ""
                                        : r.exact       ? ", equal to the disassembly"
                                                        : ", NOT equal to the disassembly");
  if (!sane)
    return {"counter", Status::fail, found,
            r.instructions ? "QEMU must run with -icount (see `aotbench device selftest`); rebuild with ./scripts/build"
                           : "the DWT cycle counter must be enabled and unlocked (counter.dwt_unlock on Cortex-M7); "
                             "run `aotbench device selftest --board " + p.name + "` for the details",
            0};
  return {"counter", Status::pass, found, "", 0};
}

}  // namespace aotbench::doctor
