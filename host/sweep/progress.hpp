#pragma once
// Console progress of a sweep on stderr: on a terminal, one live line (a bar, done/total, ETA, what
// each worker is doing); otherwise one line per finished variant, for logs. Thread-safe.
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>

#include "host/measure/measure.hpp"
#include "results/record.hpp"

namespace aotbench::sweep {

class Progress {
 public:
  Progress(std::size_t total, std::size_t already_done, bool quiet, std::FILE* out = stderr);
  void stage(const std::string& key, measure::Stage s);
  void finished(const results::VariantResult& r, const std::string& counter);
  void note(const std::string& line);  // a message that must not be overwritten
  void close();                         // ends the live line

 private:
  void redraw();
  std::string eta() const;
  std::size_t terminal_width() const;

  std::mutex m_;
  std::FILE* out_;
  bool quiet_, tty_;
  std::size_t total_, done_, done_now_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::map<std::string, measure::Stage> active_;
  bool line_open_ = false;
};

}  // namespace aotbench::sweep
