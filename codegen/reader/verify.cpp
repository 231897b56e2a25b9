// Step 1: is this a TFLite flatbuffer we can walk safely? Nothing is read before the verifier
// has checked every offset, vector and string the accessors will follow.
#include <flatbuffers/flatbuffers.h>

#include "codegen/reader/reader_internal.hpp"

namespace aotbench::codegen::reader_detail {
namespace {

// flatbuffers offsets are 32-bit; the verifier asserts on anything this size or larger.
constexpr std::size_t kMaxModelBytes = FLATBUFFERS_MAX_BUFFER_SIZE - 1;

void check_envelope(const Graph& g) {
  const std::vector<uint8_t>& b = g.storage;
  if (b.empty()) fail(g, "the file is empty; expected a .tflite model");
  if (b.size() < 8) {
    fail(g, "only {} bytes, too short to be a TFLite model (truncated?)", b.size());
  }
  if (b.size() > kMaxModelBytes) {
    fail(g, "{} bytes; models of 2 GiB or more are not supported", b.size());
  }
  if (!tfl::ModelBufferHasIdentifier(b.data())) {
    fail(g, "not a TFLite model: no 'TFL3' identifier at byte 4 (is it a .tflite file?)");
  }
}

}  // namespace

const tfl::SubGraph& verified_subgraph(const Graph& g) {
  check_envelope(g);
  flatbuffers::Verifier verifier(g.storage.data(), g.storage.size());
  if (!tfl::VerifyModelBuffer(verifier)) {
    fail(g,
         "the TFLite flatbuffer is corrupt or truncated (the flatbuffers verifier rejects it);"
         " re-export or re-download the model");
  }
  const tfl::Model& model = *tfl::GetModel(g.storage.data());
  if (model.version() != 3) {
    fail(g,
         "TFLite schema version {}; aotbench reads version 3 (re-convert with a current "
         "TensorFlow Lite converter)",
         model.version());
  }
  const auto* subgraphs = model.subgraphs();
  if (!subgraphs || subgraphs->size() == 0) fail(g, "the model has no subgraph");
  if (subgraphs->size() > 1) {
    fail(g,
         "the model has {} subgraphs; aotbench compiles single-subgraph models only "
         "(control flow such as WHILE/IF/CALL_ONCE is not supported)",
         subgraphs->size());
  }
  return *subgraphs->Get(0);
}

}  // namespace aotbench::codegen::reader_detail
