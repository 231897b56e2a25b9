#pragma once
// A search strategy: proposes variants to measure and learns from each measurement. The sweep
// runs its strategies one after the other, measuring every batch a strategy proposes (in
// parallel workers) and telling it what each measurement gave, until it proposes nothing more.
// The cross product of the sweep space comes first; then the tuner chosen with --tune
// (search/registry.hpp).
#include <optional>
#include <string>
#include <vector>

#include "host/choice/select.hpp"
#include "host/measure/measure.hpp"
#include "results/record.hpp"
#include "codegen/variant/variant.hpp"

namespace aotbench::search {

// What a strategy may look at when it proposes.
struct SearchState {
  const results::Run& run;             // every result of the run so far
  const std::vector<codegen::Variant>& space;  // the sweep space (what strategies add is not in it)
  const measure::MeasureSetup& setup;    // board, model, inputs, repeats
  const choice::Limits& limits;
  choice::Objective objective;
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
  virtual void observe(const Proposal& proposal, const measure::Measurement& m) = 0;
  // What a tuner did, for the run's record; empty when it did not tune (note() says why).
  virtual std::optional<results::Tuning> tuning() const { return std::nullopt; }
  virtual std::string note() const { return {}; }
};

}  // namespace aotbench::search
