#include "reader/reader.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "reader/reader_internal.hpp"

namespace aotbench::codegen {

Graph read_tflite_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw ModelError(path + ": is a directory; give the path of a .tflite file");
  }
  // flatbuffers cannot address 2 GiB or more; say so before reading all of it.
  if (auto size = std::filesystem::file_size(path, ec); !ec && size >= (uint64_t{1} << 31)) {
    throw ModelError(
        fmt::format("{}: {} bytes; models of 2 GiB or more are not supported", path, size));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw ModelError(fmt::format("{}: cannot open the model file ({}); check the path", path,
                                 std::strerror(errno)));
  }
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
  if (in.bad()) throw ModelError(path + ": read error; check the file and the disk");
  return read_tflite_buffer(std::move(bytes), path);
}

Graph read_tflite_buffer(std::vector<uint8_t> bytes, const std::string& source) {
  using namespace reader_detail;
  Graph g;
  g.source = source;
  g.storage = std::move(bytes);  // Tensor::data will point into these bytes
  const tfl::SubGraph& sg = verified_subgraph(g);
  const tfl::Model& model = *tfl::GetModel(g.storage.data());
  if (model.description()) g.description = model.description()->str();
  read_operators(model, sg, g);
  read_tensors(model, sg, g);
  check_structure(sg, g);
  check_operators(g);
  return g;
}

}  // namespace aotbench::codegen
