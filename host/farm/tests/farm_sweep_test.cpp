// Sweeps on a labgrid farm: two places, each an emulator served on loopback (`device serve`'s
// QemuInstance: halted, its gdbstub and its UART on TCP) behind its own real labgrid exporter.
// `aotbench --board labgrid:aotbench-board=netduinoplus2` takes both, shares the variants out and
// measures what a local sweep measures; two sweeps asking for the same tag take turns; a lab host
// that goes away mid-sweep (its exporter and its board killed) costs no result; Ctrl-C keeps what
// was measured; and no lock is left behind.
#include <gtest/gtest.h>
#include <signal.h>

#include <fmt/core.h>

#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "base/process.hpp"
#include "host/board/registry.hpp"
#include "farm_lab.hpp"
#include "host/flash/qemu.hpp"

namespace aotbench::farm {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

const board::Profile& netduino() {
  static board::Registry reg;
  return reg.get("netduinoplus2", {});
}

// What must not depend on where a variant ran.
using Measured = std::map<std::string, std::string>;  // key -> "status counts stack flash ram"

// From `aotbench ... --json`.
Measured measured(const nlohmann::json& out) {
  Measured m;
  for (const auto& v : out.at("variants"))
    m[v.at("key")] = fmt::format("{} {} {} {} {}", v.at("status").get<std::string>(), v.at("counts_median").dump(),
                                 v.at("stack_bytes").dump(), v.at("flash_total").dump(), v.at("ram_total").dump());
  return m;
}

struct Sweep {
  int rc = -1;
  nlohmann::json out;
  std::string err;
  Measured measured;
  std::map<std::string, int> share;  // place -> variants
};

class FarmSweep : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = test::lab_missing(); !why.empty()) GTEST_SKIP() << why;
    char tmpl[] = "/tmp/aotbench-farmsweep-XXXXXX";
    dir_ = mkdtemp(tmpl);
    flash::QemuOptions served;
    served.serve = true;
    for (int i = 0; i < 2; ++i) boards_.push_back(std::make_unique<flash::QemuInstance>(netduino(), served));
    lab_ = std::make_unique<test::FarmLab>(std::vector<test::LabBoard>{
        {"emu-1", "host-a", {{"aotbench-board", "netduinoplus2"}, {"pool", "nightly"}, {"aotbench-probe", "QEMU-1"}},
         boards_[0]->port(),
         boards_[0]->gdb_port()},
        {"emu-2", "host-b", {{"aotbench-board", "netduinoplus2"}, {"pool", "nightly"}}, boards_[1]->port(),
         boards_[1]->gdb_port()}});
  }

  void TearDown() override {
    if (!lab_) return;
    EXPECT_EQ(lab_->who_rows(), std::vector<std::string>{}) << "a lock is left";
    lab_.reset();
    boards_.clear();
    fs::remove_all(dir_);
  }

  std::vector<std::string> sweep_args(const std::string& board, const std::string& out) const {
    return {AOTBENCH_BIN, "--board", board, "--model", "kws", "--variants", "@corners", "--tune", "off",
            "--repeat", "3", "--jobs", "2", "--coordinator", lab_->coordinator(), "--out", (dir_ / out).string(),
            "--history", (dir_ / (out + ".sqlite")).string(), "--json"};
  }

  // Starts a sweep (the child is aotbench itself); its stdout and stderr go to files of the test folder.
  std::unique_ptr<base::ChildProcess> start(const std::vector<std::string>& args, const std::string& name) const {
    return std::make_unique<base::ChildProcess>(
        std::vector<std::string>{"/bin/sh", "-c",
                                 "exec " + base::shell_join(args) + " >" + (dir_ / (name + ".out")).string() + " 2>" +
                                     (dir_ / (name + ".err")).string()},
        "");
  }

  Sweep finish(base::ChildProcess& p, const std::string& name) const {
    Sweep s;
    s.rc = p.wait_for(600s).value_or(-1);
    std::ifstream out(dir_ / (name + ".out")), err(dir_ / (name + ".err"));
    s.err.assign(std::istreambuf_iterator<char>(err), {});
    const std::string text((std::istreambuf_iterator<char>(out)), {});
    if (text.empty()) return s;
    s.out = nlohmann::json::parse(text);
    s.measured = measured(s.out);
    if (s.out.contains("places"))
      for (const auto& p : s.out["places"]["measured_on"]) s.share[p["place"]] = p["variants"];
    return s;
  }

  Sweep run(const std::vector<std::string>& args, const std::string& name) const {
    auto p = start(args, name);
    return finish(*p, name);
  }

  fs::path dir_;
  std::vector<std::unique_ptr<flash::QemuInstance>> boards_;
  std::unique_ptr<test::FarmLab> lab_;
};

// The reference: the same sweep on a board of aotbench's own, counting instructions as the farm's
// places (emulators served by other processes, which run no timing model) do.
Measured local_sweep(const fs::path& dir) {
  static Measured measured;
  if (!measured.empty()) return measured;
  const auto r = base::run_command({AOTBENCH_BIN, "--board", "netduinoplus2", "--model", "kws", "--variants",
                                     "@corners", "--tune", "off", "--repeat", "3", "--jobs", "1", "--counter",
                                     "instructions", "--out",
                                     (dir / "local").string(), "--history", (dir / "local.sqlite").string(), "--json"},
                                    600s);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  measured = ::aotbench::farm::measured(nlohmann::json::parse(r.output.substr(r.output.find('{'))));
  return measured;
}

TEST_F(FarmSweep, UsesBothPlacesAndMeasuresWhatALocalSweepDoes) {
  const Measured local = local_sweep(dir_);
  ASSERT_EQ(local.size(), 10u);
  const auto t0 = std::chrono::steady_clock::now();
  Sweep s = run(sweep_args("labgrid:pool=nightly", "farm"), "farm");
  const double two = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_EQ(s.rc, 0) << s.err;
  EXPECT_EQ(s.measured, local);
  EXPECT_EQ(s.share.size(), 2u) << s.err;  // both places did part of it
  EXPECT_EQ(s.share["emu-1"] + s.share["emu-2"], 10);
  EXPECT_GT(s.share["emu-1"], 0);
  EXPECT_GT(s.share["emu-2"], 0);
  EXPECT_EQ(s.out["stages"]["emulators_started"], 0);  // every variant on the farm's boards
  for (const auto& v : s.out["variants"]) {
    ASSERT_TRUE(v.contains("measured_on")) << v["key"];
    const auto& on = v["measured_on"];
    EXPECT_EQ(on["host"], on["place"] == "emu-1" ? "host-a" : "host-b");
    EXPECT_EQ(on["probe"], on["place"] == "emu-1" ? "QEMU-1" : "");  // the place's aotbench-probe tag
  }
  // results.csv says where each ran, with the exporter
  std::ifstream csv(dir_ / "farm" / "results.csv");
  std::string header;
  std::getline(csv, header);
  EXPECT_NE(header.find("measured_on,measured_on_host"), std::string::npos) << header;

  // The same on one place, for BENCHMARKS.md: printed, not asserted (this machine's 2 cores are shared).
  auto args = sweep_args("labgrid:pool=nightly", "one");
  args.insert(args.end(), {"--places", "1"});
  const auto t1 = std::chrono::steady_clock::now();
  Sweep one = run(args, "one");
  const double single = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  ASSERT_EQ(one.rc, 0) << one.err;
  EXPECT_EQ(one.measured, local);
  EXPECT_EQ(one.share.size(), 1u);
  std::cout << fmt::format("kws @corners --repeat 3 -j2 on the farm: one place {:.1f} s (sweep {:.1f} s), two places "
                           "{:.1f} s (sweep {:.1f} s)\n",
                           single, one.out["stages"]["seconds"]["wall"].get<double>(), two,
                           s.out["stages"]["seconds"]["wall"].get<double>());
}

// Two sweeps of one user asking for the same tag: the second waits for places (with progress)
// or takes what the first left free, and none is used by both at once: each holds its places
// through labgrid's locks, and each ends with its results identical to the local ones.
TEST_F(FarmSweep, TwoSweepsForOneTagTakeTurns) {
  const Measured local = local_sweep(dir_);
  auto a = start(sweep_args("labgrid:pool=nightly", "a"), "a");
  std::this_thread::sleep_for(500ms);
  auto b = start(sweep_args("labgrid:pool=nightly", "b"), "b");
  const Sweep ra = finish(*a, "a"), rb = finish(*b, "b");
  ASSERT_EQ(ra.rc, 0) << ra.err;
  ASSERT_EQ(rb.rc, 0) << rb.err;
  EXPECT_EQ(ra.measured, local);
  EXPECT_EQ(rb.measured, local);
  // Whichever got there second either waited its turn or worked on places the other did not hold.
  std::set<std::string> in_a, in_b;
  for (const auto& [place, n] : ra.share) in_a.insert(place);
  for (const auto& [place, n] : rb.share) in_b.insert(place);
  const bool disjoint = std::none_of(in_a.begin(), in_a.end(), [&](const auto& p) { return in_b.count(p); });
  const bool waited = rb.err.find("waiting") != std::string::npos || ra.err.find("waiting") != std::string::npos;
  EXPECT_TRUE(disjoint || waited) << "a:\n" << ra.err << "\nb:\n" << rb.err;
}

// A lab host goes away mid-sweep: its exporter and its board are killed once results arrive. Its
// place is taken out of service, the variant it was measuring is measured on the other place, and
// every result is the local one.
// Waits until the run folder `name` holds `n` results; false if the sweep ended first.
bool wait_for_results(base::ChildProcess& p, const fs::path& folder, std::size_t n) {
  for (int i = 0; i < 3000 && p.running(); ++i) {
    std::this_thread::sleep_for(10ms);
    std::ifstream results(folder / "results.json");
    const std::string text((std::istreambuf_iterator<char>(results)), {});
    if (text.find("\"benchmarks\"") == std::string::npos) continue;
    try {
      if (nlohmann::json::parse(text)["benchmarks"].size() >= n) return true;
    } catch (const nlohmann::json::exception&) {
      // being rewritten
    }
  }
  return false;
}

TEST_F(FarmSweep, AHostThatGoesAwayCostsNoResult) {
  const Measured local = local_sweep(dir_);
  auto p = start(sweep_args("labgrid:pool=nightly", "lost"), "lost");
  ASSERT_TRUE(wait_for_results(*p, dir_ / "lost", 2)) << "the sweep ended before two results were in";
  lab_->kill_exporter("host-b");
  ::kill(boards_[1]->pid(), SIGKILL);
  const Sweep s = finish(*p, "lost");
  ASSERT_EQ(s.rc, 0) << s.err;
  EXPECT_EQ(s.measured, local);
  ASSERT_TRUE(s.out.contains("places")) << s.out.dump();
  const auto& retired = s.out["places"]["retired"];
  // 8 variants were left for two workers: emu-2 was leased again, found gone and retired
  ASSERT_EQ(retired.size(), 1u) << s.out["places"].dump();
  EXPECT_EQ(retired[0]["place"], "emu-2");
  EXPECT_NE(s.err.find("board emu-2 was taken out of service"), std::string::npos) << s.err;
  EXPECT_GT(s.share.at("emu-1"), 0);
}

// scripts/nightly with a farm file that names the coordinator and a tag filter: one sweep over
// both places, and the night's summary says how many variants each place measured.
// Ctrl-C mid-sweep: the sweep ends with 130 and retires no board, what was measured is kept,
// and both places are free (TearDown). The order inside the handler (stop first, then release) is
// SignalCleanup.TellsTheProgramFirstThenReleases's.
TEST_F(FarmSweep, CtrlCStopsTheSweepAndReleasesItsPlaces) {
  const Measured local = local_sweep(dir_);
  auto p = start(sweep_args("labgrid:pool=nightly", "stopped"), "stopped");
  ASSERT_TRUE(wait_for_results(*p, dir_ / "stopped", 2)) << "the sweep ended before two results were in";
  ::kill(p->pid(), SIGINT);
  const Sweep s = finish(*p, "stopped");
  EXPECT_EQ(s.rc, 130) << s.err;
  EXPECT_EQ(s.err.find("taken out of service"), std::string::npos) << s.err;
  std::ifstream results(dir_ / "stopped" / "results.json");
  const auto kept = nlohmann::json::parse(results).at("benchmarks");
  ASSERT_GE(kept.size(), 2u);
  ASSERT_LT(kept.size(), local.size()) << "the sweep had finished: nothing was interrupted";
  for (const auto& b : kept) {  // one Google Benchmark entry per variant
    const std::string key = b.at("name");
    EXPECT_TRUE(local.count(key)) << key;
    EXPECT_FALSE(b.value("error_occurred", false)) << key << ": " << b.value("error_message", "");
  }
}

TEST_F(FarmSweep, TheNightlyRunsOverTheFarmsPlaces) {
  const fs::path farm = dir_ / "farm.toml";
  std::ofstream(farm) << fmt::format(
      "coordinator = \"{}\"\nfail_above = 0.0\nretries = 0\n\n[[board]]\nname = \"emus\"\nlabgrid = "
      "\"pool=nightly\"\nmodels = [\"kws\"]\nvariants = \"@corners;opt=Os|O2\"\n",
      lab_->coordinator());
  const auto r = base::run_command({"/usr/bin/python3", std::string(AOTBENCH_SOURCE_DIR) + "/scripts/nightly", "--farm",
                                     farm.string(), "--out", (dir_ / "nightly").string(), "--date", "2026-01-01",
                                     "--aotbench", AOTBENCH_BIN},
                                    600s);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream in(dir_ / "nightly" / "2026-01-01" / "summary.json");
  const auto summary = nlohmann::json::parse(in);
  const auto& status = summary["boards"]["emus"]["kws"];
  EXPECT_EQ(status["ok"], true) << status.dump();
  EXPECT_EQ(status["profile"], "netduinoplus2");
  EXPECT_EQ(status["labgrid"], "pool=nightly");
  ASSERT_EQ(status["places"].size(), 2u) << status.dump();
  EXPECT_EQ(status["places"]["emu-1"]["host"], "host-a");
  EXPECT_EQ(status["places"]["emu-2"]["host"], "host-b");
  std::ifstream csv(dir_ / "nightly" / "2026-01-01" / "emus" / "kws" / "results.csv");
  std::size_t variants = 0;  // the space's 4 and what the tuner composed: the rows below the header
  for (std::string line; std::getline(csv, line);) variants += !line.empty();
  variants -= 1;
  EXPECT_GE(variants, 4u);
  EXPECT_EQ(status["places"]["emu-1"]["variants"].get<std::size_t>() + status["places"]["emu-2"]["variants"].get<std::size_t>(),
            variants);
}

}  // namespace
}  // namespace aotbench::farm
