// What each knob changes in the generated C (the numbers are checked by the host tests against
// the oracle; these check that the variant really has the structure its name promises).
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>

#include "codegen/emit/c_writer.hpp"
#include "codegen/emit/emitter.hpp"
#include "codegen/emit/summary.hpp"
#include "needs_shared.hpp"
#include "codegen/plan/alias.hpp"
#include "codegen/reader/reader.hpp"
#include "reader_model_builder.hpp"

using namespace aotbench::codegen;

namespace {

// The real DS-CNN keyword spotter of ../shared/models: every test here emits it.
const char* const kKws = "models/kws_ref_model.tflite";

class Emit : public testing::Test {
 protected:
  void SetUp() override { AOTBENCH_NEEDS_SHARED(kKws); }
};

Graph kws() {
  Graph g = read_tflite_file(aotbench::test::shared_path(kKws).string());
  alias_reshapes(g);
  return g;
}

std::string file(const EmitResult& r, const std::string& suffix) {
  for (const auto& f : r.files)
    if (f.name.size() >= suffix.size() && f.name.compare(f.name.size() - suffix.size(), suffix.size(), suffix) == 0)
      return f.text;
  ADD_FAILURE() << "no file ending in " << suffix;
  return "";
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

EmitResult emit(const std::string& knobs) {
  static const Graph g = kws();
  EmitOptions o;
  o.model_name = "kws";
  return emit_model(g, Variant::parse(knobs), o);
}

TEST_F(Emit, PackedApiBuildsDlTensorsForEveryOperatorCall) {
  const EmitResult r = emit("api=packed");
  const std::string run = file(r, "_run.c"), ops = file(r, "_ops.c");
  // kws: 13 operators, the RESHAPE is an alias: 12 kernel calls, each through TVMValue arrays.
  EXPECT_EQ(r.summary.kernel_calls, 12);
  EXPECT_EQ(count(run, "TVMValue values["), 12);
  EXPECT_EQ(count(ops, "TVMValue* args, int32_t* type_codes, int32_t num_args"), 12);
  EXPECT_EQ(count(ops, "!= kTVMDLTensorHandle"), count(run, "_bind(&tensors["));
  const EmitResult u = emit("api=unpacked");
  EXPECT_EQ(count(file(u, "_run.c"), "TVMValue"), 0);
  EXPECT_EQ(count(file(u, "_ops.c"), "DLTensor"), 0);
}

TEST_F(Emit, InterfaceChoosesTheEntryPoint) {
  EXPECT_NE(file(emit("interface=c"), "kws.h").find("int32_t tvmgen_kws_run(struct tvmgen_kws_inputs* inputs"),
            std::string::npos);
  EXPECT_NE(file(emit("interface=packed"), "kws.h").find("int32_t tvmgen_kws_run_packed(TVMValue* args"),
            std::string::npos);
}

TEST_F(Emit, StaticWorkspaceIsOneArenaOfThePlannedSize) {
  // Every tensor apart: the plan reaches SOURCES.md's peak of live activations of kws.
  const EmitResult apart = emit("workspace=static,plan=greedy_by_size,inplace=off");
  EXPECT_EQ(apart.summary.arena_bytes, 16000);
  EXPECT_NE(file(apart, "_run.c").find("static uint8_t tvmgen_kws_workspace[16000]"), std::string::npos);
  EXPECT_EQ(count(file(apart, "_run.c"), "TVMBackendAllocWorkspace"), 0);
  // In place (the default), each 25x5x64 layer writes over its input: the dsp depthwise kernel at
  // the same offset (one channel block's rows in its scratch), so the peak is one 8000 B tensor
  // and that scratch: dsp_dw3x3_image's whole padded image of a block of 8 channels, 27 rows
  // of 8 int16 values (the 5 outputs of a row are one block reading 2 values past them): 3456 B.
  const EmitResult dsp = emit("workspace=static,kernels=dsp");
  EXPECT_EQ(dsp.summary.arena_bytes, 8000 + 27 * 8 * 8 * 2);
  EXPECT_NE(file(dsp, "_run.c").find("static uint8_t tvmgen_kws_workspace[11456]"), std::string::npos);
  ASSERT_GE(dsp.summary.peak_op, 0);
  EXPECT_EQ(dsp.summary.ops[static_cast<std::size_t>(dsp.summary.peak_op)].type, "DEPTHWISE_CONV_2D");
  // The reference kernels read a pixel's window while writing its channels: each output starts
  // below its input, by 7 pixels of 64 channels for a 3x3 depthwise layer, by 1 pixel for a
  // pointwise one, and the chain of 4 such pairs goes 4 x 512 B down from the first output.
  EXPECT_EQ(emit("workspace=static,kernels=ref").summary.arena_bytes, 8000 + 4 * (7 * 64 + 64));
}

TEST_F(Emit, DynamicWorkspaceAllocatesAndFreesEveryBufferOnce) {
  const EmitResult r = emit("workspace=dynamic");
  const std::string run = file(r, "_run.c");
  const int allocs = count(run, "= (uint8_t*)TVMBackendAllocWorkspace(");
  EXPECT_GT(allocs, 0);
  EXPECT_EQ(count(run, "TVMBackendFreeWorkspace(kDLCPU, 0, buffer"), allocs);
  EXPECT_GE(r.summary.workspace_pool_bytes, 16000);
  EXPECT_NE(file(r, "_adapter.c").find("ab_workspace_init("), std::string::npos);
}

TEST_F(Emit, LookupParamsReachWeightsOnlyThroughTheLookupFunction) {
  const std::string run = file(emit("params=lookup"), "_run.c");
  EXPECT_GT(count(run, "tvmgen_kws_lookup_linked_param("), 0);
  EXPECT_FALSE(std::regex_search(run, std::regex("tvmgen_kws_param_[0-9]")));
  EXPECT_TRUE(std::regex_search(file(emit("params=direct"), "_run.c"), std::regex("tvmgen_kws_param_[0-9]")));
}

TEST_F(Emit, IndexWidthIsCheckedAtCompileTime) {
  EXPECT_NE(file(emit("index=i64"), "_internal.h").find("AB_INDEX_BITS != 64"), std::string::npos);
}

// A model whose file name is long but valid (245 characters) compiles: its sources are written.
TEST_F(Emit, ALongModelNameGivesFilesThatCanBeWritten) {
  static const Graph g = kws();
  EmitOptions o;
  o.model_name = std::string(245, 'n');
  const EmitResult r = emit_model(g, Variant(), o);
  const auto dir = std::filesystem::path(testing::TempDir()) / "emit_long_name";
  std::filesystem::remove_all(dir);
  write_sources(r, dir);
  for (const auto& f : r.files) EXPECT_TRUE(std::filesystem::is_regular_file(dir / f.name)) << f.name;
  std::filesystem::remove_all(dir);
}

TEST_F(Emit, PrefixManglesEveryDefinition) {
  const EmitResult r = emit("prefix=net2");
  // Every non-static top-level definition in the model's files starts with tvmgen_net2_.
  const std::regex definition("^(?:const )?[a-zA-Z_][a-zA-Z0-9_]* \\**([a-zA-Z_][a-zA-Z0-9_]*)[\\[(]",
                              std::regex::multiline);
  int checked = 0;
  for (const auto& f : r.files) {
    if (f.name.find("_adapter.c") != std::string::npos) continue;  // implements model_iface.h
    for (std::sregex_iterator it(f.text.begin(), f.text.end(), definition), end; it != end; ++it) {
      EXPECT_EQ((*it)[1].str().rfind("tvmgen_net2_", 0), 0u) << f.name << ": " << (*it)[0];
      ++checked;
    }
  }
  EXPECT_GT(checked, 20);
}

TEST_F(Emit, ProfileOpsHooksEveryKernelCall) {
  const EmitResult r = emit("profile=ops");
  EXPECT_EQ(count(file(r, "_run.c"), "ab_profile_op_begin("), r.summary.kernel_calls);
  EXPECT_EQ(count(file(r, "_run.c"), "ab_profile_op_end("), r.summary.kernel_calls);
  EXPECT_EQ(count(file(emit(""), "_run.c"), "ab_profile_op"), 0);
}

TEST_F(Emit, SummaryCountsTheModel) {
  const EmitSummary s = emit("").summary;
  EXPECT_EQ(s.operators, 13);
  EXPECT_EQ(s.macs, 2656768);  // SOURCES.md
  EXPECT_EQ(s.input_bytes, 490);
  EXPECT_EQ(s.output_bytes, 12);
}

// A model with state: one int8 SVDF whose int8 state (zero point -3) persists across runs.
Graph svdf() {
  using namespace aotbench::codegen::test;
  using TT = tfl::TensorType;
  tfl::ModelT m;
  m.version = 3;
  m.subgraphs.push_back(std::make_unique<tfl::SubGraphT>());
  add_buffer(m, {});
  const int32_t x = add_tensor(m, "x", TT::INT8, {1, 4}, quant(0.5f, 0));
  const int32_t wf = add_tensor(m, "wf", TT::INT8, {2, 4}, quant(0.25f, 0), add_buffer(m, std::vector<uint8_t>(8, 1)));
  const int32_t wt = add_tensor(m, "wt", TT::INT8, {2, 3}, quant(0.25f, 0), add_buffer(m, std::vector<uint8_t>(6, 1)));
  const int32_t b = add_tensor(m, "b", TT::INT32, {2}, quant(0.03125f, 0), add_buffer(m, std::vector<uint8_t>(8, 0)));
  const int32_t state = add_tensor(m, "state", TT::INT8, {1, 6}, quant(0.125f, -3));
  m.subgraphs[0]->tensors[static_cast<std::size_t>(state)]->is_variable = true;
  const int32_t y = add_tensor(m, "y", TT::INT8, {1, 2}, quant(0.5f, 0));
  tfl::SVDFOptionsT o;
  o.rank = 1;
  add_op(m, add_opcode(m, tfl::BuiltinOperator::SVDF), {x, wf, wt, b, state}, {y}, o);
  m.subgraphs[0]->inputs = {x};
  m.subgraphs[0]->outputs = {y};
  return read_tflite_buffer(pack(m), "svdf");
}

TEST(EmitState, StaticStateAResetFunctionAndAnAdapterThatResetsEveryRun) {
  const Graph g = svdf();
  EmitOptions o;
  o.model_name = "svdf";
  for (const char* knobs : {"api=unpacked,interface=c,workspace=static", "api=packed,interface=packed,workspace=dynamic"}) {
    SCOPED_TRACE(knobs);
    const EmitResult r = emit_model(g, Variant::parse(knobs), o);
    EXPECT_EQ(r.summary.state_bytes, 16);
    const std::string header = file(r, "svdf.h"), run = file(r, "_run.c");
    EXPECT_NE(header.find("#define TVMGEN_SVDF_STATE_SIZE 16"), std::string::npos);
    EXPECT_NE(header.find("void tvmgen_svdf_reset(void);"), std::string::npos);
    // Static whatever the workspace: the state outlives every run.
    EXPECT_NE(run.find("static uint8_t tvmgen_svdf_state[16]"), std::string::npos);
    EXPECT_NE(run.find("memset((tvmgen_svdf_state + 0), 253, 6);"), std::string::npos);  // zero point -3
    EXPECT_NE(file(r, "_adapter.c").find("tvmgen_svdf_reset();"), std::string::npos);
  }
  const std::string ops = file(emit_model(g, Variant::parse("api=unpacked"), o), "_ops.c");
  EXPECT_NE(ops.find("const int8_t* weights0, const int8_t* weights1, const int32_t* bias, int8_t* state, int8_t* output"),
            std::string::npos);
}

// The audio front end's uint32 and uint64 constants, written as unsigned C literals.
TEST(CWriter, UnsignedWideConstantsAreUnsignedLiterals) {
  const uint32_t u32[] = {0, 4294967295u};
  const uint64_t u64[] = {1, 18446744073709551615ull};
  const std::string a = c_array_initializer(DType::UInt32, {reinterpret_cast<const uint8_t*>(u32), sizeof u32});
  const std::string b = c_array_initializer(DType::UInt64, {reinterpret_cast<const uint8_t*>(u64), sizeof u64});
  EXPECT_NE(a.find("0u, 4294967295u"), std::string::npos) << a;
  EXPECT_NE(b.find("1ULL, 18446744073709551615ULL"), std::string::npos) << b;
  EXPECT_STREQ(c_type(DType::UInt32), "uint32_t");
  EXPECT_STREQ(c_type(DType::UInt64), "uint64_t");
}

TEST_F(Emit, AModelWithoutStateHasNoResetFunction) {
  const EmitResult r = emit("");
  EXPECT_EQ(r.summary.state_bytes, 0);
  EXPECT_NE(file(r, "kws.h").find("#define TVMGEN_KWS_STATE_SIZE 0"), std::string::npos);
  EXPECT_EQ(count(file(r, "kws.h") + file(r, "_run.c") + file(r, "_adapter.c"), "_reset("), 0);
}

// Under patches=8 ResNet's middle bands run on equal rows with no border: their calls differ only
// in the data pointers, and they call one function (its parameters constant, as for any layer).
// Every function called is written once and declared once; fewer are written than called.
TEST(EmitBands, BandsThatDifferOnlyInTheirPointersShareAFunction) {
  AOTBENCH_NEEDS_SHARED("models/pretrainedresnet_quant.tflite");
  Graph g = read_tflite_file(aotbench::test::shared_path("models/pretrainedresnet_quant.tflite").string());
  alias_reshapes(g);
  EmitOptions o;
  o.model_name = "resnet";
  for (const char* kernels : {"ref", "dsp"}) {
    SCOPED_TRACE(kernels);
    const EmitResult r = emit_model(g, Variant::parse(std::string("kernels=") + kernels + ",patches=8"), o);
    const std::string run = file(r, "_run.c"), ops = file(r, "_ops.c"), internal = file(r, "_internal.h");
    const std::regex call(R"((tvmgen_resnet_op\d+_\w+_band\d+)\()");
    std::set<std::string> called;
    int calls = 0;
    for (auto it = std::sregex_iterator(run.begin(), run.end(), call); it != std::sregex_iterator(); ++it, ++calls)
      called.insert((*it)[1]);
    EXPECT_EQ(calls, 8 * r.summary.patch_ops);
    EXPECT_LT(called.size(), static_cast<std::size_t>(calls));
    for (const std::string& f : called) {
      EXPECT_EQ(count(ops, "int32_t " + f + "("), 1) << f;
      EXPECT_EQ(count(internal, "int32_t " + f + "("), 1) << f;
    }
  }
}

}  // namespace
