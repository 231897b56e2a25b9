// See labgrid_cli.hpp.
#include "farm/labgrid_cli.hpp"

#include <fmt/core.h>
#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <sstream>

#include "farm/errors.hpp"
#include "flash/deps.hpp"

namespace aotbench::farm {
namespace {

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ')) s.pop_back();
  return s;
}

}  // namespace

std::string resolve_coordinator(const std::string& option) {
  if (!option.empty()) return option;
  if (std::string e = env("LG_COORDINATOR"); !e.empty()) return e;
  return kDefaultCoordinator;
}

std::string find_labgrid_client() {
  std::string p = flash::find_venv_program("labgrid-client");
  if (p.empty())
    throw FarmError(fmt::format("labgrid-client is not in {} nor on PATH: run scripts/setup, which installs the "
                                "pinned labgrid (scripts/python-requirements.txt) into that virtual environment",
                                (flash::deps_dir() / "venv" / "bin").string()));
  return p;
}

// Python's socket.gethostname() and getpass.getuser(), which labgrid-client uses.
std::string labgrid_identity() {
  std::string host = env("LG_HOSTNAME");
  if (host.empty()) {
    char buf[256] = {};
    gethostname(buf, sizeof buf - 1);
    host = buf;
  }
  std::string user = env("LG_USERNAME");
  for (const char* v : {"LOGNAME", "USER", "LNAME", "USERNAME"})
    if (user.empty()) user = env(v);
  if (user.empty())
    if (const passwd* pw = getpwuid(getuid())) user = pw->pw_name;
  return host + "/" + user;
}

std::string labgrid_error(const std::string& output) {
  std::istringstream in(output);
  std::string last, error;
  for (std::string l; std::getline(in, l);) {
    if (trim(l).empty()) continue;
    last = trim(l);
    if (const auto at = l.find("Error: "); at != std::string::npos) error = trim(l.substr(at + 7));
  }
  return error.empty() ? last : error;
}

LabgridCli::LabgridCli(std::string coordinator, std::chrono::milliseconds timeout)
    : coordinator_(std::move(coordinator)), program_(find_labgrid_client()), timeout_(timeout) {}

std::vector<std::string> LabgridCli::command(const std::vector<std::string>& args) const {
  std::vector<std::string> argv = {"/usr/bin/env"};
  for (const char* v : {"LG_ENV", "LG_PLACE", "LG_TOKEN", "LG_STATE", "LG_INITIAL_STATE"}) {
    argv.push_back("-u");
    argv.push_back(v);
  }
  argv.push_back(program_);
  argv.push_back("-x");
  argv.push_back(coordinator_);
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

std::string LabgridCli::shown(const std::vector<std::string>& args) const {
  std::vector<std::string> argv = {"labgrid-client", "-x", coordinator_};
  argv.insert(argv.end(), args.begin(), args.end());
  return flash::shell_join(argv);
}

flash::CommandResult LabgridCli::run(const std::vector<std::string>& args) const {
  flash::CommandResult r = flash::run_command(command(args), timeout_);
  if (r.timed_out)
    throw FarmError(fmt::format("`{}` did not finish in {} s: is the coordinator at {} overloaded or behind a "
                                "firewall that drops packets?",
                                shown(args), timeout_.count() / 1000, coordinator_));
  if (r.exit_code != 0 && r.output.find("Could not connect to coordinator") != std::string::npos) {
    // gRPC's reason, e.g. "... ipv4:127.0.0.1:20408: Failed to connect to remote host: Connection refused"
    std::string why = "it does not answer";
    if (const auto at = r.output.find("unavailable: "); at != std::string::npos)
      why = trim(r.output.substr(at + 13, r.output.find('\n', at) - at - 13));
    throw FarmError(fmt::format("no labgrid coordinator answers at {} ({}): start one there "
                                "(`labgrid-coordinator -l {}`), or name the right one with --coordinator HOST:PORT "
                                "or LG_COORDINATOR",
                                coordinator_, why, coordinator_));
  }
  return r;
}

std::string LabgridCli::check(const std::vector<std::string>& args) const {
  flash::CommandResult r = run(args);
  if (r.exit_code != 0)
    throw FarmError(fmt::format("`{}` failed (exit code {}): {}", shown(args), r.exit_code, labgrid_error(r.output)));
  return r.output;
}

}  // namespace aotbench::farm
