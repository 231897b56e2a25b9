// See session.hpp.
#include "host/flash/session.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>

#include "host/build/elf_info.hpp"
#include "host/flash/flash_tool.hpp"
#include "transport/link/asio_links.hpp"
#include "transport/link/rfc2217_link.hpp"

namespace aotbench::flash {

namespace {

// A serial device path, tcp:HOST:PORT for a port served raw over TCP, or rfc2217:HOST:PORT for
// one served over Telnet with RFC 2217 (ser2net, a labgrid exporter's USB serial port). A device's
// stale input is dropped when asked (a network port's connection is new anyway).
std::unique_ptr<transport::Link> open_serial(const std::string& device, unsigned baud, std::chrono::milliseconds timeout,
                                             bool drop_stale_input) {
  const auto deadline = transport::Clock::now() + timeout;
  if (device.rfind("tcp:", 0) == 0) return transport::connect_tcp(device.substr(4), deadline);
  if (device.rfind("rfc2217:", 0) == 0)
    return std::make_unique<transport::Rfc2217Link>(transport::connect_tcp(device.substr(8), deadline), baud, deadline);
  auto port = std::make_unique<transport::SerialLink>(device, baud);
  if (drop_stale_input) port->discard_input();
  return port;
}

}  // namespace

void check_served_emulator(const board::Profile& p, const std::string& gdb, const std::string& serial_device) {
  if (!network_port(serial_device))
    throw FlashError(fmt::format("--gdb {}: board {} is emulated, so that is the gdbstub of an emulator served elsewhere "
                                 "(`aotbench device serve`); give its serial port as tcp:HOST:PORT (or "
                                 "rfc2217:HOST:PORT) too (a sweep's --serial, `device`'s --port), or leave --gdb out and "
                                 "aotbench starts the emulator itself",
                                 gdb, p.name));
}

Session::Session(const board::Profile& p, const std::filesystem::path& elf, SessionOptions o) : profile_(p) {
  transport::Link* link = nullptr;
  // `--gdb start` changes nothing for an emulated board: it starts its own gdbstub anyway.
  if (p.emulated && !o.access.served_emulator(p)) {
    own_qemu_ = std::make_unique<QemuInstance>(p, elf, o.qemu);
    qemu_ = own_qemu_.get();
    link = &qemu_->link();
    where_ = fmt::format("board {} (qemu pid {}) on {}", p.name, qemu_->pid(), link->describe());
  } else {
    // A real board, or an emulator served elsewhere (its gdbstub as the GDB server). The port is
    // open before the flasher lets the firmware run, so the banner it sends at once waits in the
    // port (a served emulator's UART drops what no client reads); what an earlier firmware left
    // there is dropped first. A port that does not open is reported after the flasher's own errors
    // (no probe is the likelier news), as before.
    if (p.emulated) check_served_emulator(p, o.access.gdb, o.access.serial);
    const std::string dev = o.access.serial.empty() ? p.serial.device : o.access.serial;
    try {
      serial_ = open_serial(dev, p.serial.baud, o.connect_timeout, o.flash);
    } catch (const transport::TransportError&) {
      if (!o.flash) throw;
    }
    if (o.flash) {
      BoardAccess access = o.access;
      if (p.emulated) access.flasher = emulator_tool().name;  // the served emulator's gdbstub
      make_flasher(p, access, o.flashing)->flash(elf);
    }
    if (!serial_) serial_ = open_serial(dev, p.serial.baud, o.connect_timeout, false);
    link = serial_.get();
    where_ = fmt::format("board {} on {}", p.name, link->describe());
  }
  open_rpc(*link, elf, o);
}

Session::Session(QemuInstance& emulator, const std::filesystem::path& elf, SessionOptions o)
    : profile_(emulator.profile()), qemu_(&emulator) {
  emulator.load(elf);
  where_ = fmt::format("board {} (qemu pid {}) on {}", profile_.name, emulator.pid(), emulator.link().describe());
  open_rpc(emulator.link(), elf, o);
}

void Session::open_rpc(transport::Link& link_to_board, const std::filesystem::path& elf, const SessionOptions& o) {
  transport::Link* link = &link_to_board;
  if (o.access.link_faults.any()) {
    faulty_ = std::make_unique<transport::FaultyLink>(*link, o.access.link_faults);
    link = faulty_.get();
    where_ += fmt::format(" with --link-faults {}", o.access.link_faults.describe());
  }
  rpc_ = std::make_unique<transport::RpcClient>(
      *link, transport::RpcClient::Options{o.request_timeout, o.retries, where_, o.give_up});
  connect(elf, o);
}

void Session::connect(const std::filesystem::path& elf, const SessionOptions& o) {
  // Just booted or flashed: the firmware announces itself before anything is asked.
  const bool started = qemu_ || o.flash;
  // The build-id of what we loaded, which the board must run (empty: not checked).
  const std::string loaded_id = o.check_build_id && started ? build::elf_build_id(elf) : "";
  const auto t0 = transport::Clock::now();
  try {
    if (started && o.banner_timeout.count() > 0)
      banner_ = rpc_->await_banner(std::min(o.banner_timeout, o.connect_timeout));
  } catch (const transport::TransportError& e) {
    failed_to_connect(e, o, started);
  }
  banner_after_ = std::chrono::duration_cast<std::chrono::milliseconds>(transport::Clock::now() - t0);
  if (banner_)
    check_identity("start-up banner", banner_->board, banner_->clock_hz, banner_->clock_setup, banner_->build_id,
                   loaded_id, elf);
  try {
    info_ = rpc_->connect(o.connect_timeout);
  } catch (const transport::TransportError& e) {
    failed_to_connect(e, o, started);
  }
  if (!banner_) banner_ = rpc_->banner();  // a board attached as it started: it came with GetInfo
  // GetInfo is the evidence when no banner came; with one, the two must agree.
  check_identity("answer to GetInfo", info_.board, info_.clock_hz, info_.clock_setup, info_.build_id, loaded_id, elf);
  if (banner_ && (banner_->board != info_.board || banner_->build_id != info_.build_id))
    throw transport::TransportError(fmt::format("{}: its start-up banner (board {}, build-id {}) and its answer to GetInfo "
                                                "(board {}, build-id {}) disagree: is more than one board on this link?",
                                                where_, banner_->board, banner_->build_id, info_.board, info_.build_id));
  if (profile_.emulated) {  // -icount runs with the profile's shift, here or wherever it is served
    info_.icount_shift = board::icount_shift(profile_);
    // Under the timing model the firmware reads its counts from the emulator's file (this host's).
    const std::string counts = qemu_ ? qemu_->timing_counts().string() : "";
    info_.counter = rpc_->set_icount_shift(info_.icount_shift, counts);
    if (!counts.empty() && info_.counter != results::CounterKind::cycles_model)
      throw transport::TransportError(fmt::format("{}: the firmware did not take the timing model's counts from {} (its "
                                                  "counter is {}): is the firmware older than the timing model?",
                                                  where_, counts, results::counter_source(info_.counter)));
  }
}

// The firmware did not announce itself or answer: the link's error, with QEMU's state if it exited.
void Session::failed_to_connect(const transport::TransportError& e, const SessionOptions& o, bool started) {
  std::string qemu_state;
  // A closed link means QEMU is going away: give it a moment to exit, to report its status.
  bool closed = dynamic_cast<const transport::LinkClosed*>(&e) != nullptr;
  if (qemu_ && qemu_->wait_for(std::chrono::milliseconds(closed ? 1000 : 0))) {
    std::string log = qemu_->log();  // its message, without the register dump that may follow
    log = log.substr(0, std::min(log.find("\nR00="), std::size_t{400}));
    while (!log.empty() && std::isspace(static_cast<unsigned char>(log.back()))) log.pop_back();
    std::replace(log.begin(), log.end(), '\n', ' ');
    qemu_state = fmt::format(" (QEMU exited with status {}: {})", qemu_->exit_code().value_or(-1), log);
  }
  std::string why = e.what();
  if (why.rfind(where_ + ": ", 0) == 0) why.erase(0, where_.size() + 2);
  const std::string no_banner =
      started && !banner_ ? fmt::format(", nor sent a start-up banner within {} ms", banner_after_.count()) : "";
  const std::string message = fmt::format("{} did not answer within {} ms{}{}: {}", where_, o.connect_timeout.count(),
                                          no_banner, qemu_state, why);
  if (closed) throw transport::LinkClosed(message);  // the kind stays: a board that went away is not a hang
  throw transport::TransportError(message);
}

// `evidence`: where the facts come from, for the message ("start-up banner", "answer to GetInfo").
void Session::check_identity(const std::string& evidence, const std::string& board, std::uint32_t clock_hz,
                             transport::ClockSetup clock_setup, const std::string& build_id,
                             const std::string& loaded_id, const std::filesystem::path& elf) const {
  // The board that answers must be the one flashed: a probe or serial port of another board on
  // the bench would otherwise measure the wrong hardware.
  if (board != profile_.name)
    throw transport::TransportError(fmt::format("{} answers as board {} at {} Hz, not {} at {} Hz (its {}): is the serial "
                                                "port the one of the board that was flashed?",
                                                where_, board, clock_hz, profile_.name, profile_.cpu.clock_hz, evidence));
  // The right board at another clock: its clock set-up failed (it says which step), or the
  // firmware was built from a profile with another clock.
  if (clock_hz != profile_.cpu.clock_hz) {
    const bool failed = clock_setup != transport::ClockSetup::none && clock_setup != transport::ClockSetup::done;
    std::string why =
        failed ? fmt::format("its clock set-up failed ({}) and it stayed on its reset clock: check the [clock] table of {} "
                             "against the board (its oscillator, clock.source, clock.hse_hz, clock.hse_bypass)",
                             transport::to_string(clock_setup), profile_.file.string())
               : "the firmware was built for another clock: rebuild it from this profile";
    throw transport::TransportError(fmt::format("{} answers as board {} at {} Hz, not at the profile's {} Hz (its {}): {}",
                                                where_, board, clock_hz, profile_.cpu.clock_hz, evidence, why));
  }
  if (!loaded_id.empty() && loaded_id != build_id)
    throw transport::TransportError(fmt::format("{} runs firmware with build-id {} (its {}), not {} ({})", where_,
                                                build_id, evidence, loaded_id, elf.string()));
}

transport::LinkReport Session::link_report() const {
  transport::LinkReport r;
  r.rpc = rpc_->stats();
  if (faulty_) {
    r.up = faulty_->up();
    r.down = faulty_->down();
  }
  return r;
}

void Session::shutdown() {
  if (!own_qemu_ || !own_qemu_->running()) return;  // an emulator that outlives us stays up
  try {
    rpc_->reset(true);
  } catch (const transport::TransportError&) {
    // QEMU may close the link before the answer is read; the destructor kills it anyway.
  }
  qemu_->wait_for(std::chrono::seconds(2));
}

Session::~Session() {
  rpc_.reset();
  if (own_qemu_) own_qemu_->stop();
}

}  // namespace aotbench::flash
