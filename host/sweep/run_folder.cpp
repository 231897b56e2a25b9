#include "host/sweep/run_folder.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "results/files.hpp"

namespace fs = std::filesystem;

namespace aotbench::sweep {

std::string own_command_line() {
  std::string raw;
  try {
    raw = results::read_file("/proc/self/cmdline");
  } catch (const std::exception&) {
    return "aotbench";
  }
  std::string out;
  std::size_t begin = 0;
  while (begin < raw.size()) {
    std::size_t end = raw.find('\0', begin);
    if (end == std::string::npos) end = raw.size();
    const std::string arg = raw.substr(begin, end - begin);
    begin = end + 1;
    const bool plain = !arg.empty() && arg.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                             "0123456789-_=+./:,@%") == std::string::npos;
    if (!out.empty()) out.push_back(' ');
    if (plain) {
      out += arg;
      continue;
    }
    out.push_back('\'');
    for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out.push_back('\'');
  }
  return out;
}

namespace {

const std::string& start_time() {
  static const std::string t = fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", fmt::gmtime(std::time(nullptr)));
  return t;
}

}  // namespace

std::string holder_description() {
  char host[256] = "?";
  gethostname(host, sizeof host - 1);
  return fmt::format("pid {} on host {} since {}: {}", getpid(), host, start_time(), own_command_line());
}

RunFolder::RunFolder(fs::path path) : path_(std::move(path)) {
  const fs::path lock = path_ / kLockFile;
  // O_CLOEXEC: compilers and QEMU must not inherit the lock and hold it after we are gone.
  fd_ = open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw RunFolderError(fmt::format("cannot open the lock file {}: {} (is the folder writable?)", lock.string(),
                                     std::strerror(errno)));
  if (flock(fd_, LOCK_EX | LOCK_NB) == 0) return;
  const int err = errno;
  close(fd_);
  fd_ = -1;
  if (err != EWOULDBLOCK)
    throw RunFolderError(fmt::format("cannot lock {}: {}", lock.string(), std::strerror(err)));
  std::string holder;
  try {
    holder = results::read_file(lock);
  } catch (const std::exception&) {
  }
  while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
  throw RunFolderError(fmt::format("{} is in use by another aotbench ({}); wait for it to finish or stop it, or give "
                                   "another --out",
                                   path_.string(), holder.empty() ? "it has not named itself yet" : holder));
}

RunFolder RunFolder::create_unique(const fs::path& root, const std::string& base) {
  std::error_code ec;
  fs::create_directories(root, ec);
  if (ec) throw RunFolderError(fmt::format("cannot create the results folder {}: {}", root.string(), ec.message()));
  for (int n = 1; n < 1000; ++n) {
    const fs::path dir = root / (n == 1 ? base : fmt::format("{}_{}", base, n));
    // mkdir fails when the name exists: whoever creates it owns it, even in the same second.
    if (fs::create_directory(dir, ec)) return RunFolder(dir);
    if (ec && ec != std::errc::file_exists)
      throw RunFolderError(fmt::format("cannot create the results folder {}: {}", dir.string(), ec.message()));
  }
  throw RunFolderError(fmt::format("{} has 999 folders named {}*; clean it up or give --out", root.string(), base));
}

RunFolder RunFolder::create_at(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir))
    throw RunFolderError(fmt::format("cannot create the results folder --out {}: {}", dir.string(),
                                     ec ? ec.message() : "a file of that name exists"));
  // Checked before the lock file is made: nothing is written into a folder of someone else's.
  const bool a_sweep = fs::exists(dir / "run.json") || fs::exists(dir / "results.json");
  if (!a_sweep)
    for (const auto& entry : fs::directory_iterator(dir))
      if (entry.path().filename() != kLockFile)
        throw RunFolderError(fmt::format("--out {} holds files that are no aotbench sweep ({} is there), which the "
                                         "sweep would write over; give a new or empty folder",
                                         dir.string(), entry.path().filename().string()));
  RunFolder folder(dir);  // a sweep's folder: its holder is named if it has one
  for (const char* file : {"run.json", "results.json"})
    if (fs::exists(dir / file))
      throw RunFolderError(fmt::format("--out {} already holds a sweep ({} is there); add --resume to finish it, or "
                                       "give another --out (or delete the folder)",
                                       dir.string(), file));
  return folder;
}

void RunFolder::discard() {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(path_, ec)) {
    const std::string name = entry.path().filename().string();
    const bool raw = name.ends_with(".raw") && (name.starts_with("input") || name.starts_with("reference"));
    if (raw || name == "run.json" || name == kLockFile) fs::remove(entry.path(), ec);
  }
  fs::remove(path_, ec);  // only when nothing else is in it
}

RunFolder RunFolder::open_existing(const fs::path& dir) {
  if (!fs::is_directory(dir))
    throw RunFolderError(fmt::format("--resume: {} is not a results folder (it does not exist); run without --resume "
                                     "to start a sweep",
                                     dir.string()));
  return RunFolder(dir);
}

RunFolder::RunFolder(RunFolder&& o) noexcept : path_(std::move(o.path_)), fd_(o.fd_) { o.fd_ = -1; }

RunFolder& RunFolder::operator=(RunFolder&& o) noexcept {
  if (this != &o) {
    if (fd_ >= 0) close(fd_);
    path_ = std::move(o.path_);
    fd_ = o.fd_;
    o.fd_ = -1;
  }
  return *this;
}

RunFolder::~RunFolder() {
  if (fd_ >= 0) close(fd_);  // releases the flock
}

void RunFolder::record_holder() {
  const std::string text = holder_description() + "\n";
  if (ftruncate(fd_, 0) != 0 || pwrite(fd_, text.data(), text.size(), 0) != static_cast<ssize_t>(text.size()))
    throw RunFolderError(fmt::format("cannot write {}: {}", (path_ / kLockFile).string(), std::strerror(errno)));
}

}  // namespace aotbench::sweep
