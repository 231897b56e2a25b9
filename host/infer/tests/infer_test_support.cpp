#include "infer_test_support.hpp"

#include <fstream>
#include <iterator>
#include <stdexcept>

namespace fs = std::filesystem;

namespace aotbench::infer::test {

std::vector<codegen::Variant> full_grid() {
  std::vector<codegen::Variant> out;
  for (const char* api : {"packed", "unpacked"})
    for (const char* ws : {"static", "dynamic"})
      for (const char* params : {"direct", "lookup"})
        for (const char* index : {"i32", "i64"})
          out.push_back(codegen::Variant::parse(std::string("api=") + api + ",workspace=" + ws +
                                                ",params=" + params + ",index=" + index));
  return out;
}

std::vector<codegen::Variant> corners() {
  return {codegen::Variant::parse("api=packed,interface=packed,workspace=dynamic,params=lookup,index=i64"),
          codegen::Variant::parse("api=unpacked,interface=c,workspace=static,params=direct,index=i32")};
}

std::vector<uint8_t> read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const fs::path& p, const std::vector<uint8_t>& data) {
  std::ofstream out(p, std::ios::binary);
  out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
  if (!out) throw std::runtime_error("cannot write " + p.string());
}

fs::path scratch_dir(const std::string& name) {
  const fs::path dir = fs::path(AOTBENCH_TEST_TMP) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

}  // namespace aotbench::infer::test
