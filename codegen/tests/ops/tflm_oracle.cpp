#include "tflm_oracle.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <iterator>

#include "needs_tflm.hpp"

namespace fs = std::filesystem;

namespace aotbench::codegen::test {

std::vector<uint8_t> read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_file(const fs::path& p, const std::vector<uint8_t>& bytes) {
  std::ofstream out(p, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

bool run_tflm_oracle(const fs::path& dir, const std::vector<OpCase>& cases, std::string& error, int invocations) {
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const OpCase& c : cases) {
    write_file(dir / (c.name + ".tflite"), c.model);
    for (std::size_t i = 0; i < c.inputs.size(); ++i) write_file(dir / fmt::format("{}.in{}.raw", c.name, i), c.inputs[i]);
    for (std::size_t i = 0; i < c.next_inputs.size() && invocations > 1; ++i) {
      write_file(dir / fmt::format("{}.step1.in{}.raw", c.name, i), c.next_inputs[i]);
    }
  }
  const std::string cmd = fmt::format("'{}' '{}' --invocations {} '{}'", aotbench::test::tflm_python().string(),
                                      AOTBENCH_TFLM_ORACLE, invocations, dir.string());
  if (const int rc = std::system(cmd.c_str()); rc != 0) {
    error = fmt::format("{} exited with {}", cmd, rc);
    return false;
  }
  return true;
}

std::vector<uint8_t> OracleResult::tensor(int k) const {
  const fs::path p = dir / fmt::format("{}.t{}.raw", name, k);
  return fs::exists(p) ? read_file(p) : std::vector<uint8_t>{};
}

OracleResult oracle_result(const fs::path& dir, const OpCase& c, std::size_t outputs) {
  OracleResult r;
  r.dir = dir;
  r.name = c.name;
  if (const fs::path e = dir / (c.name + ".error"); fs::exists(e)) {
    const auto text = read_file(e);
    r.refused.assign(text.begin(), text.end());
    return r;
  }
  for (std::size_t o = 0; o < outputs; ++o) r.outputs.push_back(read_file(dir / fmt::format("{}.out{}.raw", c.name, o)));
  return r;
}

}  // namespace aotbench::codegen::test
