// See link_report.hpp.
#include "transport/rpc/link_report.hpp"

#include <fmt/core.h>

namespace aotbench::transport {

LinkReport& LinkReport::operator+=(const LinkReport& o) {
  rpc.requests += o.rpc.requests;
  rpc.attempts += o.rpc.attempts;
  rpc.timeouts += o.rpc.timeouts;
  rpc.crc_errors += o.rpc.crc_errors;
  rpc.nacks += o.rpc.nacks;
  rpc.stale_frames += o.rpc.stale_frames;
  rpc.progress_frames += o.rpc.progress_frames;
  rpc.banners += o.rpc.banners;
  rpc.bytes_sent += o.rpc.bytes_sent;
  rpc.bytes_received += o.rpc.bytes_received;
  up += o.up;
  down += o.down;
  return *this;
}

std::string LinkReport::summary() const {
  std::string s = fmt::format(
      "{} requests sent {} times: {} silences (asked again), {} frames failed the CRC or decoding, {} NACKs from the "
      "device; {} progress frames",
      rpc.requests, rpc.attempts, rpc.timeouts, rpc.crc_errors, rpc.nacks, rpc.progress_frames);
  if (up.frames + down.frames > 0) {
    FaultCounts all = up;
    all += down;
    s += fmt::format("; faults injected: {} dropped, {} corrupted, {} duplicated of {} frames", all.dropped,
                     all.corrupted, all.duplicated, all.frames);
  }
  return s;
}

}  // namespace aotbench::transport
