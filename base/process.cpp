// See process.hpp. Children are started with fork+execv from the calling thread; the child asks
// for SIGKILL when its parent thread goes away, before exec.
#include "base/process.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>

namespace aotbench::base {
namespace {

// Live children, for the signal handler (a fixed table: no allocation in the handler).
constexpr int kMaxChildren = 64;
std::array<std::atomic<pid_t>, kMaxChildren> g_children{};

void remember(pid_t pid) {
  for (auto& slot : g_children) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, pid)) return;
  }
}

void forget(pid_t pid) {
  for (auto& slot : g_children) {
    pid_t p = pid;
    if (slot.compare_exchange_strong(p, 0)) return;
  }
}

// Commands the handler runs after killing the children (SignalCleanupCommand), same idea.
constexpr int kMaxCleanups = 16;
std::array<std::atomic<SignalCleanupCommand::Prepared*>, kMaxCleanups> g_cleanups{};

struct sigaction g_previous[3];
const int g_signals[3] = {SIGINT, SIGTERM, SIGHUP};

// The program's own handler, if it had one for `sig` before the cleanup went in front of it.
const struct sigaction* own_handler(int sig) {
  for (int i = 0; i < 3; ++i) {
    if (g_signals[i] != sig) continue;
    const struct sigaction& prev = g_previous[i];
    if ((prev.sa_flags & SA_SIGINFO) ? prev.sa_sigaction != nullptr
                                     : prev.sa_handler != SIG_DFL && prev.sa_handler != SIG_IGN)
      return &prev;
  }
  return nullptr;
}

void call(const struct sigaction& h, int sig, siginfo_t* info, void* ctx) {
  if (h.sa_flags & SA_SIGINFO)
    h.sa_sigaction(sig, info, ctx);
  else
    h.sa_handler(sig);
}

std::atomic<int> g_signals_seen{0};

void on_signal(int sig, siginfo_t* info, void* ctx) {
  // On the first signal the program's handler is told before anything goes away, so that it
  // stops starting work (a sweep would otherwise take a killed child or a released place for a
  // board that failed). A later one may end the process on the spot (a second Ctrl-C), so the
  // cleanup runs before it.
  const struct sigaction* own = own_handler(sig);
  const bool first = g_signals_seen.fetch_add(1) == 0;
  if (own && first) call(*own, sig, info, ctx);
  kill_all_children();
  run_signal_cleanup_commands();
  if (own) {
    if (!first) call(*own, sig, info, ctx);
    return;
  }
  for (int i = 0; i < 3; ++i) {
    if (g_signals[i] != sig) continue;
    if (g_previous[i].sa_handler == SIG_IGN) return;
    sigaction(sig, &g_previous[i], nullptr);  // default action: end the process as the signal intends
    raise(sig);
  }
}

int decode_status(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

// Everything the child needs, prepared before fork (after it only async-signal-safe calls).
struct ExecPlan {
  std::string path;
  std::vector<std::string> args;
  std::vector<char*> argv;
  ExecPlan(const std::vector<std::string>& a) : args(a) {
    if (a.empty()) throw ProcessError("empty command line");
    path = a[0].find('/') != std::string::npos ? a[0] : find_program(a[0]);
    if (path.empty()) throw ProcessError(fmt::format("`{}` not found on PATH (is it installed?)", a[0]));
    for (auto& s : args) argv.push_back(s.data());
    argv.push_back(nullptr);
  }
};

// In the child: die with the parent, send output to fd `out`, exec. Never returns.
[[noreturn]] void exec_child(const ExecPlan& plan, pid_t parent, int out) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(127);  // the parent died before prctl took effect
  int devnull = open("/dev/null", O_RDONLY);
  dup2(devnull, 0);
  dup2(out, 1);
  dup2(out, 2);
  close_range(3, ~0u, 0);  // no sockets or pipes of aotbench leak into the child
  execv(plan.path.c_str(), plan.argv.data());
  _exit(127);
}

pid_t spawn(const ExecPlan& plan, int out) {
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) throw ProcessError(fmt::format("cannot start {}: {}", plan.args[0], std::strerror(errno)));
  if (pid == 0) exec_child(plan, parent, out);
  remember(pid);
  return pid;
}

long monotonic_ms() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

}  // namespace

struct SignalCleanupCommand::Prepared {
  Prepared(const std::vector<std::string>& argv, long timeout_ms) : plan(argv), timeout_ms(timeout_ms) {}
  const ExecPlan plan;  // resolved now: nothing is looked up in the handler
  const long timeout_ms;
  std::atomic<bool> taken{false};  // the handler took it out of the table
  std::atomic<bool> done{false};   // ... and it has finished (or could not start)
};

SignalCleanupCommand::SignalCleanupCommand(const std::vector<std::string>& argv, std::chrono::milliseconds timeout)
    : p_(std::make_unique<Prepared>(argv, static_cast<long>(timeout.count()))) {
  install_signal_cleanup();
  for (auto& slot : g_cleanups) {
    Prepared* empty = nullptr;
    if (slot.compare_exchange_strong(empty, p_.get())) return;
  }
  throw ProcessError(fmt::format("too many cleanup commands registered (at most {})", kMaxCleanups));
}

SignalCleanupCommand::~SignalCleanupCommand() {
  for (auto& slot : g_cleanups) {
    Prepared* mine = p_.get();
    if (slot.compare_exchange_strong(mine, nullptr)) return;
  }
  // The handler took it, maybe on another thread: it reads p_ until the command has finished.
  while (p_->taken && !p_->done) std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

bool SignalCleanupCommand::taken() const { return p_->taken; }

void run_signal_cleanup_commands() {
  pid_t pids[kMaxCleanups];
  SignalCleanupCommand::Prepared* cmds[kMaxCleanups];
  int n = 0;
  long budget = 0;
  for (auto& slot : g_cleanups) {
    SignalCleanupCommand::Prepared* c = slot.exchange(nullptr);  // each command runs once
    if (!c) continue;
    c->taken = true;
    pid_t pid = _Fork();  // not fork(): no atfork handlers, which may take locks
    if (pid == 0) {
      setpgid(0, 0);  // out of the terminal's foreground group: a second Ctrl-C does not reach it
      struct sigaction ign {};
      ign.sa_handler = SIG_IGN;
      sigaction(SIGINT, &ign, nullptr);
      sigaction(SIGHUP, &ign, nullptr);
      sigset_t none;
      sigemptyset(&none);
      sigprocmask(SIG_SETMASK, &none, nullptr);  // the handler's blocked signal is not inherited
      int devnull = open("/dev/null", O_RDONLY);
      dup2(devnull, 0);
      dup2(2, 1);  // what it says goes to our stderr, never into a --json stdout
      close_range(3, ~0u, 0);
      execve(c->plan.path.c_str(), c->plan.argv.data(), environ);
      _exit(127);
    }
    if (pid < 0) {
      c->done = true;
      continue;
    }
    pids[n] = pid;
    cmds[n] = c;
    budget = std::max(budget, c->timeout_ms);
    ++n;
  }
  const long start = monotonic_ms();
  for (int left = n; left > 0;) {
    const bool late = monotonic_ms() - start > budget;
    for (int i = 0; i < n; ++i) {
      if (pids[i] <= 0) continue;
      int st = 0;
      if (late) kill(pids[i], SIGKILL);
      if (waitpid(pids[i], &st, late ? 0 : WNOHANG) != pids[i]) continue;
      pids[i] = 0;
      cmds[i]->done = true;
      --left;
    }
    timespec pause{0, 20 * 1000 * 1000};
    if (left > 0) nanosleep(&pause, nullptr);
  }
}

std::string find_program(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    std::size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string candidate = dirs.substr(start, end - start) + "/" + name;
    if (end > start && access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return "";
}

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const std::filesystem::path& log) {
  ExecPlan plan(argv);
  int out = open(log.empty() ? "/dev/null" : log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0) throw ProcessError(fmt::format("cannot open {}: {}", log.string(), std::strerror(errno)));
  try {
    pid_ = spawn(plan, out);
  } catch (...) {
    close(out);
    throw;
  }
  close(out);
}

ChildProcess::~ChildProcess() { terminate(); }

std::optional<int> ChildProcess::exit_code() {
  if (!status_ && pid_ > 0) {
    int st = 0;
    if (waitpid(pid_, &st, WNOHANG) == pid_) {
      status_ = decode_status(st);
      forget(pid_);
    }
  }
  return status_;
}

bool ChildProcess::running() { return pid_ > 0 && !exit_code(); }

std::optional<int> ChildProcess::wait_for(std::chrono::milliseconds timeout) {
  auto until = std::chrono::steady_clock::now() + timeout;
  while (running() && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return exit_code();
}

void ChildProcess::terminate(std::chrono::milliseconds grace) {
  if (!running()) return;
  kill(pid_, SIGTERM);
  if (wait_for(grace)) return;
  kill(pid_, SIGKILL);
  int st = 0;
  if (waitpid(pid_, &st, 0) == pid_) status_ = decode_status(st);
  forget(pid_);
}

CommandResult run_command(const std::vector<std::string>& argv, std::chrono::milliseconds timeout) {
  ExecPlan plan(argv);
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw ProcessError("pipe failed");
  pid_t pid;
  try {
    pid = spawn(plan, fds[1]);
  } catch (...) {
    close(fds[0]);
    close(fds[1]);
    throw;
  }
  close(fds[1]);
  CommandResult r;
  auto until = std::chrono::steady_clock::now() + timeout;
  char buf[4096];
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      r.timed_out = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
    ssize_t n = read(fds[0], buf, sizeof buf);
    if (n <= 0) break;
    r.output.append(buf, static_cast<std::size_t>(n));
  }
  close(fds[0]);
  if (r.timed_out) kill(pid, SIGKILL);
  int st = 0;
  waitpid(pid, &st, 0);
  forget(pid);
  r.exit_code = r.timed_out ? -1 : decode_status(st);
  return r;
}

void kill_all_children() {
  for (auto& slot : g_children) {
    pid_t pid = slot.load();
    if (pid > 0) kill(pid, SIGKILL);
  }
}

void install_signal_cleanup() {
  // Goes in front of whatever handler is there now, also one installed after an earlier call
  // (a command's own Ctrl-C handler), which on_signal then calls.
  static std::mutex m;
  std::lock_guard<std::mutex> lock(m);
  for (int i = 0; i < 3; ++i) {
    struct sigaction current {};
    sigaction(g_signals[i], nullptr, &current);
    if ((current.sa_flags & SA_SIGINFO) && current.sa_sigaction == on_signal) continue;
    struct sigaction sa {};
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    g_previous[i] = current;
    sigaction(g_signals[i], &sa, nullptr);
  }
}

std::string shell_join(const std::vector<std::string>& argv) {
  std::string out;
  for (auto& a : argv) {
    if (!out.empty()) out += ' ';
    bool plain = !a.empty() && a.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                   "0123456789-_./=:,+@%") == std::string::npos;
    if (plain) {
      out += a;
      continue;
    }
    out += '\'';
    for (char c : a) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += '\'';
  }
  return out;
}

}  // namespace aotbench::base
