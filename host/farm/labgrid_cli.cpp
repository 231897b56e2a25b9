// See labgrid_cli.hpp.
#include "host/farm/labgrid_cli.hpp"

#include <fmt/core.h>
#include <pwd.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "host/farm/errors.hpp"
#include "farm/labgrid_query_script.hpp"
#include "host/flash/deps.hpp"

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

// The interpreter of a Python console script: its "#!" line (a venv's bin/labgrid-client names
// the venv's python, which imports labgrid).
std::string script_interpreter(const std::string& script) {
  std::ifstream in(script);
  std::string line;
  std::getline(in, line);
  if (line.rfind("#!", 0) != 0 || line.find(' ') != std::string::npos)
    throw FarmError(fmt::format("{} is not a Python console script (its first line is `{}`): reinstall labgrid "
                                "with scripts/setup",
                                script, line.substr(0, 80)));
  return trim(line.substr(2));
}

}  // namespace

QueryAnswerFile::QueryAnswerFile() {
  static std::atomic<int> count{0};  // several workers may ask at once
  path_ = std::filesystem::temp_directory_path() / fmt::format("aotbench-labgrid-{}-{}.json", getpid(), ++count);
}

QueryAnswerFile::~QueryAnswerFile() {
  std::error_code ec;
  std::filesystem::remove(path_, ec);
}

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

nlohmann::json read_query_answer(const std::filesystem::path& file) {
  std::ifstream in(file);
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw FarmError(fmt::format("cannot read what labgrid_query.py wrote to {}: {}", file.string(), e.what()));
  }
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
    : coordinator_(std::move(coordinator)),
      program_(find_labgrid_client()),
      python_(script_interpreter(program_)),
      timeout_(timeout) {}

std::vector<std::string> LabgridCli::without_lg_variables(std::vector<std::string> argv) const {
  std::vector<std::string> out = {"/usr/bin/env"};
  for (const char* v : {"LG_ENV", "LG_PLACE", "LG_TOKEN", "LG_STATE", "LG_INITIAL_STATE"}) {
    out.push_back("-u");
    out.push_back(v);
  }
  out.insert(out.end(), argv.begin(), argv.end());
  return out;
}

std::vector<std::string> LabgridCli::command(const std::vector<std::string>& args) const {
  std::vector<std::string> argv = {program_, "-x", coordinator_};
  argv.insert(argv.end(), args.begin(), args.end());
  return without_lg_variables(std::move(argv));
}

std::vector<std::string> LabgridCli::query_command(const std::vector<std::string>& args,
                                                   const std::filesystem::path& answer_file) const {
  std::vector<std::string> argv = {python_, "-c", std::string(kLabgridQueryScript), "-x", coordinator_,
                                   "--out", answer_file.string()};
  argv.insert(argv.end(), args.begin(), args.end());
  return without_lg_variables(std::move(argv));
}

std::string LabgridCli::shown(const std::vector<std::string>& args) const {
  std::vector<std::string> argv = {"labgrid-client", "-x", coordinator_};
  argv.insert(argv.end(), args.begin(), args.end());
  return base::shell_join(argv);
}

void LabgridCli::explain_no_coordinator(const base::CommandResult& r, const std::string& shown_args) const {
  if (r.timed_out)
    throw FarmError(fmt::format("`{}` did not finish in {} s: is the coordinator at {} overloaded or behind a "
                                "firewall that drops packets?",
                                shown_args, timeout_.count() / 1000, coordinator_));
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
}

base::CommandResult LabgridCli::run(const std::vector<std::string>& args) const {
  base::CommandResult r = base::run_command(command(args), timeout_);
  explain_no_coordinator(r, shown(args));
  return r;
}

base::CommandResult LabgridCli::run_query(const std::vector<std::string>& args, nlohmann::json& answer) const {
  const QueryAnswerFile file;
  base::CommandResult r = base::run_command(query_command(args, file.path()), timeout_);
  explain_no_coordinator(r, "labgrid query " + base::shell_join(args));
  if (r.exit_code == 0) answer = read_query_answer(file.path());
  return r;
}

nlohmann::json LabgridCli::query(const std::vector<std::string>& args) const {
  nlohmann::json answer;
  const base::CommandResult r = run_query(args, answer);
  if (r.exit_code != 0)
    throw FarmError(fmt::format("asking the labgrid coordinator at {} `{}` failed (exit code {}): {}", coordinator_,
                                base::shell_join(args), r.exit_code, labgrid_error(r.output)));
  return answer;
}

std::string LabgridCli::check(const std::vector<std::string>& args) const {
  base::CommandResult r = run(args);
  if (r.exit_code != 0)
    throw FarmError(fmt::format("`{}` failed (exit code {}): {}", shown(args), r.exit_code, labgrid_error(r.output)));
  return r.output;
}

}  // namespace aotbench::farm
