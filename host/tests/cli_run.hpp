#pragma once
// Runs the aotbench binary as a user would, with stdout and stderr kept apart (for CLI tests).
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "base/process.hpp"

namespace aotbench::test {

struct CliRun {
  int rc;
  std::string out, err;
  double seconds;
};

inline CliRun aotbench_cli(const std::vector<std::string>& args,
                           std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
  namespace fs = std::filesystem;
  static int n = 0;
  const fs::path err = fs::temp_directory_path() / ("aotbench-cli-err-" + std::to_string(getpid()) + "-" + std::to_string(++n));
  const std::string cmd = base::shell_join({AOTBENCH_BIN}) + " " + base::shell_join(args) + " 2>" + err.string();
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = base::run_command({"/bin/sh", "-c", cmd}, timeout);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::ifstream in(err);
  std::stringstream e;
  e << in.rdbuf();
  fs::remove(err);
  return {r.exit_code, r.output, e.str(), s};
}

}  // namespace aotbench::test
