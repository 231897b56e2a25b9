#pragma once
// A sweep's results folder, held by one aotbench at a time. New folders are created with mkdir
// semantics (a suffix _2, _3, ... when the name is taken), so two sweeps started in the same
// second never share one. The holder keeps an flock on `.aotbench.lock` in the folder for as long
// as it lives (the kernel drops it when the process dies, even on SIGKILL) and writes there who it
// is, so a second aotbench is refused with the holder named instead of writing into the folder.
#include <filesystem>
#include <stdexcept>
#include <string>

namespace aotbench::sweep {

struct RunFolderError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class RunFolder {
 public:
  static constexpr const char* kLockFile = ".aotbench.lock";

  // A new folder root/base, or root/base_2, base_3, ... when that name exists.
  static RunFolder create_unique(const std::filesystem::path& root, const std::string& base);
  // --out DIR of a new sweep: created when missing; refused when it already holds a sweep, or
  // anything else (a sweep must not write over a user's results.csv).
  static RunFolder create_at(const std::filesystem::path& dir);
  // --resume DIR: an existing folder. Locks it without writing anything into it (except the
  // empty lock file where an older aotbench left none).
  static RunFolder open_existing(const std::filesystem::path& dir);

  RunFolder(RunFolder&& o) noexcept;
  RunFolder& operator=(RunFolder&& o) noexcept;
  RunFolder(const RunFolder&) = delete;
  RunFolder& operator=(const RunFolder&) = delete;
  ~RunFolder();

  const std::filesystem::path& path() const { return path_; }
  // Names this process (pid, host, start time, command line) in the lock file.
  void record_holder();
  // A new sweep that failed before measuring anything: removes what it wrote to start (run.json,
  // input*.raw, reference*.raw, the lock file) and the folder when that leaves it empty.
  void discard();

 private:
  explicit RunFolder(std::filesystem::path path);  // takes the lock; throws when it is held
  std::filesystem::path path_;
  int fd_ = -1;
};

// argv of this process, shell-quoted where needed: what the user typed.
std::string own_command_line();

// "pid 1234 on host h since 2026-11-24T09:30:00Z: aotbench --board stm32 ...": this process.
std::string holder_description();

}  // namespace aotbench::sweep
