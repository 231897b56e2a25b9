#include "oracle_data.hpp"

#include <openssl/evp.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace oracle {
namespace {

std::vector<std::vector<std::string>> read_tsv(const std::filesystem::path& p) {
  std::ifstream in(p);
  if (!in) throw std::runtime_error("cannot open " + p.string() + ": is AOTBENCH_SHARED_DIR right?");
  std::vector<std::vector<std::string>> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::vector<std::string> cols;
    std::stringstream ss(line);
    for (std::string col; std::getline(ss, col, '\t');) cols.push_back(col);
    rows.push_back(std::move(cols));
  }
  return rows;
}

}  // namespace

Oracle::Oracle(std::filesystem::path dir) : dir_(std::move(dir)) {
  for (const auto& r : read_tsv(dir_ / "MANIFEST.tsv")) {
    if (r.size() < 6) throw std::runtime_error("MANIFEST.tsv: short row");
    Case* c = nullptr;
    for (Case& existing : cases_) {
      if (existing.model == r[0] && existing.name == r[1]) c = &existing;
    }
    if (!c) c = &cases_.emplace_back(Case{r[0], r[1], 0});
    ++c->outputs;
  }
  for (const auto& r : read_tsv(dir_ / "TENSORS.tsv")) {
    if (r.size() < 6) throw std::runtime_error("TENSORS.tsv: short row");
    tensors_[{r[0], r[1]}][std::stoi(r[2])] = TensorHash{r[3], std::stoll(r[4]), r[5]};
  }
}

const std::map<int, TensorHash>& Oracle::tensors(const std::string& model,
                                                 const std::string& c) const {
  static const std::map<int, TensorHash> none;
  auto it = tensors_.find({model, c});
  return it == tensors_.end() ? none : it->second;
}

std::vector<uint8_t> Oracle::input(const Case& c, int i) const {
  return read_file(dir_ / c.model / (c.name + ".in" + std::to_string(i) + ".raw"));
}

std::vector<uint8_t> Oracle::output(const Case& c, int i) const {
  return read_file(dir_ / c.model / (c.name + ".out" + std::to_string(i) + ".raw"));
}

std::vector<uint8_t> read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + p.string());
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

std::string sha256_16(const uint8_t* data, std::size_t size) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (EVP_Digest(data, size, digest, &len, EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("OpenSSL EVP_Digest(sha256) failed");
  }
  static const char* hex = "0123456789abcdef";
  std::string s;
  for (int i = 0; i < 8; ++i) {
    s += hex[digest[i] >> 4];
    s += hex[digest[i] & 15];
  }
  return s;
}

}  // namespace oracle
