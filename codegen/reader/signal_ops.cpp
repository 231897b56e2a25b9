// TFLite Micro's signal library: custom operators named by their custom code, whose options are
// a FlexBuffers map. Resolves the names, reads the maps, and gives the one operator with hidden
// state (the spectral subtraction's noise estimate) a variable tensor to keep it in.
#include <flatbuffers/flexbuffers.h>

#include <algorithm>
#include <iterator>

#include "codegen/ir/dump.hpp"
#include "codegen/reader/reader_internal.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

struct SignalName {
  const char* custom_code;
  OpType type;
};

const SignalName kSignalOps[] = {
    {"SignalWindow", OpType::SignalWindow},
    {"SignalFftAutoScale", OpType::SignalFftAutoScale},
    {"SignalRfft", OpType::SignalRfft},
    {"SignalEnergy", OpType::SignalEnergy},
    {"SignalFilterBank", OpType::SignalFilterBank},
    {"SignalFilterBankSquareRoot", OpType::SignalFilterBankSquareRoot},
    {"SignalFilterBankSpectralSubtraction", OpType::SignalFilterBankSpectralSubtraction},
    {"SignalPCAN", OpType::SignalPcan},
    {"SignalFilterBankLog", OpType::SignalFilterBankLog},
};

}  // namespace

std::optional<OpType> signal_operator(const std::string& custom_code) {
  const auto* it = std::find_if(std::begin(kSignalOps), std::end(kSignalOps),
                                [&](const SignalName& s) { return custom_code == s.custom_code; });
  if (it == std::end(kSignalOps)) return std::nullopt;
  return it->type;
}

bool is_signal_operator(OpType type) {
  return std::any_of(std::begin(kSignalOps), std::end(kSignalOps), [&](const SignalName& s) { return s.type == type; });
}

std::vector<std::string> signal_operator_names() {
  std::vector<std::string> names;
  for (const SignalName& s : kSignalOps) names.emplace_back(s.custom_code);
  return names;
}

SignalOptions signal_options(const Graph& g, const std::string& at, const tfl::Operator& op) {
  SignalOptions out;
  const auto* bytes = op.custom_options();
  if (!bytes || bytes->size() == 0) return out;
  if (!flexbuffers::VerifyBuffer(bytes->data(), bytes->size())) {
    fail(g, "{}: its custom options are not a valid FlexBuffer; the model is corrupt", at);
  }
  const flexbuffers::Reference root = flexbuffers::GetRoot(bytes->data(), bytes->size());
  if (!root.IsMap()) fail(g, "{}: its custom options are not a FlexBuffers map; the model is corrupt", at);
  const flexbuffers::Map map = root.AsMap();
  const flexbuffers::TypedVector keys = map.Keys();
  const flexbuffers::Vector values = map.Values();
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::string key = keys[i].AsKey();
    const flexbuffers::Reference v = values[i];
    if (!v.IsIntOrUint() && !v.IsBool()) {
      fail(g, "{}: custom option '{}' is not an integer or a boolean; the signal operators take only those", at,
           printable_name(key));
    }
    out.values.emplace_back(key, v.IsBool() ? int64_t{v.AsBool()} : v.AsInt64());
  }
  return out;
}

// TFLite Micro keeps the noise estimate in the kernel's own persistent memory, zeroed by a reset;
// here it becomes a variable tensor (reset to 0 too) the kernel reads and updates in place.
void add_signal_state(Graph& g) {
  for (Operator& op : g.ops) {
    if (op.type != OpType::SignalFilterBankSpectralSubtraction || op.outputs.size() != 2) continue;
    const int estimate = op.outputs[1];
    if (estimate < 0 || static_cast<std::size_t>(estimate) >= g.tensors.size()) continue;
    Tensor state;
    state.id = static_cast<int>(g.tensors.size());
    state.name = g.tensors[estimate].name + "/state";
    state.type = DType::UInt32;
    state.shape = g.tensors[estimate].shape;
    state.is_variable = true;
    op.inputs.push_back(state.id);
    g.tensors.push_back(std::move(state));
  }
}

}  // namespace aotbench::codegen::reader_detail
