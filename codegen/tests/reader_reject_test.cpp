// Models the reader must refuse, one defect each, and the message it must give: it names the
// model and says what is wrong. Defects are made by unpacking a real model (kws) or a tiny model
// built here, changing one field, and packing it again.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <filesystem>

#include "codegen/reader/reader.hpp"
#include "reader_model_builder.hpp"
#include "reader_test_models.hpp"

namespace aotbench::codegen {
namespace {

using namespace test;
using TT = tfl::TensorType;
using BO = tfl::BuiltinOperator;

// The reader's message for these bytes, or "" if it accepts them.
std::string error_of(std::vector<uint8_t> bytes) {
  try {
    read_tflite_buffer(std::move(bytes), "bad.tflite");
  } catch (const ModelError& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_REJECTED(bytes, needle)                                    \
  do {                                                                    \
    std::string msg = error_of(bytes);                                    \
    EXPECT_EQ(msg.rfind("bad.tflite: ", 0), 0u) << "message: " << msg;    \
    EXPECT_NE(msg.find(needle), std::string::npos) << "message: " << msg; \
  } while (0)

// The real DS-CNN keyword spotter of ../shared/models, which most cases below break one way each.
const std::string kKws = model_rel("kws_ref_model.tflite");
tfl::ModelT kws() { return unpack(read_bytes(test_model_path("kws_ref_model.tflite"))); }
tfl::SubGraphT& sg(tfl::ModelT& m) { return *m.subgraphs[0]; }
tfl::OperatorT& op(tfl::ModelT& m, int i) { return *sg(m).operators[i]; }
tfl::TensorT& tensor(tfl::ModelT& m, int i) { return *sg(m).tensors[i]; }
tfl::TensorT& op_input(tfl::ModelT& m, int o, int k) { return tensor(m, op(m, o).inputs[k]); }
tfl::OperatorCodeT& code_of(tfl::ModelT& m, int o) {
  return *m.operator_codes[op(m, o).opcode_index];
}

TEST(ReaderAccepts, UnchangedRoundTripOfARealModel) {
  AOTBENCH_NEEDS_SHARED(kKws);
  EXPECT_EQ(error_of(pack(kws())), "");
}

TEST(ReaderAccepts, Uint8InputAndFloatOutputAroundAnInt8Core) {
  Graph g = read_tflite_buffer(pack(tiny_model()), "tiny");
  EXPECT_EQ(g.tensors[g.inputs[0]].type, DType::UInt8);
  EXPECT_EQ(g.tensors[g.outputs[0]].type, DType::Float32);
  EXPECT_EQ(g.description, "aotbench test model");
}

TEST(ReaderAccepts, OpcodeIsTheLargerOfTheTwoFields) {
  tfl::ModelT m = tiny_model();
  // Old files only fill the byte-sized field.
  m.operator_codes[1]->builtin_code = BO::ADD;  // 0
  m.operator_codes[1]->deprecated_builtin_code = static_cast<int8_t>(BO::FULLY_CONNECTED);
  EXPECT_EQ(read_tflite_buffer(pack(m), "old").ops[1].type, OpType::FullyConnected);
}

TEST(ReaderAccepts, BufferDataStoredAfterTheFlatbuffer) {
  tfl::ModelT m = tiny_model();
  tfl::BufferT& buffer = *m.buffers[tensor(m, 2).buffer];  // the weights "w"
  std::vector<uint8_t> weights = buffer.data;
  buffer.data.clear();
  buffer.size = weights.size();
  // offset > 1 marks external data, counted from the file start: right after the flatbuffer.
  std::vector<uint8_t> bytes;
  for (buffer.offset = 2; buffer.offset != bytes.size();) {
    if (!bytes.empty()) buffer.offset = bytes.size();
    bytes = pack(m);
  }
  bytes.insert(bytes.end(), weights.begin(), weights.end());
  Graph g = read_tflite_buffer(bytes, "external");
  const Tensor& w = g.tensors[2];
  EXPECT_EQ(std::vector<uint8_t>(w.data.begin(), w.data.end()), weights);
}

TEST(ReaderRejects, EmptyShortAndForeignFiles) {
  EXPECT_REJECTED(std::vector<uint8_t>{}, "empty");
  EXPECT_REJECTED(std::vector<uint8_t>(5, 0), "too short");
  std::string text = "this is a text file, not a model at all";
  EXPECT_REJECTED(std::vector<uint8_t>(text.begin(), text.end()), "no 'TFL3' identifier");
}

TEST(ReaderRejects, TruncatedFile) {
  AOTBENCH_NEEDS_SHARED(kKws);
  std::vector<uint8_t> b = pack(kws());
  b.resize(b.size() / 2);
  EXPECT_REJECTED(b, "corrupt or truncated");
}

// Converters attach tensors nothing computes with (an LSTM's empty "intermediate" statistics):
// they are kept by name and never checked; an empty tensor that an operator uses is refused.
TEST(ReaderAccepts, AnEmptyTensorNoOperatorUses) {
  tfl::ModelT m = tiny_model();
  const int32_t empty = add_tensor(m, "input_to_input_intermediate", TT::INT16, {0}, nullptr);
  Graph g = read_tflite_buffer(pack(m), "tiny");
  EXPECT_EQ(g.tensors.at(static_cast<std::size_t>(empty)).name, "input_to_input_intermediate");
  sg(m).operators[1]->inputs[2] = empty;  // now the FULLY_CONNECTED's bias
  EXPECT_REJECTED(pack(m), "has a zero-sized dimension");
}

TEST(ReaderRejects, WrongSchemaVersion) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  m.version = 2;
  EXPECT_REJECTED(pack(m), "schema version 2");
}

TEST(ReaderRejects, SeveralSubgraphs) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  m.subgraphs.push_back(std::make_unique<tfl::SubGraphT>());
  EXPECT_REJECTED(pack(m), "2 subgraphs");
}

TEST(ReaderRejects, UnsupportedBuiltinNamedWithNodeIndex) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  code_of(m, 12).builtin_code = BO::SIN;  // the final SOFTMAX
  code_of(m, 12).deprecated_builtin_code = static_cast<int8_t>(BO::SIN);
  EXPECT_REJECTED(pack(m), "operator 12 is SIN, which aotbench does not support");
}

TEST(ReaderRejects, UnsupportedOpcodeAbove127) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  code_of(m, 12).builtin_code = BO::GELU;
  code_of(m, 12).deprecated_builtin_code = 127;  // PLACEHOLDER_FOR_GREATER_OP_CODES
  EXPECT_REJECTED(pack(m), "operator 12 is GELU");
}

TEST(ReaderRejects, CustomOperatorByItsCode) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  code_of(m, 12).builtin_code = BO::CUSTOM;
  code_of(m, 12).deprecated_builtin_code = static_cast<int8_t>(BO::CUSTOM);
  code_of(m, 12).custom_code = "ethos-u";
  EXPECT_REJECTED(pack(m), "operator 12 is the custom operator 'ethos-u'");
}

TEST(ReaderRejects, DynamicShapes) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  tensor(m, sg(m).inputs[0]).shape_signature = {1, -1, 10, 1};
  EXPECT_REJECTED(pack(m), "dynamic shape");
  m = kws();
  tensor(m, sg(m).inputs[0]).shape = {1, -1, 10, 1};
  EXPECT_REJECTED(pack(m), "dynamic shape");
}

TEST(ReaderRejects, FloatCompute) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  tensor(m, sg(m).inputs[0]).type = TT::FLOAT32;  // float activations into an int8 CONV_2D
  EXPECT_REJECTED(pack(m), "operator 0 (CONV_2D): input tensor #0 'input_1' is float32");
}

TEST(ReaderRejects, FloatTensorInsideTheGraph) {
  tfl::ModelT m = tiny_model();
  tensor(m, 1).type = TT::FLOAT32;  // QUANTIZE's output becomes float
  EXPECT_REJECTED(pack(m), "tensor #1 'q' is float32 inside the graph");
}

TEST(ReaderRejects, Int16Activations) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  op_input(m, 1, 0).type = TT::INT16;
  EXPECT_REJECTED(pack(m), "is int16; expected int8");
}

TEST(ReaderRejects, UnsupportedTensorType) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  op_input(m, 1, 0).type = TT::FLOAT16;
  EXPECT_REJECTED(pack(m), "has type FLOAT16");
}

// A tensor of an unsupported type does not hide the model's other problems (a custom operator
// aotbench lacks): all are listed, each at the operator that uses it.
TEST(ReaderRejects, UnsupportedTensorTypeListedWithOperators) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  code_of(m, 12).builtin_code = BO::CUSTOM;
  code_of(m, 12).deprecated_builtin_code = static_cast<int8_t>(BO::CUSTOM);
  code_of(m, 12).custom_code = "SignalStacker";
  op_input(m, 1, 0).type = TT::FLOAT16;
  const std::string msg = error_of(pack(m));
  EXPECT_NE(msg.find("2 of its 13 operators cannot be compiled"), std::string::npos) << msg;
  EXPECT_NE(msg.find("operator 0 (CONV_2D): tensor #22"), std::string::npos) << msg;
  EXPECT_NE(msg.find("has type FLOAT16"), std::string::npos) << msg;
  EXPECT_NE(msg.find("custom operator 'SignalStacker'"), std::string::npos) << msg;
}

// uint32 and uint64 are the audio front end's types: any other operator refuses them, and a
// signal operator with the wrong types is refused by its own checks.
TEST(ReaderRejects, UnsignedWideTypesOnlyInTheAudioFrontEnd) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  code_of(m, 12).builtin_code = BO::CUSTOM;
  code_of(m, 12).deprecated_builtin_code = static_cast<int8_t>(BO::CUSTOM);
  code_of(m, 12).custom_code = "SignalEnergy";
  op_input(m, 1, 0).type = TT::UINT32;
  const std::string msg = error_of(pack(m));
  EXPECT_NE(msg.find("3 of its 13 operators cannot be compiled"), std::string::npos) << msg;
  EXPECT_NE(msg.find("operator 0 (CONV_2D): output tensor #22"), std::string::npos) << msg;
  EXPECT_NE(msg.find("is uint32; expected int8"), std::string::npos) << msg;
  EXPECT_NE(msg.find("operator 1 (DEPTHWISE_CONV_2D): input tensor #22"), std::string::npos) << msg;
  EXPECT_NE(msg.find("operator 12 (SignalEnergy):"), std::string::npos) << msg;
}

TEST(ReaderRejects, MissingQuantization) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  op_input(m, 1, 0).quantization.reset();
  EXPECT_REJECTED(pack(m), "operator 0 (CONV_2D): output tensor #22");
  EXPECT_REJECTED(pack(m), "has no quantization parameters");
}

TEST(ReaderRejects, AsymmetricConvolutionWeights) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  op_input(m, 0, 1).quantization->zero_point[5] = 3;
  EXPECT_REJECTED(pack(m), "must be symmetric");
}

TEST(ReaderRejects, PerChannelCountDisagreesWithShape) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  op_input(m, 0, 1).quantization->scale.pop_back();
  op_input(m, 0, 1).quantization->zero_point.pop_back();
  EXPECT_REJECTED(pack(m), "63 per-channel scales but dimension 0 is 64");
}

TEST(ReaderRejects, TensorIndexOutOfRange) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  op(m, 3).inputs[0] = 9999;
  EXPECT_REJECTED(pack(m), "operator 3 (DEPTHWISE_CONV_2D) reads tensor 9999");
  m = kws();
  sg(m).outputs[0] = -4;
  EXPECT_REJECTED(pack(m), "graph output refers to tensor -4");
}

TEST(ReaderRejects, BufferIndexOutOfRange) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  op_input(m, 0, 1).buffer = 5000;
  EXPECT_REJECTED(pack(m), "refers to buffer 5000");
}

TEST(ReaderRejects, ConstantDataSizeDisagreesWithShape) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  m.buffers[op_input(m, 0, 1).buffer]->data.resize(100);
  EXPECT_REJECTED(pack(m), "constant data is 100 bytes but int8[64x10x4x1] needs 2560");
}

TEST(ReaderRejects, ExternalDataPastTheEndOfTheFile) {
  tfl::ModelT m = tiny_model();
  tfl::BufferT& buffer = *m.buffers[tensor(m, 2).buffer];
  buffer.data.clear();
  buffer.offset = 1u << 20;
  buffer.size = 12;
  EXPECT_REJECTED(pack(m), "beyond the end");
}

TEST(ReaderRejects, OptionsOfTheWrongOperator) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  op(m, 0).builtin_options.Set(tfl::Pool2DOptionsT{});
  EXPECT_REJECTED(pack(m), "operator 0 (CONV_2D): carries Pool2DOptions options");
}

// Found by the fuzzer: a union tag without its table passes the flatbuffers verifier.
TEST(ReaderRejects, OptionsTagWithoutTheTable) {
  AOTBENCH_NEEDS_SHARED(kKws);
  std::vector<uint8_t> b = pack(kws());
  // Blank the options' slot in operator 0's vtable (shared by all CONV_2D nodes); the tag stays.
  const auto* op0 = tfl::GetModel(b.data())->subgraphs()->Get(0)->operators()->Get(0);
  std::size_t table = reinterpret_cast<const uint8_t*>(op0) - b.data();
  int32_t back;
  std::memcpy(&back, b.data() + table, 4);
  uint16_t absent = 0;
  std::memcpy(b.data() + table - back + tfl::Operator::VT_BUILTIN_OPTIONS, &absent, 2);
  EXPECT_REJECTED(b, "operator 0 (CONV_2D): its Conv2DOptions are missing");
}

TEST(ReaderRejects, ZeroStride) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  op(m, 0).builtin_options.AsConv2DOptions()->stride_w = 0;
  EXPECT_REJECTED(pack(m), "stride_w is 0");
}

TEST(ReaderRejects, UnsupportedFusedActivation) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  op(m, 0).builtin_options.AsConv2DOptions()->fused_activation_function =
      tfl::ActivationFunctionType::TANH;
  EXPECT_REJECTED(pack(m), "fused activation TANH is not supported");
}

TEST(ReaderRejects, OutputShapeThatTheOperatorCannotProduce) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  tensor(m, op(m, 0).outputs[0]).shape = {1, 24, 5, 64};
  tensor(m, op(m, 0).outputs[0]).shape_signature = {-1, 24, 5, 64};
  EXPECT_REJECTED(pack(m), "has shape [1x24x5x64], but the operator computes [1x25x5x64]");
}

TEST(ReaderRejects, OperatorsOutOfExecutionOrder) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  std::swap(sg(m).operators[1], sg(m).operators[2]);
  EXPECT_REJECTED(pack(m), "before any operator computes it");
}

TEST(ReaderRejects, GraphOutputNobodyComputes) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  sg(m).outputs[0] = op(m, 0).inputs[1];  // a constant
  EXPECT_REJECTED(pack(m), "graph output tensor #17");
  m = tiny_model();
  int32_t orphan = add_tensor(m, "orphan", TT::INT8, {1}, quant(1, 0));
  sg(m).outputs.push_back(orphan);
  EXPECT_REJECTED(pack(m), "graph output tensor #6 'orphan' is not computed by any operator");
}

TEST(ReaderRejects, SoftmaxOutputQuantizationTfliteCannotProduce) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  tensor(m, op(m, 12).outputs[0]).quantization = quant(0.5f, 0);
  EXPECT_REJECTED(pack(m), "int8 SOFTMAX requires 1/256 and -128");
}

// Variable tensors are state: what an SVDF or LSTM keeps across inferences, nothing else.
TEST(ReaderRejects, VariableTensorsOtherThanState) {
  tfl::ModelT m = tiny_model();
  tensor(m, 2).is_variable = true;  // the FULLY_CONNECTED's weights: TFLite Micro ignores its data
  EXPECT_REJECTED(pack(m), "weights tensor #2 'w' is a variable tensor (state), not a constant");
  m = tiny_model();
  tensor(m, 4).is_variable = true;  // computed by the FULLY_CONNECTED
  EXPECT_REJECTED(pack(m), "operator 1 (FULLY_CONNECTED) writes tensor #4 'fc', a variable tensor");
  m = tiny_model();
  tensor(m, 5).is_variable = true;
  EXPECT_REJECTED(pack(m), "graph output tensor #5 'out' is a variable (state) tensor");
}

TEST(ReaderRejects, SparseTensors) {
  AOTBENCH_NEEDS_SHARED(kKws);
  tfl::ModelT m = kws();
  op_input(m, 0, 1).sparsity = std::make_unique<tfl::SparsityParametersT>();
  EXPECT_REJECTED(pack(m), "is sparse");
}

TEST(ReaderRejects, HybridFullyConnected) {
  tfl::ModelT m = tiny_model();
  op(m, 1).builtin_options.AsFullyConnectedOptions()->asymmetric_quantize_inputs = true;
  EXPECT_REJECTED(pack(m), "hybrid");
}

TEST(ReaderFiles, MissingFileAndDirectory) {
  try {
    read_tflite_file("/nonexistent/model.tflite");
    FAIL() << "no error";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/model.tflite: cannot open"),
              std::string::npos);
  }
  try {
    read_tflite_file(std::filesystem::temp_directory_path().string());
    FAIL() << "no error";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos);
  }
}

}  // namespace
}  // namespace aotbench::codegen
