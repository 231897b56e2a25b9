#pragma once
// A search strategy: proposes variants to measure and learns from each measurement. The sweep
// runs its strategies one after the other, measuring every batch a strategy proposes (in
// parallel workers) and telling it what each measurement gave, until it proposes nothing more.
// The cross product of the sweep space is one strategy; the per-layer tuner another.
#include <string>
#include <vector>

#include "emit/variant.hpp"
#include "results/record.hpp"
#include "sweep/measure.hpp"
#include "sweep/select.hpp"

namespace aotbench::search {

// What a strategy may look at when it proposes.
struct SearchState {
  const results::Run& run;             // every result of the run so far
  const std::vector<codegen::Variant>& space;  // the sweep space (what strategies add is not in it)
  const sweep::MeasureSetup& setup;    // board, model, inputs, repeats
  const sweep::Limits& limits;
  const std::string& objective;
};

struct Proposal {
  codegen::Variant variant;
  // A result of the run (measured and kept), or a measurement image: firmware built only for its
  // per-operator profile, which feeds the strategy and is not a candidate for the winner.
  bool result = true;
};

class SearchStrategy {
 public:
  virtual ~SearchStrategy() = default;
  virtual const char* name() const = 0;
  // The next batch to measure; empty: the strategy is done.
  virtual std::vector<Proposal> next(const SearchState& state) = 0;
  // One measurement of a proposal of the last batch.
  virtual void observe(const Proposal& proposal, const sweep::Measurement& m) = 0;
};

}  // namespace aotbench::search
