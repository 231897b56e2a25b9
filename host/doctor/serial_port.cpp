// The serial check: the board's UART (the ST-LINK's virtual COM port) exists, is a terminal
// device, and this user may open it; if not, whether the dialout group (or the port's own group)
// is missing from the account or only from this login session.
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "host/doctor/doctor.hpp"

namespace aotbench::doctor {
namespace {

// The serial devices there are, for a message that says which to give instead.
std::vector<std::string> serial_devices() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator("/dev", ec)) {
    const std::string name = e.path().filename();
    if (name.starts_with("ttyACM") || name.starts_with("ttyUSB")) out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool in_session_group(gid_t gid) {
  if (getegid() == gid) return true;
  std::vector<gid_t> groups(static_cast<std::size_t>(std::max(getgroups(0, nullptr), 0)));
  const int n = getgroups(static_cast<int>(groups.size()), groups.data());
  return std::find(groups.begin(), groups.begin() + std::max(n, 0), gid) != groups.begin() + std::max(n, 0);
}

bool in_account_group(gid_t gid) {
  const passwd* pw = getpwuid(geteuid());
  if (!pw) return false;
  if (pw->pw_gid == gid) return true;
  int n = 64;
  std::vector<gid_t> groups(static_cast<std::size_t>(n));
  if (getgrouplist(pw->pw_name, pw->pw_gid, groups.data(), &n) < 0) {
    groups.resize(static_cast<std::size_t>(n));
    getgrouplist(pw->pw_name, pw->pw_gid, groups.data(), &n);
  }
  return std::find(groups.begin(), groups.begin() + n, gid) != groups.begin() + n;
}

}  // namespace

Check check_serial(Bench& b) {
  const board::Profile& p = b.board;
  if (p.emulated) return {"serial", Status::pass, "QEMU's serial port: a loopback TCP socket aotbench listens on", "", 0};
  const std::string dev = b.options.access.serial.empty() ? p.serial.device : b.options.access.serial;
  struct stat st {};
  if (stat(dev.c_str(), &st) != 0) {
    const auto there = serial_devices();
    return {"serial", Status::fail,
            fmt::format("serial port {} does not exist ({})", dev,
                        there.empty() ? "no /dev/ttyACM* or /dev/ttyUSB* at all"
                                      : fmt::format("there are {}", fmt::join(there, ", "))),
            fmt::format("connect the board's ST-LINK USB port: its virtual COM port appears as /dev/ttyACM<n>; if it "
                        "has another name, give --port DEVICE{}",
                        there.empty() ? "" : fmt::format(" (e.g. --port {})", there.front())),
            0};
  }
  if (!S_ISCHR(st.st_mode))
    return {"serial", Status::fail, fmt::format("{} is not a serial device (not a character device)", dev),
            "give --port the board's serial device, e.g. /dev/ttyACM0", 0};
  const group* g = getgrgid(st.st_gid);
  const std::string group = g ? g->gr_name : std::to_string(st.st_gid);
  if (access(dev.c_str(), R_OK | W_OK) != 0) {
    const int err = errno;
    std::string fix;
    if (in_account_group(st.st_gid) && !in_session_group(st.st_gid))
      fix = fmt::format("your account is in group {} but this login session is not yet: log out and in again (or run "
                        "`newgrp {}`)",
                        group, group);
    else
      fix = fmt::format("add yourself to group {}: `sudo usermod -aG {} $USER`, then log out and in again", group, group);
    return {"serial", Status::fail,
            fmt::format("{} (group {}) is not readable and writable by you: {}", dev, group, std::strerror(err)),
            fix, 0};
  }
  return {"serial", Status::pass, fmt::format("{} (group {}) is readable and writable", dev, group), "", 0};
}

}  // namespace aotbench::doctor
