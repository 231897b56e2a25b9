// See session.hpp.
#include "flash/session.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>

#include "build/elf_info.hpp"

namespace aotbench::flash {

Session::Session(const board::Profile& p, const std::filesystem::path& elf, SessionOptions o) : profile_(p) {
  transport::Link* link = nullptr;
  if (p.emulated) {
    qemu_ = std::make_unique<QemuInstance>(p, elf, o.qemu);
    link = &qemu_->link();
    where_ = fmt::format("board {} (qemu pid {}) on {}", p.name, qemu_->pid(), link->describe());
  } else {
    if (o.flash) make_flasher(p, o.flasher, o.flashing)->flash(elf);
    std::string dev = o.serial_device.empty() ? p.serial.device : o.serial_device;
    serial_ = std::make_unique<transport::SerialLink>(dev, p.serial.baud);
    link = serial_.get();
    where_ = fmt::format("board {} on {}", p.name, link->describe());
  }
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
  if (qemu_) {
    info_.counter = rpc_->set_icount_shift(qemu_->icount_shift());
    info_.icount_shift = qemu_->icount_shift();
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
  if (!qemu_ || !qemu_->running()) return;
  try {
    rpc_->reset(true);
  } catch (const transport::TransportError&) {
    // QEMU may close the link before the answer is read; the destructor kills it anyway.
  }
  qemu_->wait_for(std::chrono::seconds(2));
}

Session::~Session() {
  rpc_.reset();
  if (qemu_) qemu_->stop();
}

}  // namespace aotbench::flash
