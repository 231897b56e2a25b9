#pragma once
// Running TFLite Micro over a family's cases and reading back what it computed.
#include <filesystem>
#include <string>
#include <vector>

#include "op_case.hpp"

namespace aotbench::codegen::test {

// Writes the cases into a fresh folder `dir`, runs tflm_oracle.py over them (one process).
// Returns false, with the command's failure in `error`, when the oracle could not run.
// invocations == 2: two inferences in a row without a reset, the second on each case's
// next_inputs; the results are the second's.
bool run_tflm_oracle(const std::filesystem::path& dir, const std::vector<OpCase>& cases, std::string& error,
                     int invocations = 1);

// What TFLite Micro computed for one case of that folder.
struct OracleResult {
  std::string refused;                           // TFLite Micro's error, "" when it ran
  std::vector<std::vector<uint8_t>> outputs;     // per graph output
  std::filesystem::path dir;
  std::string name;
  // The bytes of non-constant tensor k; empty when TFLite Micro wrote none.
  std::vector<uint8_t> tensor(int k) const;
};
OracleResult oracle_result(const std::filesystem::path& dir, const OpCase& c, std::size_t outputs);

std::vector<uint8_t> read_file(const std::filesystem::path& p);
void write_file(const std::filesystem::path& p, const std::vector<uint8_t>& bytes);

}  // namespace aotbench::codegen::test
