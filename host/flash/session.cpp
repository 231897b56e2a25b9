// See session.hpp.
#include "flash/session.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>

#include "build/elf_info.hpp"
#include "link/asio_links.hpp"
#include "link/rfc2217_link.hpp"

namespace aotbench::flash {

namespace {

// A serial device path, tcp:HOST:PORT for a port served raw over TCP, or rfc2217:HOST:PORT for
// one served over Telnet with RFC 2217 (ser2net, a labgrid exporter's USB serial port).
std::unique_ptr<transport::Link> open_serial(const std::string& device, unsigned baud,
                                             std::chrono::milliseconds timeout) {
  const auto deadline = transport::Clock::now() + timeout;
  if (device.rfind("tcp:", 0) == 0) return transport::connect_tcp(device.substr(4), deadline);
  if (device.rfind("rfc2217:", 0) == 0)
    return std::make_unique<transport::Rfc2217Link>(transport::connect_tcp(device.substr(8), deadline), baud, deadline);
  return std::make_unique<transport::SerialLink>(device, baud);
}

bool network_serial(const std::string& device) {
  return device.rfind("tcp:", 0) == 0 || device.rfind("rfc2217:", 0) == 0;
}

}  // namespace

void check_served_emulator(const board::Profile& p, const std::string& gdb, const std::string& serial_device) {
  if (!network_serial(serial_device))
    throw FlashError(fmt::format("--gdb {}: board {} is emulated, so that is the gdbstub of an emulator served elsewhere "
                                 "(`aotbench device serve`); give its serial port as tcp:HOST:PORT (or "
                                 "rfc2217:HOST:PORT) too (a sweep's --serial, `device`'s --port), or leave --gdb out and "
                                 "aotbench starts the emulator itself",
                                 gdb, p.name));
}

Session::Session(const board::Profile& p, const std::filesystem::path& elf, SessionOptions o) : profile_(p) {
  transport::Link* link = nullptr;
  // `--gdb start` changes nothing for an emulated board: it starts its own gdbstub anyway.
  if (p.emulated && (o.flashing.gdb.empty() || o.flashing.gdb == "start")) {
    own_qemu_ = std::make_unique<QemuInstance>(p, elf, o.qemu);
    qemu_ = own_qemu_.get();
    link = &qemu_->link();
    where_ = fmt::format("board {} (qemu pid {}) on {}", p.name, qemu_->pid(), link->describe());
  } else {
    // A real board, or an emulator served elsewhere (its gdbstub as the GDB server).
    if (p.emulated) check_served_emulator(p, o.flashing.gdb, o.serial_device);
    if (o.flash) make_flasher(p, p.emulated ? "qemu" : o.flasher, o.flashing)->flash(elf);
    std::string dev = o.serial_device.empty() ? p.serial.device : o.serial_device;
    serial_ = open_serial(dev, p.serial.baud, o.connect_timeout);
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
  if (o.link_faults.any()) {
    faulty_ = std::make_unique<transport::FaultyLink>(*link, o.link_faults);
    link = faulty_.get();
    where_ += fmt::format(" with --link-faults {}", o.link_faults.describe());
  }
  rpc_ = std::make_unique<transport::RpcClient>(
      *link, transport::RpcClient::Options{o.request_timeout, o.retries, where_});
  connect(elf, o);
}

void Session::connect(const std::filesystem::path& elf, const SessionOptions& o) {
  try {
    info_ = rpc_->connect(o.connect_timeout);
  } catch (const transport::TransportError& e) {
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
    throw transport::TransportError(fmt::format("{} did not answer within {} ms{}: {}", where_,
                                                o.connect_timeout.count(), qemu_state, why));
  }
  // The board that answers must be the one flashed: a probe or serial port of another board on
  // the bench would otherwise measure the wrong hardware.
  if (info_.board != profile_.name || info_.clock_hz != profile_.cpu.clock_hz)
    throw transport::TransportError(fmt::format("{} answers as board {} at {} Hz, not {} at {} Hz: is the serial port "
                                                "the one of the board that was flashed?",
                                                where_, info_.board, info_.clock_hz, profile_.name,
                                                profile_.cpu.clock_hz));
  if (o.check_build_id && (qemu_ || o.flash)) {
    std::string want = build::elf_build_id(elf);
    if (!want.empty() && want != info_.build_id)
      throw transport::TransportError(fmt::format("{} runs firmware with build-id {}, not {} ({})", where_,
                                                  info_.build_id, want, elf.string()));
  }
  if (profile_.emulated) {  // -icount runs with the profile's shift, here or wherever it is served
    info_.icount_shift = board::icount_shift(profile_);
    info_.counter = rpc_->set_icount_shift(info_.icount_shift);
  }
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
