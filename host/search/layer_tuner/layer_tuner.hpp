#pragma once
// The per-layer tuner: the schedule of each layer measured on the device, the fastest composed.
//
// Layers with the same signature (codegen::op_signature) cost the same under a schedule, so they
// form one group, measured once. Candidates are the schedules that can run a layer exactly on
// the board's core, the reference one included. Measurement image k gives every group its k-th
// candidate not measured yet and profiles each operator (profile=ops): no more images than the
// largest candidate count, not their product. Figures go into the tuning log and come from it:
// a layer measured before on this board, core, compiler, opt level, index width and loop
// alignment, under the same counter (and timing model), is not measured again, in any model.
//
// Then the fastest candidate of every group is composed into one variant, built without hooks
// and measured like any other (outputs against the host reference, fit against the limits). If
// it would not fit (predicted from code generation, before building), the composition is made
// three ways, the fastest kept: layers give up their most memory-hungry choices, the least costly
// first, and take back what then fits; or every layer starts on its leanest candidate, or on the
// base's own schedule, and the layers that gain the most per share of the free flash and RAM take
// faster ones while the whole fits.
// Measurement images that would not fit are split.
//
// It starts from the winner of what was measured before it (the best untuned variant), and only
// for the instructions/cycles objective. It composes from up to three bases, one pass each, and
// the fastest composition that fits is the tuning:
// - the winner (where that runs its first layers in bands of rows, the fastest variant whole);
// - the best variant of another compiler or opt level within 5 % of it: a layer's figures belong
//   to its build, and which build tunes best the untuned totals do not tell (-O2 and -O3 0.3 %
//   apart untuned have tuned 6 % apart);
// - where the winner runs in bands (patches=K: the only variants that fit a tight RAM limit), the
//   banded winner: the layers outside its band group take the fastest measured schedules that
//   fit, the band group keeps its own (measured whole, a layer's figure says nothing of its bands).
//
// The log is checked, never trusted blindly: a figure that is implausible on its own or beside
// its siblings (search/layer_tuner/log_trust.hpp) is measured again before anything is chosen, and when the
// composed variant's count disagrees with the chosen layers' logged sum beyond their spread, the
// chosen layers that came from the log are measured again in one image and the choice is made
// again. Figures found wrong are replaced in the log (the old entry kept as superseded, with
// why) and listed in the tuning's corrections.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "host/choice/footprint.hpp"
#include "codegen/emit/layer_choices.hpp"
#include "results/tuning_log.hpp"
#include "host/search/strategy.hpp"

namespace aotbench::search {

class LayerTuner : public SearchStrategy {
 public:
  explicit LayerTuner(results::TuningLog& log) : log_(log) {}
  LayerTuner(const LayerTuner&) = delete;  // its groups point into its own layers_
  LayerTuner& operator=(const LayerTuner&) = delete;
  const char* name() const override { return "per-layer tuner"; }
  std::vector<Proposal> next(const SearchState& state) override;
  void observe(const Proposal& proposal, const measure::Measurement& m) override;

  // What it did; empty when it did not tune, and then note() says why.
  std::optional<results::Tuning> tuning() const override;
  std::string note() const override { return note_; }

 private:
  // A schedule of a group (its name and bytes), and what is known of its speed.
  struct Candidate : codegen::ScheduleChoice {
    explicit Candidate(const codegen::ScheduleChoice& choice) : codegen::ScheduleChoice(choice) {}
    std::optional<uint64_t> counts;
    uint64_t spread = 0;
    bool from_log = false;
    std::string failed;  // why it cannot be used (its measurement image failed, or cannot fit)
    bool unfit = false;  // failed: predicted not to fit beside the base's leanest choices
    std::optional<results::TuningEntry> logged;  // what the log held for it
    std::string distrust;  // why the logged figure was not used at all: it is measured again
    std::string suspect;   // why the logged figure is measured again (replaced if the two disagree)
  };
  // Layers that compile to the same code (what code generation says of them), and the tuning's
  // state: its candidates, in the order of the layers' schedule choices.
  struct Group {
    const codegen::LayerGroup* layers;  // in layers_
    std::vector<Candidate> candidates;
    std::size_t chosen = 0;
    std::size_t fastest = 0;  // chosen unless the limits needed a leaner one
  };
  struct Image {
    std::vector<std::size_t> assignment;  // per group: the candidate it runs
    std::vector<bool> fresh;              // per group: measured by this image
    bool verifies = false;                // re-measures a composition's logged figures
  };

  bool start(const SearchState& state);
  std::vector<Proposal> measure_or_compose();
  std::vector<Proposal> settled(const std::string& why_none);
  void begin_pass();
  bool next_pass();
  std::optional<results::Tuning> pass_tuning() const;
  std::vector<Proposal> images();
  void fit_image(Image image, std::vector<Image>& out);
  std::pair<Image, Image> halves(const Image& image) const;
  Proposal image_proposal(Image image);
  void take_profile(const Image& image, const measure::Measurement& m);
  void settle(const Group& grp, Candidate& c, const results::TuningEntry& fresh);
  void read_log();
  std::optional<Image> verification();
  uint64_t layers_sum(const std::vector<std::size_t>& assignment, uint64_t* spread = nullptr) const;
  void split_or_fail(const Image& image, const measure::Measurement& m);
  void choose();
  bool fit_composition();
  bool shed_to_fit();
  bool grow_within_limits();
  std::vector<std::size_t> base_assignment() const;
  bool predicted_to_fit(const std::vector<std::size_t>& assignment, choice::Footprint* footprint = nullptr) const;
  void set_chosen(const std::vector<std::size_t>& assignment);
  bool repair(const results::VariantResult& composed);
  Proposal composed_proposal();
  std::vector<std::size_t> chosen() const;
  codegen::Variant with_layers(const std::vector<std::size_t>& assignment) const;
  codegen::Variant image_variant(const std::vector<std::size_t>& assignment) const;
  std::size_t leanest(const Group& g, bool usable_only = false) const;
  static bool usable(const Candidate& c) { return c.counts && c.failed.empty(); }
  results::TuningKey key(const Group& g, const Candidate& c) const;

  enum class Phase { start, images, compose, verify, done };
  results::TuningLog& log_;
  Phase phase_ = Phase::start;
  bool planned_ = false;  // the first images are planned
  std::string note_;
  // From the state at the start (the setup outlives the sweep's strategies).
  const measure::MeasureSetup* setup_ = nullptr;
  choice::Limits limits_;
  results::RunInfo info_;
  codegen::Variant base_;
  codegen::EmitOptions emit_options_;
  std::optional<choice::FootprintModel> footprint_;
  std::string base_key_, compiler_, build_;
  std::vector<codegen::LayerGroup> layers_;  // what code generation says of the layers
  std::vector<Group> groups_;               // one per entry of layers_
  std::map<std::string, Image> pending_;  // measurement images by variant key
  std::vector<Image> retry_;
  int images_ = 0, measured_ = 0, from_log_ = 0, repairs_ = 0, verifications_ = 0;
  std::optional<results::VariantResult> composed_;
  std::vector<std::size_t> composed_assignment_;  // what composed_ ran
  std::vector<results::LogCorrection> corrections_;
  std::string suspicion_;     // why the last composition's logged figures are measured again
  std::string disagreement_;  // a composition the log's figures do not add up to, left as it is
  // What the passes compose from, in order; the one of this pass is bases_[pass_].
  struct Base {
    codegen::Variant variant;  // without profile hooks
    results::VariantResult result;
    bool banded = false;  // its band group keeps its schedules
  };
  std::vector<Base> bases_;
  std::size_t pass_ = 0;
  // The compositions of the passes before this one, each with its tuning.
  std::vector<std::pair<results::Tuning, results::VariantResult>> composed_before_;
};

}  // namespace aotbench::search
