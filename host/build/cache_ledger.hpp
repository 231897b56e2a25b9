#pragma once
// The build cache's size without walking it: <root>/size.ledger holds what the last full walk
// (cache_prune.hpp) found plus every entry added since, and when that walk was. Each writer adds
// its new entry (an object, a generated folder, a firmware, a host runner); the ledger is locked
// (flock) for each read-modify-write, so concurrent sweeps add without losing each other's bytes.
// An entry a writer does not report, or a twin's entry counted twice, is put right by the next walk.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>

namespace aotbench::build {

struct Ledger {
  uint64_t bytes = 0;
  std::chrono::system_clock::time_point walked_at;  // the last full walk
};

// The ledger, or empty when there is none (no walk yet) or it cannot be read.
std::optional<Ledger> read_ledger(const std::filesystem::path& root);
// After a full walk that found `bytes`: the ledger starts again from them, now.
void reset_ledger(const std::filesystem::path& root, uint64_t bytes);
// A new entry of `bytes`; nothing when there is no ledger yet (the first prune walks anyway).
void add_to_ledger(const std::filesystem::path& root, uint64_t bytes);
// A file's size, or the sizes of the files in a folder (a new entry: a few files).
uint64_t bytes_in(const std::filesystem::path& entry);

}  // namespace aotbench::build
