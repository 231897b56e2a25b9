#pragma once
// Deterministic runs shaped like a default mnv2 sweep on the emulated STM32F405, for tests:
// 38 variants (the 2^5 cross product at Os plus O0/O2/O3 corners), failures of each kind, a
// per-operator table, and hostile strings (HTML, quotes, commas, newlines) in every text field.
#include "results/record.hpp"

namespace aotbench::results::testing {

// The baseline run.
Run sample_run();
// The same sweep a day later, with known changes against sample_run() (see sample_run.cpp):
// counts +10% for kSlowerKey, flash model code +3% for kBiggerKey, kBrokenKey ok -> mismatch,
// kFasterKey counts -5%, kDroppedKey missing, kAddedKey new; and the winner's layers tuned.
Run changed_run();

extern const char* const kSlowerKey;
extern const char* const kBiggerKey;
extern const char* const kBrokenKey;
extern const char* const kFasterKey;
extern const char* const kDroppedKey;
extern const char* const kAddedKey;
extern const char* const kHostileModel;

}  // namespace aotbench::results::testing
