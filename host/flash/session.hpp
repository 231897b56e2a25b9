#pragma once
// A session with a board running a firmware: boot it in QEMU, load it into an emulator that is
// already up (one of a sweep's, or one served elsewhere: --gdb HOST:PORT and --serial
// tcp:HOST:PORT), or open a real board's serial port and flash it; wait for the banner the
// firmware sends when it starts, then connect the RPC client (GetInfo: protocol version, tensors;
// counter set-up). The banner is the first evidence that the board is the one flashed (board,
// clock, build-id); without one (a board attached that started long ago, a firmware older than
// protocol 3) GetInfo's answer is checked instead.
// This is what the CLI and the sweep harness use to talk to a device.
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "host/board/profile.hpp"
#include "host/flash/board_access.hpp"
#include "host/flash/flashers.hpp"
#include "host/flash/qemu.hpp"
#include "transport/link/fault_link.hpp"
#include "transport/rpc/link_report.hpp"
#include "transport/rpc/rpc_client.hpp"

namespace aotbench::flash {

struct SessionOptions {
  std::chrono::milliseconds connect_timeout{5000};  // the firmware must answer GetInfo within it
  // After a boot or a flash, how long to wait for the start-up banner before asking GetInfo (0: not
  // at all; a banner that comes with the first answer is still taken in, and GetInfo is checked).
  std::chrono::milliseconds banner_timeout{1000};
  // Silence before a request is asked again (transport::RpcClient::Options::timeout).
  std::chrono::milliseconds request_timeout{500};
  int retries = 16;  // resends after rejected frames (transport::RpcClient::Options::retries)
  // Silence after which a request but Run fails (transport::RpcClient::Options::give_up).
  std::chrono::milliseconds give_up{10000};
  // Which way to the board: tool, probe, GDB server, serial port, link faults (an emulator started
  // here loads as qemu.load says).
  BoardAccess access;
  bool flash = true;           // hardware: program the ELF first (false: use what the board runs)
  bool check_build_id = true;  // the device must run the ELF given (GNU build-id)
  QemuOptions qemu;
  FlashOptions flashing;  // how hard to try
};

// --gdb HOST:PORT on an emulated board names an emulator served elsewhere; its serial port must
// then be given as tcp:HOST:PORT. Throws FlashError saying so.
void check_served_emulator(const board::Profile& p, const std::string& gdb, const std::string& serial_device);

class Session {
 public:
  // Throws base::ProcessError / FlashError / transport::TransportError; connection errors name
  // the board and the port.
  Session(const board::Profile& p, const std::filesystem::path& elf, SessionOptions o = {});
  // Loads `elf` into an emulator that is already running and outlives the session.
  Session(QemuInstance& emulator, const std::filesystem::path& elf, SessionOptions o = {});
  ~Session();  // a QEMU of its own: torn down

  transport::RpcClient& rpc() { return *rpc_; }
  const transport::DeviceInfo& info() const { return info_; }
  // The banner the firmware sent when it started (nullopt: none arrived) and how long after the
  // board was started it was read.
  const std::optional<transport::Banner>& banner() const { return banner_; }
  std::chrono::milliseconds banner_after() const { return banner_after_; }
  const board::Profile& profile() const { return profile_; }
  const std::string& where() const { return where_; }  // "board B (qemu pid N) on tcp 127.0.0.1:P"
  QemuInstance* qemu() { return qemu_; }                // null for hardware and remote emulators
  // Whether the device reads files of this host (semihosting under a local QEMU: LoadInput).
  bool shares_files() const { return qemu_ != nullptr; }
  // The RPC client's counts and the faults injected (if any) so far.
  transport::LinkReport link_report() const;

  // Under QEMU: ends the emulator through semihosting (clean exit, waited for up to 2 s; the
  // destructor kills it otherwise); a no-op on hardware.
  void shutdown();

 private:
  void open_rpc(transport::Link& link, const std::filesystem::path& elf, const SessionOptions& o);
  void connect(const std::filesystem::path& elf, const SessionOptions& o);
  [[noreturn]] void failed_to_connect(const transport::TransportError& e, const SessionOptions& o, bool started);
  // The board that answers must be the one flashed: name, clock and (`loaded_id`: the build-id of
  // `elf`, when we loaded it and it is checked) build-id.
  void check_identity(const std::string& evidence, const std::string& board, std::uint32_t clock_hz,
                      transport::ClockSetup clock_setup, const std::string& build_id, const std::string& loaded_id,
                      const std::filesystem::path& elf) const;

  board::Profile profile_;
  std::unique_ptr<QemuInstance> own_qemu_;
  QemuInstance* qemu_ = nullptr;
  std::unique_ptr<transport::Link> serial_;
  std::unique_ptr<transport::FaultyLink> faulty_;
  std::unique_ptr<transport::RpcClient> rpc_;
  transport::DeviceInfo info_;
  std::optional<transport::Banner> banner_;
  std::chrono::milliseconds banner_after_{0};
  std::string where_;
};

}  // namespace aotbench::flash
