#pragma once
// CLI11 validators shared by the commands: each checks one kind of value while the command line
// is parsed, before any work, and says what was wrong and what to give instead. CLI11 prefixes
// the option's name ("--repeat: ...").
#include <CLI/CLI.hpp>

#include <string>

#include "base/whole_range.hpp"

namespace aotbench::cli {

// A whole number in its range, e.g. "--repeat: 0 is not a whole number from 1 to 32 (timed runs per
// variant; ...)"; `why` says what the number counts and where the bounds come from.
inline constexpr long long kNoMaximum = base::WholeRange::kNoMaximum;
CLI::Validator whole_number(const base::WholeRange& range);
inline CLI::Validator whole_number(long long min, long long max, const std::string& why) {
  return whole_number(base::WholeRange{min, max, why});
}

// A byte count with optional K/M/G suffix (CLI::AsSizeValue), refusing negative values before
// they can wrap around to 18 EB, and values beyond 2^64-1 before they saturate to it.
CLI::Validator byte_size();

// Seconds: a number > 0 and at most `max`.
CLI::Validator positive_seconds(double max);

// An existing regular file (a folder or a missing path is refused with its kind named).
CLI::Validator regular_file();

// A --link-faults spec: drop=P,corrupt=P,dup=P,seed=S (transport::LinkFaults::parse says what is wrong).
CLI::Validator link_faults_spec();
inline constexpr const char* kLinkFaultsHelp =
    "inject faults on the host's side of the device link, both ways, per frame: drop=P loses it, corrupt=P "
    "changes one byte, dup=P delivers it twice (each P from 0 to 1), seed=S (default 1) makes them "
    "reproducible; for tests and lab diagnosis: results must not change, only the time";
// --serial / --port: tcp:HOST:PORT, rfc2217:HOST:PORT, or a device path.
CLI::Validator serial_port();
// --gdb: HOST:PORT of a running GDB server, or `start`.
CLI::Validator gdb_server();

// A --variants spec with at least one term ('' and ';;;' say nothing: leave --variants out instead).
CLI::Validator variants_spec();

}  // namespace aotbench::cli
