#pragma once
// The sweep space as a strategy: every variant of the (resolved) space, once, in one batch.
#include "host/search/strategy.hpp"

namespace aotbench::search {

class CrossProduct : public SearchStrategy {
 public:
  // `todo`: the variants of the space not measured yet (a resumed sweep has some already).
  explicit CrossProduct(std::vector<codegen::Variant> todo) : todo_(std::move(todo)) {}
  const char* name() const override { return "cross product"; }
  std::vector<Proposal> next(const SearchState&) override;
  void observe(const Proposal&, const measure::Measurement&) override {}

 private:
  std::vector<codegen::Variant> todo_;
  bool proposed_ = false;
};

}  // namespace aotbench::search
