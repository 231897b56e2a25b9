// Names from the model are data: a model whose tensor names are hostile to C (keywords, digits
// first, comment delimiters, quotes, backslashes, duplicates, empty, non-ASCII, trigraphs) still generates
// warning-free C (the build uses -Werror) that computes TFLite Micro's bytes.
#include <gtest/gtest.h>

#include "host/infer/infer.hpp"
#include "infer_test_support.hpp"
#include "codegen/tests/needs_shared.hpp"
#include "codegen/tests/reader_model_builder.hpp"

namespace fs = std::filesystem;
using namespace aotbench;
using namespace aotbench::infer::test;

namespace {

const fs::path kShared = aotbench::test::shared_dir();

TEST(Names, HostileTensorNamesGiveValidCAndTheSameBytes) {
  AOTBENCH_NEEDS_SHARED("models/kws_ref_model.tflite");
  AOTBENCH_NEEDS_SHARED("oracle/kws_ref_model");
  const std::vector<std::string> hostile = {"int", "1st", "a/*b*/c", "say \"hi\"\\n", "", "\xc3\x9f\xe2\x82\xac",
                                            "<script>alert(1)</script>", "dup", "dup", "x\n#include <y>",
                                            // trigraphs: ?\?/ is a backslash (a line splice at a line's end),
                                            // ?\?= a '#'; non-ASCII becomes '?', so "\xff\xff/" too
                                            "tail?\?/", "a?\?=b?\?(c?\?)d?\?'e?\?<f?\?>g?\?!h?\?-", "\xff\xff/", "?\?/"};
  auto m = codegen::test::unpack(codegen::test::read_bytes((kShared / "models/kws_ref_model.tflite").string()));
  auto& tensors = m.subgraphs[0]->tensors;
  for (std::size_t i = 0; i < tensors.size(); ++i) tensors[i]->name = hostile[i % hostile.size()];
  const fs::path dir = scratch_dir("hostile_names");
  write_bytes(dir / "hostile.tflite", codegen::test::pack(m));

  const infer::LoadedModel model = infer::load_model((dir / "hostile.tflite").string());
  const fs::path oracle_case = kShared / "oracle/kws_ref_model/rand2";
  for (const codegen::Variant& v : corners()) {
    SCOPED_TRACE(v.key());
    const infer::HostProgram program = infer::prepare_on_host(model, v);
    infer::run_on_host(program, {oracle_case.string() + ".in0.raw"}, {dir / "out.raw"});
    EXPECT_EQ(read_bytes(dir / "out.raw"), read_bytes(oracle_case.string() + ".out0.raw"));
  }
}

}  // namespace
