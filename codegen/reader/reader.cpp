#include "reader/reader.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <algorithm>
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
  std::vector<OperatorProblem> problems = read_operators(model, sg, g);
  const std::size_t total_ops = sg.operators()->size();
  read_tensors(model, sg, g);
  if (problems.empty()) {
    check_structure(sg, g);
  } else {
    for (const Operator& op : g.ops) check_tensor_ids(g, op);
  }
  // Every operator that cannot be compiled, in node order, so a user sees them all at once.
  for (OperatorProblem& p : check_operators(g)) problems.push_back(std::move(p));
  if (!problems.empty()) throw UnsupportedModel(g.source, total_ops, std::move(problems));
  return g;
}

namespace {

std::string problem_list(const std::string& source, std::size_t total_ops,
                         std::vector<OperatorProblem>& problems) {
  std::sort(problems.begin(), problems.end(),
            [](const OperatorProblem& a, const OperatorProblem& b) { return a.index < b.index; });
  if (problems.size() == 1) {
    return fmt::format("{}: {}; `aotbench ops` lists the supported operators and types",
                       source, problems[0].message);
  }
  std::string s = fmt::format("{}: {} of its {} operators cannot be compiled:", source,
                              problems.size(), total_ops);
  for (const OperatorProblem& p : problems) s += "\n  " + p.message;
  return s + "\n`aotbench ops` lists the supported operators and types";
}

}  // namespace

UnsupportedModel::UnsupportedModel(const std::string& source, std::size_t total_ops,
                                   std::vector<OperatorProblem> problems)
    : ModelError(problem_list(source, total_ops, problems)), problems_(std::move(problems)) {}

std::string supported_operators() { return reader_detail::supported_operator_list(); }

std::vector<OperatorSupport> operator_support() {
  std::vector<OperatorSupport> out;
#define AB_OP_SUPPORT(type, name)                                                      \
  out.push_back({OpType::type, reader_detail::reader_accepts(OpType::type),            \
                 reader_detail::checked_types(OpType::type)});
  AB_IR_OPERATORS(AB_OP_SUPPORT)
#undef AB_OP_SUPPORT
  return out;
}

}  // namespace aotbench::codegen
