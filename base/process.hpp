#pragma once
// Child processes that never outlive aotbench: each one is killed by its owner's destructor, by
// the signal handler that install_signal_cleanup() sets up (Ctrl-C, SIGTERM, SIGHUP), and by the
// kernel if aotbench itself dies (PR_SET_PDEATHSIG, so even SIGKILL leaves no orphan).
// PR_SET_PDEATHSIG follows the *thread* that started the child: a child meant to outlive that
// thread must be started from one that lives as long (see EmulatorPool).
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <sys/types.h>
#include <vector>

namespace aotbench::base {

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

// Installs handlers for SIGINT, SIGTERM and SIGHUP that kill every live ChildProcess, run the
// registered SignalCleanupCommands, then let the signal take its course (the default action, or
// the program's own previous handler: told first on the process's first signal, so that it stops
// starting work before children and places go, and last on later ones, since it may exit).
// Idempotent; called again after a program installed a handler of its own, it goes back in front
// of that one. A program with its own handler can call kill_all_children() and
// run_signal_cleanup_commands() from it.
void install_signal_cleanup();
void kill_all_children();  // async-signal-safe

// A command that undoes something outside this process which killing our children does not
// (a lock held on a server, e.g. a labgrid place): while the object lives, the signal cleanup
// runs it once, after killing the children, and waits for it up to `timeout`. The command line
// is prepared here (nothing is allocated in the handler); it runs in a process group of its own
// with SIGINT ignored, so a second Ctrl-C does not cut it short, with its stdout on our stderr.
// Registering installs the signal cleanup.
class SignalCleanupCommand {
 public:
  SignalCleanupCommand(const std::vector<std::string>& argv, std::chrono::milliseconds timeout);
  ~SignalCleanupCommand();  // unregisters (waits for the handler if it is running the command)
  SignalCleanupCommand(const SignalCleanupCommand&) = delete;
  SignalCleanupCommand& operator=(const SignalCleanupCommand&) = delete;
  // The handler has taken the command (it ran, or is running): the owner need not undo again.
  bool taken() const;

  struct Prepared;  // what the handler reads

 private:
  std::unique_ptr<Prepared> p_;
};

// Runs every registered SignalCleanupCommand not yet taken, all at once, and waits for them.
// Async-signal-safe; install_signal_cleanup()'s handler calls it.
void run_signal_cleanup_commands();

// Shell-quoted form of a command line, for messages and --dry-run.
std::string shell_join(const std::vector<std::string>& argv);

}  // namespace aotbench::base
