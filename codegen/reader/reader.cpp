#include "codegen/reader/reader.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <iterator>
#include <set>

#include "codegen/reader/reader_internal.hpp"

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

namespace {

namespace tfl = aotbench::tflite;

// A tensor-type problem as a problem of the first operator that reads or writes the tensor (a
// graph input or output nothing uses stays unattributed, index -1).
OperatorProblem at_first_user(const tfl::SubGraph& sg, const Graph& g,
                              const std::vector<OperatorProblem>& op_problems,
                              const reader_detail::TypeProblem& t) {
  auto names = [&](const flatbuffers::Vector<int32_t>* ids) {
    return ids && std::find(ids->begin(), ids->end(), t.tensor) != ids->end();
  };
  for (uint32_t i = 0; sg.operators() && i < sg.operators()->size(); ++i) {
    const tfl::Operator& op = *sg.operators()->Get(i);
    if (!names(op.inputs()) && !names(op.outputs())) continue;
    const int index = static_cast<int>(i);
    std::string name;
    for (const OperatorProblem& p : op_problems) {
      if (p.index == index) name = p.op;
    }
    for (const Operator& o : g.ops) {
      if (o.index == index) name = op_name(o.type);
    }
    return {index, name, fmt::format("operator {} ({}): {}", index, name, t.message)};
  }
  return {-1, "", t.message};
}

}  // namespace

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
  const std::vector<TypeProblem> type_problems = read_tensors(model, sg, g);
  if (!type_problems.empty()) {
    // The operators' checks need every tensor's type: list what is known and stop.
    for (const TypeProblem& t : type_problems) problems.push_back(at_first_user(sg, g, problems, t));
    throw UnsupportedModel(g.source, total_ops, std::move(problems));
  }
  add_signal_state(g);
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
  std::stable_sort(problems.begin(), problems.end(),
            [](const OperatorProblem& a, const OperatorProblem& b) { return a.index < b.index; });
  if (problems.size() == 1) {
    return fmt::format("{}: {}; `aotbench ops` lists the supported operators and types",
                       source, problems[0].message);
  }
  std::set<int> operators;
  for (const OperatorProblem& p : problems) {
    if (p.index >= 0) operators.insert(p.index);
  }
  std::string s = fmt::format("{}: {} of its {} operators cannot be compiled:", source,
                              operators.size(), total_ops);
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
