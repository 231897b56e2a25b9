// See farm_lab.hpp.
#include "farm_lab.hpp"

#include <arpa/inet.h>
#include <fmt/core.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <csignal>
#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "host/flash/deps.hpp"

namespace fs = std::filesystem;

namespace aotbench::farm::test {

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

namespace {

int listen_socket(unsigned& port) {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  if (bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || listen(fd, 8) != 0)
    throw std::runtime_error("cannot listen on 127.0.0.1");
  socklen_t len = sizeof a;
  getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  port = ntohs(a.sin_port);
  return fd;
}

}  // namespace

fs::path venv_bin(const std::string& name) { return flash::deps_dir() / "venv" / "bin" / name; }

std::string lab_missing() {
  for (const char* p : {"labgrid-coordinator", "labgrid-exporter", "labgrid-client"})
    if (access(venv_bin(p).c_str(), X_OK) != 0)
      return fmt::format("labgrid is not installed: {} not found (scripts/setup installs the pinned labgrid there)",
                         venv_bin(p).string());
  return "";
}

unsigned free_port() {
  unsigned port = 0;
  close(listen_socket(port));
  return port;
}

FarmLab::FarmLab(std::vector<LabBoard> boards) : boards_(std::move(boards)) {
  char tmpl[] = "/tmp/aotbench-farmlab-XXXXXX";
  dir_ = mkdtemp(tmpl);
  for (auto& b : boards_) {
    for (auto [port, what] : {std::pair{&b.serial_port, "console"}, std::pair{&b.gdb_port, "gdb"}}) {
      if (*port != 0) continue;  // the test serves it (e.g. a QEMU)
      auto l = std::make_unique<Listener>();
      l->fd = listen_socket(l->port);
      l->banner = b.place + " " + what + "\n";
      *port = l->port;
      listeners_.push_back(std::move(l));
    }
  }
  listen_thread_ = std::thread([this] { listen_loop(); });

  // The coordinator keeps its places in places.yaml in its working directory: ours, in dir_.
  const unsigned cport = free_port();
  coordinator_ = fmt::format("127.0.0.1:{}", cport);
  coordinator_proc_ = std::make_unique<base::ChildProcess>(
      std::vector<std::string>{"/bin/sh", "-c",
                               fmt::format("cd '{}' && exec '{}' -l {}", dir_.string(),
                                           venv_bin("labgrid-coordinator").string(), coordinator_)},
      dir_ / "coordinator.log");
  wait_for_log(dir_ / "coordinator.log", "Coordinator ready", *coordinator_proc_);

  std::map<std::string, std::string> configs;  // exporter -> YAML
  for (const auto& b : boards_)
    configs[b.exporter] += fmt::format(
        "{}:\n"
        "  console:\n    cls: NetworkSerialPort\n    host: 127.0.0.1\n    port: {}\n    protocol: raw\n    speed: 115200\n"
        "  gdb:\n    cls: NetworkSerialPort\n    host: 127.0.0.1\n    port: {}\n    protocol: raw\n",
        b.place, b.serial_port, b.gdb_port);
  for (const auto& [name, yaml] : configs) {
    std::ofstream(dir_ / (name + ".yaml")) << yaml;
    const fs::path log = dir_ / (name + ".log");
    exporters_.push_back(std::make_unique<base::ChildProcess>(
        std::vector<std::string>{"/bin/sh", "-c",
                                 fmt::format("cd '{}' && exec '{}' -c {} -n {} --hostname 127.0.0.1 {}.yaml",
                                             dir_.string(), venv_bin("labgrid-exporter").string(), coordinator_, name,
                                             name)},
        log));
    exporter_names_.push_back(name);
    wait_for_log(log, "connected to coordinator", *exporters_.back());
  }

  // The places, as an admin makes them (scenarios/farms/README.md).
  for (const auto& b : boards_) {
    check({"-p", b.place, "create"});
    check({"-p", b.place, "add-named-match", b.exporter + "/" + b.place + "/NetworkSerialPort/console", "console"});
    check({"-p", b.place, "add-named-match", b.exporter + "/" + b.place + "/NetworkSerialPort/gdb", "gdb"});
    std::vector<std::string> tags = {"-p", b.place, "set-tags"};
    for (const auto& [k, v] : b.tags) tags.push_back(k + "=" + v);
    check(tags);
  }
}

FarmLab::~FarmLab() {
  exporters_.clear();  // SIGTERM, then SIGKILL after a grace period; reaped
  coordinator_proc_.reset();
  stop_ = true;
  if (listen_thread_.joinable()) listen_thread_.join();
  for (auto& l : listeners_) close(l->fd);
  std::error_code ec;
  fs::remove_all(dir_, ec);
}

void wait_for_log(const fs::path& log, const std::string& text, base::ChildProcess& p) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < until) {
    if (read_file(log).find(text) != std::string::npos) return;
    if (!p.running())
      throw std::runtime_error(fmt::format("{} ended before `{}`:\n{}", log.string(), text, read_file(log)));
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  throw std::runtime_error(fmt::format("no `{}` in {} within 60 s:\n{}", text, log.string(), read_file(log)));
}

base::CommandResult FarmLab::client(const std::vector<std::string>& args, const std::vector<std::string>& env) const {
  std::vector<std::string> argv = {"/usr/bin/env"};
  argv.insert(argv.end(), env.begin(), env.end());
  argv.insert(argv.end(), {venv_bin("labgrid-client").string(), "-x", coordinator_});
  argv.insert(argv.end(), args.begin(), args.end());
  return base::run_command(argv, std::chrono::seconds(60));
}

void FarmLab::check(const std::vector<std::string>& args) const {
  const auto r = client(args);
  if (r.exit_code != 0)
    throw std::runtime_error(fmt::format("labgrid-client {} failed: {}", base::shell_join(args), r.output));
}

std::vector<std::string> FarmLab::who_rows() const {
  const auto r = client({"who"});
  if (r.exit_code != 0) throw std::runtime_error("labgrid-client who failed: " + r.output);
  std::istringstream in(r.output);
  std::vector<std::string> rows;
  std::string line;
  std::getline(in, line);  // User  Host  Place  Changed
  if (line.rfind("User", 0) != 0) throw std::runtime_error("unexpected `who` output: " + r.output);
  while (std::getline(in, line))
    if (!line.empty()) rows.push_back(line);
  return rows;
}

int FarmLab::max_open(unsigned port) const {
  for (const auto& l : listeners_)
    if (l->port == port) return l->max_open;
  return -1;
}

// Accepts on every endpoint, greets, and keeps each connection until the peer closes it.
void FarmLab::listen_loop() {
  std::vector<std::pair<int, Listener*>> conns;
  while (!stop_) {
    std::vector<pollfd> fds;
    for (auto& l : listeners_) fds.push_back({l->fd, POLLIN, 0});
    for (auto& [fd, l] : conns) fds.push_back({fd, POLLIN, 0});
    if (poll(fds.data(), fds.size(), 50) <= 0) continue;
    for (std::size_t i = 0; i < listeners_.size(); ++i) {
      if (!(fds[i].revents & POLLIN)) continue;
      Listener* l = listeners_[i].get();
      int c = accept4(l->fd, nullptr, nullptr, SOCK_CLOEXEC);
      if (c < 0) continue;
      (void)!write(c, l->banner.data(), l->banner.size());
      const int now = ++l->open;
      for (int m = l->max_open; now > m && !l->max_open.compare_exchange_weak(m, now);) {
      }
      conns.emplace_back(c, l);
    }
    for (std::size_t i = listeners_.size(); i < fds.size(); ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char buf[256];
      auto& [fd, l] = conns[i - listeners_.size()];
      if (read(fd, buf, sizeof buf) > 0) continue;
      close(fd);
      --l->open;
      fd = -1;
    }
    std::erase_if(conns, [](const auto& c) { return c.first < 0; });
  }
  for (auto& [fd, l] : conns) close(fd);
}

void FarmLab::kill_exporter(const std::string& name) {
  for (std::size_t i = 0; i < exporter_names_.size(); ++i)
    if (exporter_names_[i] == name) ::kill(exporters_[i]->pid(), SIGKILL);
}

}  // namespace aotbench::farm::test
