// See file_watch.hpp.
#include "base/file_watch.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <sys/stat.h>

#include <ctime>

namespace fs = std::filesystem;

namespace aotbench::base {
namespace {

FileWatch::Stamp stamp_of(const fs::path& file) {
  struct stat st {};
  if (stat(file.c_str(), &st) != 0) return {};
  return {true, st.st_dev, st.st_ino, static_cast<unsigned long long>(st.st_size),
          st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec};
}

std::string clock_time(long long ns) {
  return fmt::format("{:%H:%M:%S}", fmt::localtime(static_cast<std::time_t>(ns / 1000000000LL)));
}

}  // namespace

FileWatch::FileWatch(std::vector<fs::path> files) : files_(std::move(files)) {
  for (const fs::path& f : files_) stamps_.push_back(stamp_of(f));
}

std::vector<std::string> FileWatch::changes() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < files_.size(); ++i) {
    const Stamp was = stamps_[i], now = stamp_of(files_[i]);
    if (now == was) continue;
    const std::string f = files_[i].string();
    if (!now.exists)
      out.push_back(fmt::format("{} was removed", f));
    else if (!was.exists)
      out.push_back(fmt::format("{} appeared at {}", f, clock_time(now.mtime_ns)));
    else if (now.inode != was.inode || now.device != was.device)
      out.push_back(fmt::format("{} was replaced (rebuilt?) at {}", f, clock_time(now.mtime_ns)));
    else
      out.push_back(fmt::format("{} was rewritten at {} ({} bytes, {} before)", f, clock_time(now.mtime_ns), now.size,
                                was.size));
  }
  return out;
}

FileWatcher::FileWatcher(FileWatch watch, std::chrono::milliseconds period,
                         std::function<void(const std::vector<std::string>&)> on_change)
    : watch_(std::move(watch)) {
  thread_ = std::thread([this, period, on_change = std::move(on_change)] {
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, period, [&] { return quit_; })) {
      const std::vector<std::string> changed = watch_.changes();
      if (changed.empty()) continue;
      lock.unlock();
      on_change(changed);
      return;
    }
  });
}

FileWatcher::~FileWatcher() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

}  // namespace aotbench::base
