#pragma once
// `aotbench doctor --board B`: checks a bench, in the order a person would fix it, and says what
// to fix: the toolchain, the flasher, the debug probe, the serial port, the banner the firmware
// sends when it starts, its first answer and the self-test counter. A check whose prerequisite failed is skipped, not failed
// twice. On an emulated board every check runs against QEMU and passes.
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "host/board/profile.hpp"
#include "host/flash/board_access.hpp"

namespace aotbench::flash {
class Session;
}

namespace aotbench::doctor {

enum class Status { pass, fail, skip };
const char* to_string(Status s);  // "pass" | "fail" | "skip"

struct Check {
  std::string name;     // toolchain | flasher | probe | serial | banner | firmware | counter
  Status status = Status::pass;
  std::string detail;   // what was found
  std::string fix;      // what to do (failed checks)
  double seconds = 0;
};

struct DoctorOptions {
  flash::BoardAccess access;  // tool, serial port, probe, GDB server instead of the profile's
  std::chrono::milliseconds timeout{5000};  // the firmware's banner, and its first answer
};

// What the checks share: the board, the options, and the session the banner check opened.
struct Bench {
  const board::Profile& board;
  DoctorOptions options;
  std::unique_ptr<flash::Session> session;
  ~Bench();
};

// The checks, one per file (toolchain.cpp, probe.cpp, serial_port.cpp, firmware.cpp).
Check check_toolchain(Bench& b);
Check check_flasher(Bench& b);
Check check_probe(Bench& b);
Check check_serial(Bench& b);
Check check_banner(Bench& b);    // boots or flashes the self-test firmware, keeps the session
Check check_firmware(Bench& b);  // its answer to GetInfo on that session
Check check_counter(Bench& b);   // the self-test's loop counts on that session

// Runs every check in order; `on_check` sees each as it finishes (progress).
std::vector<Check> run_doctor(const board::Profile& p, const DoctorOptions& o,
                              const std::function<void(const Check&)>& on_check = {});

bool passed(const std::vector<Check>& checks);  // no check failed

}  // namespace aotbench::doctor
