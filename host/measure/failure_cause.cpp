#include "host/measure/failure_cause.hpp"

#include <array>

namespace aotbench::measure {

bool names_passing_cause(const std::string& message) {
  // strerror()'s words (glibc) and what gcc, ld and the process runner say when the OS fails them.
  static constexpr std::array kCauses{
      "No space left on device", "Disk quota exceeded",  "Cannot allocate memory", "Input/output error",
      "Resource temporarily unavailable", "Too many open files", "Read-only file system",
      "out of memory",           "virtual memory exhausted", "Killed signal terminated program",
      "timed out",               "File too large",       "Stale file handle"};
  for (const char* cause : kCauses)
    if (message.find(cause) != std::string::npos) return true;
  return false;
}

}  // namespace aotbench::measure
