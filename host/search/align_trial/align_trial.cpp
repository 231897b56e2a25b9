#include "host/search/align_trial/align_trial.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "codegen/variant/build_config.hpp"

namespace aotbench::search {

std::vector<Proposal> AlignTrial::next(const SearchState& state) {
  if (proposed_) return {};
  proposed_ = true;
  if (state.objective != choice::Objective::cycles) return {};  // alignment trades bytes for speed only
  // Counted in instructions, padding can only add some: nothing to try, nothing to say.
  if (state.run.info.counter == results::CounterKind::instructions) return {};
  if (std::any_of(state.space.begin(), state.space.end(), [](const auto& v) { return v.get("align") != "off"; }))
    return {};  // the space searched it
  results::Run scratch = state.run;
  const auto winner = choice::select_winner(scratch, state.limits, state.objective);
  if (!winner) return {};
  const results::VariantResult& best = scratch.variants[*winner];
  codegen::Variant aligned = measure::variant_of(best.knobs);
  if (aligned.get("align") != "off") return {};
  aligned.set("align", kTried);
  try {
    codegen::build_config(aligned);
  } catch (const codegen::VariantError& e) {
    why_not_ = fmt::format("not tried on the winner {}: {}", best.key, e.what());
    return {};
  }
  base_key_ = best.key;
  if (best.counts) base_counts_ = best.counts->median;
  return {{aligned, true}};
}

void AlignTrial::observe(const Proposal&, const measure::Measurement& m) { trial_ = m.result; }

std::string AlignTrial::note() const {
  if (!trial_) return why_not_.empty() ? "" : "loop alignment " + why_not_;
  if (trial_->status != results::Status::ok || !trial_->counts || !base_counts_)
    return fmt::format("loop alignment: {} {}{}", trial_->key, results::to_string(trial_->status),
                       trial_->message.empty() ? "" : ": " + trial_->message);
  const uint64_t now = trial_->counts->median, before = *base_counts_;
  return fmt::format("loop alignment: align={} counted {} against {} unaligned ({:+.2f}%){}", kTried, now, before,
                     100.0 * (static_cast<double>(now) / static_cast<double>(before) - 1.0),
                     now < before ? ", faster: the winner unless it misses a limit" : ", the winner stays unaligned");
}

}  // namespace aotbench::search
