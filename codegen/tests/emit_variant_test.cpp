// Variant knobs: canonical keys, parsing and the errors a user sees.
#include <gtest/gtest.h>

#include "codegen/emit/emitter.hpp"
#include "codegen/names/names.hpp"
#include "codegen/variant/build_config.hpp"
#include "codegen/variant/variant.hpp"

using namespace aotbench::codegen;

namespace {

std::string error_of(const std::string& spec) {
  try {
    Variant::parse(spec);
  } catch (const VariantError& e) {
    return e.what();
  }
  return "";
}

TEST(Variant, DefaultKeyListsTheCoreKnobsInDesignOrder) {
  EXPECT_EQ(Variant().key(), "api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=Os");
}

TEST(Variant, ExtraKnobsAppearOnlyWhenNotDefault) {
  const Variant v = Variant::parse(" profile=ops , api=packed,prefix=net2,plan=best,inplace=on");
  EXPECT_EQ(v.key(), "api=packed,interface=c,workspace=static,params=direct,index=i32,opt=Os,prefix=net2,profile=ops");
  EXPECT_TRUE(v.packed_api());
  EXPECT_TRUE(v.profile_ops());
  EXPECT_EQ(v.index_bits(), 32);
}

// The compiler is a knob like the others, but gcc (the default) keeps every existing key as it was.
TEST(Variant, CompilerKnobDefaultsToGccAndFollowsOptInTheKey) {
  EXPECT_EQ(Variant().get("cc"), "gcc");
  EXPECT_EQ(Variant::parse("cc=gcc").key(), Variant().key());
  const Variant clang = Variant::parse("opt=O2,cc=clang,profile=ops");
  EXPECT_EQ(clang.key(), "api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=O2,cc=clang,profile=ops");
  EXPECT_EQ(Variant::parse(clang.key()), clang);
  EXPECT_NE(clang, Variant::parse("opt=O2,profile=ops"));
}

TEST(Variant, KeyParsesBackToTheSameVariant) {
  const Variant v = Variant::parse("api=packed,interface=packed,workspace=dynamic,params=lookup,index=i64,opt=O3");
  EXPECT_EQ(Variant::parse(v.key()), v);
  EXPECT_EQ(v.index_bits(), 64);
  EXPECT_FALSE(v.static_workspace());
  EXPECT_TRUE(v.lookup_params());
}

TEST(Variant, ErrorsNameTheProblemAndTheChoices) {
  EXPECT_EQ(error_of("speed=fast"),
            "unknown variant knob 'speed'; known knobs: api, interface, workspace, params, index, opt, kernels, "
            "layers, cc, align, prefix, profile, plan, inplace, patches");
  EXPECT_EQ(error_of("align=16"), "variant knob align has no value '16'; choose one of: off, loops4, loops8, loops16, loops32");
  EXPECT_EQ(error_of("cc=icc"), "variant knob cc has no value 'icc'; choose one of: gcc, clang");
  EXPECT_EQ(error_of("api=fast"), "variant knob api has no value 'fast'; choose one of: packed, unpacked");
  EXPECT_EQ(error_of("api=packed,api=unpacked"), "variant knob 'api' is given twice");
  EXPECT_EQ(error_of("packed"), "variant item 'packed' is not KNOB=VALUE (e.g. api=packed)");
  EXPECT_NE(error_of("prefix=9x").find("not a C identifier"), std::string::npos);
  EXPECT_NE(error_of("prefix=int").find("not a C identifier"), std::string::npos);
  EXPECT_EQ(error_of("layers=3"), "'3' is not LAYER:SCHEDULE (e.g. layers=3:dsp_1x1/12:ref)");
  EXPECT_EQ(error_of("layers=3:ref/3:ref"), "layer 3 is given twice in layers=");
  EXPECT_EQ(error_of("kernels=fast"), "variant knob kernels has no value 'fast'; choose one of: ref, dsp");
}

// File names and symbols are made of the prefix: a long one is refused with the limit, and a
// model's long file name gives a bounded default, still told apart from another's.
TEST(Variant, PrefixesAreBounded) {
  EXPECT_EQ(error_of("prefix=" + std::string(63, 'p')), "");
  EXPECT_EQ(error_of("prefix=" + std::string(300, 'p')),
            "prefix 'pppppppppppppppppppp...' has 300 characters; give at most 63: a C compiler need tell identifiers "
            "apart only by their first 63, and the file names are made of it");
  const std::string a = default_prefix(std::string(244, 'k') + "a"), b = default_prefix(std::string(244, 'k') + "b");
  EXPECT_EQ(a.size(), Variant::kMaxPrefix);
  EXPECT_TRUE(is_c_identifier(a)) << a;
  EXPECT_NE(a, b);
  EXPECT_EQ(a, default_prefix(std::string(244, 'k') + "a"));  // the same model, the same symbols
  EXPECT_EQ(default_prefix("kws_ref_model"), "kws_ref_model");
}

// A tuned model's assignment names every layer: keys show a digest, spec() the whole of it.
TEST(Variant, LongLayerAssignmentsAppearInKeysByDigest) {
  std::string layers;
  for (int i = 0; i < 20; ++i) layers += (i ? "/" : "") + std::to_string(i) + ":dsp_1x1_w16";
  const Variant v = Variant::parse("kernels=dsp,layers=" + layers);
  const std::string key = v.key();
  const auto at = key.find(",layers=#");
  ASSERT_NE(at, std::string::npos) << key;
  EXPECT_EQ(key.size() - at, std::string(",layers=#").size() + 16);
  EXPECT_EQ(Variant::parse(v.spec()), v);
  Variant other = v;
  other.set("layers", layers + "/20:ref");
  EXPECT_NE(other.key(), key);  // another assignment, another digest
  EXPECT_NE(error_of(key).find("is the digest a key shows"), std::string::npos);
}

TEST(Variant, LayerSchedulesRoundTripThroughTheKey) {
  const Variant v = Variant::parse("kernels=dsp,layers=12:ref/3:dsp_1x1");
  EXPECT_EQ(v.key(), "api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=Os,kernels=dsp,"
                     "layers=3:dsp_1x1/12:ref");
  const std::map<int, std::string> want = {{3, "dsp_1x1"}, {12, "ref"}};
  EXPECT_EQ(v.layer_schedules(), want);
  EXPECT_EQ(Variant::parse(v.key()), v);
  EXPECT_EQ(Variant().key(), "api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=Os");
}

// Per-layer schedules are a map of the variant: set as one, they give the key the text gives.
TEST(Variant, LayerSchedulesAreAMapOfTheirOwn) {
  Variant v = Variant::parse("kernels=dsp");
  v.set_layer_schedules({{12, "ref"}, {3, "dsp_1x1"}});
  EXPECT_EQ(v.key(), "api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=Os,kernels=dsp,"
                     "layers=3:dsp_1x1/12:ref");
  EXPECT_EQ(v, Variant::parse("kernels=dsp,layers=12:ref/3:dsp_1x1"));
  EXPECT_EQ(v.text("layers"), "3:dsp_1x1/12:ref");
  EXPECT_THROW(v.get("layers"), VariantError);  // not a string knob
  EXPECT_THROW(v.set_layer_schedules({{-1, "ref"}}), VariantError);
  EXPECT_THROW(v.set_layer_schedules({{2, "Dsp 1x1"}}), VariantError);
  EXPECT_EQ(v.text("layers"), "3:dsp_1x1/12:ref");  // a refused map leaves the variant as it was
}

// opt, cc and align reach only the compiler: variants that differ in them alone generate the same code.
TEST(Variant, BuildKnobsAreTheCompilersOnly) {
  std::vector<std::string> build;
  for (const auto& k : knob_table())
    if (k.stage == KnobStage::build) build.push_back(k.name);
  EXPECT_EQ(build, (std::vector<std::string>{"opt", "cc", "align"}));
  const Variant v = Variant::parse("opt=O3,cc=clang,kernels=dsp,layers=3:dsp_1x1,index=i64");
  EXPECT_EQ(v.generation_part().key(),
            "api=unpacked,interface=c,workspace=static,params=direct,index=i64,opt=Os,kernels=dsp,layers=3:dsp_1x1");
  EXPECT_EQ(v.generation_part(), Variant::parse("opt=O0,kernels=dsp,layers=3:dsp_1x1,index=i64").generation_part());
  EXPECT_NE(v.generation_part(), Variant::parse("opt=O3,cc=clang,kernels=dsp,index=i64").generation_part());
}

TEST(Variant, BuildConfigIsWhatTheCompilerIsAsked) {
  const BuildConfig c = build_config(Variant::parse("opt=O2,cc=clang,index=i64"));
  EXPECT_EQ(c.cc, "clang");
  EXPECT_EQ(c.flags(), (std::vector<std::string>{"-O2", "-DAB_INDEX_BITS=64"}));
  const BuildConfig d = build_config(Variant());
  EXPECT_EQ(d.cc, "gcc");
  EXPECT_EQ(d.flags(), (std::vector<std::string>{"-Os", "-DAB_INDEX_BITS=32"}));
  EXPECT_TRUE(d.align_flags().empty());
}

// Loop alignment is a build knob: its flag reaches the compiler after the level, it names the key
// only when on (every earlier key stays), and it is refused where the compiler would ignore it.
TEST(Variant, AlignKnobReachesTheCompilerAndTheKey) {
  const Variant v = Variant::parse("opt=O3,align=loops16");
  EXPECT_EQ(v.key(), "api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=O3,align=loops16");
  EXPECT_EQ(Variant::parse(v.key()), v);
  EXPECT_EQ(Variant::parse("opt=O3,align=off").key(), Variant::parse("opt=O3").key());
  EXPECT_EQ(v.generation_part(), Variant::parse("opt=O3").generation_part());
  const BuildConfig c = build_config(v);
  EXPECT_EQ(c.align_flags(), (std::vector<std::string>{"-falign-loops=16"}));
  EXPECT_EQ(c.code_flags(), (std::vector<std::string>{"-O3", "-falign-loops=16"}));
  EXPECT_EQ(c.flags(), (std::vector<std::string>{"-O3", "-falign-loops=16", "-DAB_INDEX_BITS=32"}));
  EXPECT_EQ(build_config(Variant::parse("opt=O2,align=loops4")).align_flags(), (std::vector<std::string>{"-falign-loops=4"}));
  EXPECT_EQ(build_config(Variant::parse("opt=Os,cc=clang,align=loops32")).align_flags(),
            (std::vector<std::string>{"-falign-loops=32"}));  // clang aligns at -Os, gcc does not
  try {
    build_config(Variant::parse("align=loops16"));
    ADD_FAILURE() << "align=loops16 at opt=Os with gcc was accepted";
  } catch (const VariantError& e) {
    EXPECT_EQ(std::string(e.what()), "align=loops16 does nothing at opt=Os with gcc: the compiler leaves loops unaligned "
                                     "there; give opt=O2 or O3 (or align=off)");
  }
  EXPECT_THROW(build_config(Variant::parse("opt=O0,cc=clang,align=loops8")), VariantError);
}

TEST(Names, IdentifiersFromArbitraryText) {
  EXPECT_EQ(c_identifier("MobilenetV1/Predictions/Reshape_1"), "mobilenetv1_predictions_reshape_1");
  EXPECT_EQ(c_identifier("serving_default_input_1:0"), "serving_default_input_1_0");
  EXPECT_EQ(c_identifier("1st"), "_1st");
  EXPECT_EQ(c_identifier("int"), "int_");
  EXPECT_EQ(c_identifier("", "input"), "input");
  EXPECT_EQ(c_identifier("<script>"), "script");
  EXPECT_EQ(c_identifier("\xc3\x9f"), "t");
  EXPECT_TRUE(is_c_identifier(c_identifier("a b c")));
}

TEST(Names, CommentTextCannotOpenOrCloseAComment) {
  const std::string s = c_comment_text("a*/b/*c\"d\\e\n");
  EXPECT_EQ(s.find("*/"), std::string::npos);
  EXPECT_EQ(s.find("/*"), std::string::npos);
  EXPECT_EQ(s.find('"'), std::string::npos);
  EXPECT_EQ(s.find('\\'), std::string::npos);
  EXPECT_EQ(s.find('\n'), std::string::npos);
  EXPECT_EQ(c_comment_text(std::string(100, 'x'), 10), "xxxxxxxxxx...");
  // Trigraphs (C11 5.2.1.1): "?\?/" is a backslash, "?\?=" a '#'; non-ASCII bytes become '?'.
  EXPECT_EQ(c_comment_text("a?\?/"), "a? ?/");
  EXPECT_EQ(c_comment_text("??\?="), "? ? ?=");
  EXPECT_EQ(c_comment_text("\xff\xff/"), "? ?/");
  EXPECT_EQ(c_comment_text("?a?"), "?a?");
}

}  // namespace
