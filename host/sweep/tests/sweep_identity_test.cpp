// Run identities (run.json): every measured-with field that differs is named, with both values;
// record-only fields never count; a variant's fingerprint follows exactly what it depended on.
#include <gtest/gtest.h>

#include <functional>

#include "base/sha256.hpp"
#include "host/sweep/run_identity.hpp"

namespace aotbench::sweep {
namespace {

RunIdentity kws() {
  RunIdentity id;
  id.aotbench_version = "0.1.0";
  id.aotbench_commit = "bb9c1ff00000";
  id.model = "kws";
  id.model_sha256 = "ab12ab12ab12ab12ab12ab12ab12ab12";
  id.board = "netduinoplus2";
  id.board_profile_sha256 = "0f0f0f0f0f0f0f0f0f0f";
  id.gcc = "arm-none-eabi-gcc (15:12.2.rel1-1) 12.2.1 20221205";
  id.qemu = "QEMU emulator version 7.2.19";
  id.inputs_sha256 = "5a5a5a5a5a5a5a5a5a5a";
  id.variants_spec = "@corners;opt=Os;cc=gcc";
  id.keys = {"api=packed,opt=Os", "api=unpacked,opt=Os"};
  id.run_id = "r1";
  id.started_utc = "2026-11-24T09:30:00Z";
  id.command_line = "aotbench --board stm32 --model kws";
  return id;
}

std::string only_difference(const std::function<void(RunIdentity&)>& change) {
  RunIdentity now = kws();
  change(now);
  const auto d = differences(kws(), now);
  EXPECT_EQ(d.size(), 1u);
  return d.empty() ? "" : d[0];
}

TEST(RunIdentity, SameMeasurementHasNoDifference) {
  RunIdentity now = kws();
  now.run_id = "r2";  // record-only fields
  now.started_utc = "2026-11-25T00:00:00Z";
  now.command_line = "aotbench --model kws --board netduinoplus2";
  now.keys = {"api=unpacked,opt=Os", "api=packed,opt=Os"};  // the same space in another order
  now.variants_spec = "@corners;cc=gcc;opt=Os";
  EXPECT_TRUE(differences(kws(), now).empty());
}

TEST(RunIdentity, EachDifferenceNamesBothSides) {
  EXPECT_EQ(only_difference([](RunIdentity& i) {
              i.model = "ic";
              i.model_sha256 = "cd34cd34cd34cd34cd34cd34";
            }),
            "the run folder measured model kws (sha256 ab12ab12ab12..), this run's model is ic (sha256 cd34cd34cd34..)");
  EXPECT_EQ(only_difference([](RunIdentity& i) {
              i.board = "mps2-an386";
              i.board_profile_sha256 = "1e1e1e1e1e1e1e1e";
            }),
            "the run folder measured board netduinoplus2 (profile sha256 0f0f0f0f0f0f..), this run's board is "
            "mps2-an386 (profile sha256 1e1e1e1e1e1e..)");
  EXPECT_EQ(only_difference([](RunIdentity& i) { i.board_profile_sha256 = "77"; }),
            "the board profile netduinoplus2 changed since the run folder was measured (sha256 0f0f0f0f0f0f.. then, "
            "77 now)");
  EXPECT_NE(only_difference([](RunIdentity& i) { i.gcc = "arm-none-eabi-gcc 13.2"; }).find("'arm-none-eabi-gcc 13.2'"),
            std::string::npos);
  EXPECT_NE(only_difference([](RunIdentity& i) { i.clang = "Debian clang version 14.0.6"; }).find("by clang '(none)'"),
            std::string::npos);
  EXPECT_NE(only_difference([](RunIdentity& i) { i.qemu = ""; }).find("this run under 'hardware'"), std::string::npos);
  EXPECT_NE(only_difference([](RunIdentity& i) { i.aotbench_commit = "6c2b79a00000"; }).find("(commit bb9c1ff00000)"),
            std::string::npos);
  EXPECT_NE(only_difference([](RunIdentity& i) { i.inputs_sha256 = "99"; }).find("inputs"), std::string::npos);
  EXPECT_EQ(only_difference([](RunIdentity& i) { i.repeat = 8; }),
            "the run folder measured with --repeat 1 --warmup 0, this run asks --repeat 8 --warmup 0");
  EXPECT_EQ(only_difference([](RunIdentity& i) {
              i.variants_spec = "@planners";
              i.keys = {"api=packed,opt=Os", "plan=greedy_by_size", "plan=greedy_by_conflicts"};
            }),
            "the run folder's sweep space is --variants '@corners;opt=Os;cc=gcc' (2 variants), this run's is "
            "--variants '@planners' (3 variants): 1 variant only there (e.g. api=unpacked,opt=Os), 2 variants only "
            "here (e.g. plan=greedy_by_size)");
}

TEST(RunIdentity, SeveralDifferencesAreAllNamed) {
  RunIdentity now = kws();
  now.model_sha256 = "cd34";
  now.board = "mps2-an386";
  now.warmup = 1;
  EXPECT_EQ(differences(kws(), now).size(), 3u);
}

TEST(RunIdentity, JsonRoundTrip) {
  RunIdentity id = kws();
  id.clang = "Debian clang version 14.0.6";
  id.repeat = 3;
  id.warmup = 2;
  const RunIdentity back = identity_from_json(to_json(id), "run.json");
  EXPECT_TRUE(differences(id, back).empty());
  EXPECT_EQ(back.keys, id.keys);
  EXPECT_EQ(back.run_id, "r1");
  EXPECT_EQ(back.started_utc, id.started_utc);
  EXPECT_EQ(back.command_line, id.command_line);
  EXPECT_EQ(back.variants_spec, id.variants_spec);
  EXPECT_THROW(identity_from_json("{\"model\": 1}", "run.json"), std::runtime_error);
  EXPECT_THROW(identity_from_json("not json", "run.json"), std::runtime_error);
}

TEST(RunIdentity, FingerprintFollowsWhatTheVariantDependsOn) {
  const std::string key = "api=packed,opt=Os";
  const std::string base = variant_fingerprint(kws(), key);
  EXPECT_EQ(base.size(), 64u);
  EXPECT_NE(variant_fingerprint(kws(), "api=unpacked,opt=Os"), base);
  const std::function<void(RunIdentity&)> measured[] = {
      [](RunIdentity& i) { i.model_sha256 = "x"; },  [](RunIdentity& i) { i.board = "x"; },
      [](RunIdentity& i) { i.board_profile_sha256 = "x"; }, [](RunIdentity& i) { i.gcc = "x"; },
      [](RunIdentity& i) { i.clang = "x"; },         [](RunIdentity& i) { i.qemu = "x"; },
      [](RunIdentity& i) { i.aotbench_commit = "x"; }, [](RunIdentity& i) { i.inputs_sha256 = "x"; },
      [](RunIdentity& i) { i.repeat = 2; },          [](RunIdentity& i) { i.warmup = 2; }};
  for (const auto& change : measured) {
    RunIdentity other = kws();
    change(other);
    EXPECT_NE(variant_fingerprint(other, key), base);
  }
  RunIdentity other = kws();  // the rest of the space and the record-only fields do not matter
  other.keys = {key};
  other.variants_spec = "api=packed";
  other.run_id = "r9";
  other.command_line = "x";
  EXPECT_EQ(variant_fingerprint(other, key), base);
}

TEST(RunIdentity, Sha256OfKnownBytes) {
  EXPECT_EQ(base::sha256_hex("abc", 3), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");  // FIPS 180-2
}

}  // namespace
}  // namespace aotbench::sweep
