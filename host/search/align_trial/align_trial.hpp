#pragma once
// The last stage of a tuned sweep: the winner so far built once more with its loops aligned
// (align=loops8) and kept as a result of the run, so the winner's selection keeps whichever
// counted fewer cycles. One image more, not the space doubled: alignment moves a model by under
// 2 % either way (BENCHMARKS.md, "Loop alignment as a build knob"), so it is tried on the one
// variant that matters.
//
// It tries nothing when alignment cannot pay or was searched already: under the instruction
// counter (padding only adds instructions), for another objective than cycles, when the space
// varies `align` itself, or when the winner is built where the compiler aligns no loop (-Os with
// gcc, -O0).
#include <optional>
#include <string>

#include "host/search/strategy.hpp"

namespace aotbench::search {

class AlignTrial : public SearchStrategy {
 public:
  // A loop head at the start of an M7 64-bit fetch and of an L4R5 64-bit flash read: the best
  // single value over the MLPerf Tiny winners on both reference boards (BENCHMARKS.md).
  static constexpr const char* kTried = "loops8";

  const char* name() const override { return "loop alignment"; }
  std::vector<Proposal> next(const SearchState& state) override;
  void observe(const Proposal& proposal, const measure::Measurement& m) override;
  // What it tried and what came of it, or why it tried nothing.
  std::string note() const override;

 private:
  bool proposed_ = false;
  std::string why_not_;
  std::string base_key_;
  std::optional<uint64_t> base_counts_;
  std::optional<results::VariantResult> trial_;
};

}  // namespace aotbench::search
