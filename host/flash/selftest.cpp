// See selftest.hpp.
#include "host/flash/selftest.hpp"

#include <algorithm>
#include <chrono>
#include <random>

#include "host/build/calibration.hpp"

namespace aotbench::flash {
namespace {

using transport::RunOptions;
using transport::Workload;

void check_loop(Session& s, const std::filesystem::path& elf, const SelftestOptions& o, SelftestReport& r) {
  build::LoopShape shape = build::loop_shape(elf, "ab_cal_loop");
  r.loop_disassembly = shape.disassembly;
  RunOptions empty{1, 0, Workload::cal_empty, 0, false, false};
  r.empty_count = s.rpc().run(empty).counts.at(0);
  r.repeatable = r.exact = true;
  for (std::uint32_t n : o.loop_iterations) {
    auto res = s.rpc().run(RunOptions{o.runs, 1, Workload::cal_loop, n, false, false});
    LoopPoint pt{n, res.counts, build::predicted_instructions(shape, n)};
    r.repeatable &= std::all_of(pt.measured.begin(), pt.measured.end(), [&](auto c) { return c == pt.measured[0]; });
    r.exact &= std::all_of(pt.measured.begin(), pt.measured.end(), [&](auto c) { return c == pt.predicted; });
    r.loop.push_back(pt);
  }
  // Linear: equal steps in the count for equal steps in the length (lengths may be any).
  r.linear = r.loop.size() >= 2;
  for (std::size_t i = 2; i < r.loop.size(); ++i) {
    auto& a = r.loop[i - 2];
    auto& b = r.loop[i - 1];
    auto& c = r.loop[i];
    __int128 lhs = (__int128)(c.measured[0] - b.measured[0]) * (b.iterations - a.iterations);
    __int128 rhs = (__int128)(b.measured[0] - a.measured[0]) * (c.iterations - b.iterations);
    r.linear &= lhs == rhs;
  }
}

void check_stack(Session& s, const std::filesystem::path& su_file, const SelftestOptions& o, SelftestReport& r) {
  auto res = s.rpc().run(RunOptions{1, 0, Workload::cal_stack, 0, true, false});
  r.stack_measured = res.stack_bytes;
  r.stack_expected = build::stack_usage(su_file, "ab_cal_stack");
  r.stack_ok = r.stack_expected &&
               std::abs(static_cast<long>(r.stack_measured) - static_cast<long>(*r.stack_expected)) <= o.stack_tolerance;
}

void check_echo(Session& s, const SelftestOptions& o, SelftestReport& r) {
  std::vector<std::uint8_t> data(o.echo_bytes);
  std::mt19937 rng(12345);
  for (auto& b : data) b = static_cast<std::uint8_t>(rng());
  auto t0 = std::chrono::steady_clock::now();
  r.echo_ok = s.rpc().echo(data) == data;
  r.echo_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.echo_bytes = data.size();
}

// The built-in model (device/selftest/model_selftest.c): y = sat8(3x - 7) ^ (int8)(7i).
void check_model(Session& s, SelftestReport& r) {
  const auto& info = s.info();
  if (info.model_key != "selftest" || info.inputs.empty()) return;
  std::size_t n = info.inputs[0].bytes;
  std::vector<std::uint8_t> in(n), want(n);
  std::mt19937 rng(777);
  for (std::size_t i = 0; i < n; ++i) {
    in[i] = static_cast<std::uint8_t>(rng());
    int v = 3 * static_cast<std::int8_t>(in[i]) - 7;
    v = std::clamp(v, -128, 127);
    want[i] = static_cast<std::uint8_t>(static_cast<std::int8_t>(v) ^ static_cast<std::int8_t>(7 * i));
  }
  s.rpc().set_input(0, in);
  auto res = s.rpc().run(RunOptions{1, 0, Workload::model, 0, false, true});
  r.model_checked = true;
  r.model_count = res.counts.at(0);
  r.op_counts = s.rpc().get_profile().op_counts;
  r.model_ok = res.model_status == 0 && s.rpc().get_output(0) == want && r.op_counts.size() == info.num_ops;
}

}  // namespace

bool SelftestReport::ok() const {
  bool loop_ok = repeatable && linear && (!instructions || exact);
  return loop_ok && stack_ok && echo_ok && (!model_checked || model_ok);
}

SelftestReport run_selftest(Session& s, const std::filesystem::path& elf, const std::filesystem::path& su_file,
                            const SelftestOptions& o) {
  SelftestReport r;
  r.where = s.where();
  r.unit = results::unit(s.info().counter);
  r.instructions = s.info().counter == results::CounterKind::instructions;
  check_loop(s, elf, o, r);
  check_stack(s, su_file, o, r);
  check_echo(s, o, r);
  check_model(s, r);
  return r;
}

}  // namespace aotbench::flash
