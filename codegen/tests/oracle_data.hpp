#pragma once
// The TFLite Micro reference vectors in ../shared/oracle: MANIFEST.tsv (one row per model,
// case and output), TENSORS.tsv (sha256 prefix of every non-constant tensor) and raw files.
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace oracle {

struct Case {
  std::string model;
  std::string name;
  int outputs = 0;  // number of out<i>.raw files listed
};

struct TensorHash {
  std::string name;
  int64_t bytes = 0;
  std::string sha16;  // first 16 hex digits of the sha256
};

class Oracle {
 public:
  // Reads MANIFEST.tsv and TENSORS.tsv under `dir`; throws std::runtime_error on bad files.
  explicit Oracle(std::filesystem::path dir);

  const std::vector<Case>& cases() const { return cases_; }
  // Tensor index -> hash for one model and case (empty if the oracle has none).
  const std::map<int, TensorHash>& tensors(const std::string& model, const std::string& c) const;
  std::vector<uint8_t> input(const Case& c, int i) const;   // <model>/<case>.in<i>.raw
  std::vector<uint8_t> output(const Case& c, int i) const;  // <model>/<case>.out<i>.raw

 private:
  std::filesystem::path dir_;
  std::vector<Case> cases_;
  std::map<std::pair<std::string, std::string>, std::map<int, TensorHash>> tensors_;
};

std::vector<uint8_t> read_file(const std::filesystem::path& p);
// First 16 hex digits of the SHA-256 of `data` (OpenSSL's libcrypto).
std::string sha256_16(const uint8_t* data, std::size_t size);

}  // namespace oracle
