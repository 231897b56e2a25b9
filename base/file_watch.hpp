#pragma once
// Files a long command relies on and did not make (its own executable, libraries and firmware of
// the build it came from), and whether they changed since it started: a rebuild under a running
// sweep would otherwise mix two builds, or leave it waiting on an emulator that went quiet.
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace aotbench::base {

class FileWatch {
 public:
  // Takes every file's identity now (inode, size, modification time; or that it is missing).
  explicit FileWatch(std::vector<std::filesystem::path> files);
  // One line per file that changed since ("X was replaced (rebuilt?) at 03:10:12"); empty when none.
  std::vector<std::string> changes() const;
  const std::vector<std::filesystem::path>& files() const { return files_; }

  struct Stamp {
    bool exists = false;
    unsigned long long device = 0, inode = 0, size = 0;
    long long mtime_ns = 0;
    bool operator==(const Stamp&) const = default;
  };

 private:
  std::vector<std::filesystem::path> files_;
  std::vector<Stamp> stamps_;
};

// Checks a FileWatch every `period` on a thread of its own and calls on_change (from that thread,
// once) with what changed. Stopped by the destructor, at once.
class FileWatcher {
 public:
  FileWatcher(FileWatch watch, std::chrono::milliseconds period,
              std::function<void(const std::vector<std::string>&)> on_change);
  ~FileWatcher();
  FileWatcher(const FileWatcher&) = delete;
  // The files and their stamps from the start: changes() may also be asked from any thread.
  const FileWatch& watch() const { return watch_; }
  FileWatcher& operator=(const FileWatcher&) = delete;

 private:
  FileWatch watch_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool quit_ = false;
  std::thread thread_;
};

}  // namespace aotbench::base
