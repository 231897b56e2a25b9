#include "base/sha256.hpp"

#include <openssl/evp.h>
#include <fmt/format.h>

#include <stdexcept>

#include "base/files.hpp"

namespace aotbench::base {

std::string sha256_hex(const void* data, std::size_t size) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned len = 0;
  if (EVP_Digest(data, size, digest, &len, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("OpenSSL EVP_Digest(sha256) failed");
  std::string out;
  for (unsigned i = 0; i < len; ++i) out += fmt::format("{:02x}", digest[i]);
  return out;
}

std::string sha256_of_file(const std::filesystem::path& file) {
  const std::string bytes = read_text(file);
  return sha256_hex(bytes.data(), bytes.size());
}

}  // namespace aotbench::base
