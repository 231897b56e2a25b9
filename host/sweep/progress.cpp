#include "host/sweep/progress.hpp"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

namespace aotbench::sweep {

Progress::Progress(std::size_t total, std::size_t already_done, bool quiet, std::FILE* out)
    : out_(out), quiet_(quiet), tty_(isatty(fileno(out)) != 0), total_(total), done_(already_done) {}

std::string Progress::eta() const {
  if (done_now_ == 0) return "ETA --";
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double left = elapsed / static_cast<double>(done_now_) * static_cast<double>(total_ - done_);
  const int s = static_cast<int>(left + 0.5);
  return s >= 60 ? fmt::format("ETA {}m{:02}s", s / 60, s % 60) : fmt::format("ETA {}s", s);
}

std::size_t Progress::terminal_width() const {
  winsize ws{};
  if (ioctl(fileno(out_), TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20) return ws.ws_col;
  return 160;  // unknown size
}

void Progress::redraw() {
  if (quiet_ || !tty_) return;
  constexpr std::size_t kBar = 20;
  const std::size_t filled = total_ ? done_ * kBar / total_ : kBar;
  std::string line = fmt::format("[{}{}] {}/{} {}", std::string(filled, '#'), std::string(kBar - filled, '.'), done_,
                                 total_, eta());
  for (const auto& [key, s] : active_) line += fmt::format(" | {} {}", measure::stage_name(s), key);
  // A line longer than the terminal wraps, and "\r\033[K" would then clear only its last row.
  const std::size_t width = terminal_width() - 1;
  if (line.size() > width) line = line.substr(0, width - 3) + "...";
  fmt::print(out_, "\r\033[K{}", line);
  std::fflush(out_);
  line_open_ = true;
}

void Progress::stage(const std::string& key, measure::Stage s) {
  std::lock_guard lock(m_);
  if (s == measure::Stage::done) active_.erase(key);
  else active_[key] = s;
  redraw();
}

void Progress::finished(const results::VariantResult& r, const std::string& counter) {
  std::lock_guard lock(m_);
  ++done_;
  ++done_now_;
  active_.erase(r.key);
  if (quiet_) return;
  if (line_open_) fmt::print(out_, "\r\033[K");
  const std::string what = r.counts ? fmt::format("{} {}", r.counts->median, counter)
                                    : fmt::format("{}", r.message.substr(0, 100));
  fmt::print(out_, "[{}/{}] {:<12} {}  {}\n", done_, total_, results::to_string(r.status), r.key, what);
  line_open_ = false;
  redraw();
}

void Progress::note(const std::string& line) {
  std::lock_guard lock(m_);
  if (quiet_) return;
  if (line_open_) fmt::print(out_, "\r\033[K");
  fmt::print(out_, "{}\n", line);
  line_open_ = false;
  redraw();
}

void Progress::close() {
  std::lock_guard lock(m_);
  if (line_open_) fmt::print(out_, "\r\033[K");
  line_open_ = false;
  std::fflush(out_);
}

}  // namespace aotbench::sweep
