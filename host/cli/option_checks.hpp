#pragma once
// CLI11 validators shared by the commands: each checks one kind of value while the command line
// is parsed, before any work, and says what was wrong and what to give instead. CLI11 prefixes
// the option's name ("--repeat: ...").
#include <CLI/CLI.hpp>

#include <string>

namespace aotbench::cli {

// A whole number in [min, max], e.g. "--repeat: 0 is not from 1 to 32 (timed runs per variant; ...)".
// `why` says what the number counts and where the bounds come from.
inline constexpr long long kNoMaximum = 1LL << 31;
CLI::Validator whole_number(long long min, long long max, const std::string& why);

// A byte count with optional K/M/G suffix (CLI::AsSizeValue), refusing negative values before
// they can wrap around to 18 EB.
CLI::Validator byte_size();

// Seconds: a number > 0 and at most `max`.
CLI::Validator positive_seconds(double max);

// An existing regular file (a folder or a missing path is refused with its kind named).
CLI::Validator regular_file();

// --gdb: HOST:PORT of a running GDB server, or `start`.
CLI::Validator gdb_server();

// A --variants spec with at least one term ('' and ';;;' say nothing: leave --variants out instead).
CLI::Validator variants_spec();

}  // namespace aotbench::cli
