#pragma once
// What a link went through: the RPC client's counts and, under --link-faults, the faults injected,
// summed over sessions, in one line for people.
#include <string>

#include "transport/link/fault_link.hpp"
#include "transport/rpc/messages.hpp"

namespace aotbench::transport {

struct LinkReport {
  LinkStats rpc;
  FaultCounts up, down;  // injected by a FaultyLink: host to device, device to host
  LinkReport& operator+=(const LinkReport& o);
  // "812 requests sent 845 times: 21 silences (asked again), 9 frames failed the CRC or decoding,
  // 3 NACKs from the device; 410 progress frames; faults injected: 8 dropped, 9 corrupted, 0
  // duplicated of 1702 frames"
  std::string summary() const;
};

}  // namespace aotbench::transport
