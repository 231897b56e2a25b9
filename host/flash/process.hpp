#pragma once
// Child processes that never outlive aotbench: each one is killed by its owner's destructor, by
// the signal handler that install_signal_cleanup() sets up (Ctrl-C, SIGTERM, SIGHUP), and by the
// kernel if aotbench itself dies (PR_SET_PDEATHSIG, so even SIGKILL leaves no orphan).
// PR_SET_PDEATHSIG follows the *thread* that started the child: a child meant to outlive that
// thread must be started from one that lives as long (see EmulatorPool).
#include <chrono>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <sys/types.h>
#include <vector>

namespace aotbench::flash {

struct ProcessError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ChildProcess {
 public:
  // Starts argv[0] (looked up on PATH) with stdout+stderr going to `log` (or /dev/null when empty).
  // Throws ProcessError when the program cannot be found or started.
  ChildProcess(const std::vector<std::string>& argv, const std::filesystem::path& log);
  ~ChildProcess();  // terminate(): no child survives its owner
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }
  bool running();                       // false once it has exited (and been reaped)
  std::optional<int> exit_code();       // exit status, or 128+signal; empty while running
  // SIGTERM, then SIGKILL after `grace`; always reaps.
  void terminate(std::chrono::milliseconds grace = std::chrono::milliseconds(500));
  // Waits for the exit up to `timeout`; returns the exit code, or empty on timeout.
  std::optional<int> wait_for(std::chrono::milliseconds timeout);

 private:
  pid_t pid_ = -1;
  std::optional<int> status_;
};

// Full path of a program on PATH, or empty.
std::string find_program(const std::string& name);

struct CommandResult {
  int exit_code = -1;    // 128+signal if killed, -1 if it timed out
  bool timed_out = false;
  std::string output;    // stdout and stderr, interleaved
};

// Runs a command to completion (killed after `timeout`), capturing its output.
CommandResult run_command(const std::vector<std::string>& argv, std::chrono::milliseconds timeout);

// Installs handlers for SIGINT, SIGTERM and SIGHUP that kill every live ChildProcess, then let the
// signal take its course (the previous handler is called if there was one, else the default
// action). Idempotent. A program with its own handler can call kill_all_children() from it.
void install_signal_cleanup();
void kill_all_children();  // async-signal-safe

// Shell-quoted form of a command line, for messages and --dry-run.
std::string shell_join(const std::vector<std::string>& argv);

}  // namespace aotbench::flash
