// The sweep space: the default sweep and the --variants language.
#include <gtest/gtest.h>

#include <set>

#include "host/sweep/space.hpp"

using namespace aotbench;
using sweep::drop_unrunnable;
using sweep::resolve_space;
using sweep::SpaceError;

namespace {

std::set<std::string> keys(const std::vector<codegen::Variant>& vs) {
  std::set<std::string> out;
  for (const auto& v : vs) out.insert(v.key());
  return out;
}

TEST(Space, DefaultIsTheCrossProductAtOsPlusTheCornersAtOtherLevels) {
  const auto space = resolve_space("");
  EXPECT_EQ(space.size(), 32u + 6u + 6u);  // 2^5 at Os, 2 corners x {O0, O2, O3}, 2 dsp corners x {Os, O2, O3}
  EXPECT_EQ(keys(space).size(), space.size());
  int os = 0;
  for (const auto& v : space) os += v.get("opt") == "Os";
  EXPECT_EQ(os, 32 + 2);
  for (const auto& v : space) EXPECT_EQ(v.get("cc"), "gcc") << v.key();  // clang only when asked for
  EXPECT_TRUE(keys(space).count("api=packed,interface=packed,workspace=dynamic,params=lookup,index=i64,opt=O0"));
  EXPECT_TRUE(keys(space).count("api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=O3"));
}

TEST(Space, AFilterNarrows) {
  const auto packed = resolve_space("api=packed");
  EXPECT_EQ(packed.size(), 16u + 3u + 3u);  // the cross product, the packed corner's levels, with dsp
  for (const auto& v : packed) EXPECT_EQ(v.get("api"), "packed");
  EXPECT_EQ(resolve_space("api=packed;index=i32").size(), 8u);
  EXPECT_EQ(resolve_space("opt=O0|O3").size(), 4u + 2u);
  EXPECT_EQ(resolve_space("kernels=dsp").size(), 6u);
}

TEST(Space, APlusTermWidens) {
  const auto wider = resolve_space("+opt=O3,api=*");
  // api=packed,opt=O3 with other knobs at defaults is new; api=unpacked,opt=O3 is the unpacked
  // corner at O3, already in the default sweep.
  EXPECT_EQ(wider.size(), 44u + 1u);
  EXPECT_TRUE(keys(wider).count("api=packed,interface=c,workspace=static,params=direct,index=i32,opt=O3"));
}

TEST(Space, VariantsTheCoreCannotRunAreLeftOutWithAReason) {
  auto space = resolve_space("");
  const auto notes = drop_unrunnable(space, {}, "mps2-an385");
  EXPECT_EQ(space.size(), 38u);
  for (const auto& v : space) EXPECT_EQ(v.get("kernels"), "ref");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "6 variants left out: kernels=dsp needs CPU features dsp that the target lacks (mps2-an385)");
  auto dsp_only = resolve_space("kernels=dsp");
  EXPECT_THROW(drop_unrunnable(dsp_only, {}, "mps2-an385"), SpaceError);
  auto on_m4 = resolve_space("");
  EXPECT_TRUE(drop_unrunnable(on_m4, {"dsp"}, "netduinoplus2").empty());
  EXPECT_EQ(on_m4.size(), 44u);
}

TEST(Space, NamedSpacesAndTheEmptyOne) {
  EXPECT_EQ(resolve_space("@corners").size(), 10u);  // 2 corners x 4 levels, clang's unpacked corner x 2
  EXPECT_EQ(resolve_space("@corners;opt=Os").size(), 3u);
  EXPECT_EQ(keys(resolve_space("@corners;cc=clang")),
            (std::set<std::string>{"api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=Os,cc=clang",
                                   "api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=O2,cc=clang"}));
  EXPECT_EQ(resolve_space("@corners;cc=gcc").size(), 8u);
  EXPECT_EQ(resolve_space("@none;+profile=ops").size(), 1u);
  EXPECT_EQ(resolve_space("@planners").size(), 4u);
}

TEST(Space, ErrorsSayWhatIsWrong) {
  auto message = [](const std::string& spec) {
    try {
      resolve_space(spec);
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(message("api=fast").find("choose one of: packed, unpacked"), std::string::npos);
  EXPECT_NE(message("speed=1").find("unknown variant knob 'speed'"), std::string::npos);
  EXPECT_NE(message("@nosuch").find("no sweep space 'nosuch'"), std::string::npos);
  EXPECT_NE(message("api=packed;api=unpacked").find("leaves no variant"), std::string::npos);
  EXPECT_NE(message("packed").find("is not KNOB=VALUE"), std::string::npos);
  // A spec of separators only says nothing: an error, like '+', not the default sweep.
  for (const char* blank : {";;;", " ; ", ";"})
    EXPECT_NE(message(blank).find("has no term"), std::string::npos) << blank;
  EXPECT_TRUE(message("").empty());  // no --variants: the default sweep
}

}  // namespace
