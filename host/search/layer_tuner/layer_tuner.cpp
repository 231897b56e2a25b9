#include "host/search/layer_tuner/layer_tuner.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <set>
#include <tuple>
#include <utility>

#include "host/build/toolchain.hpp"
#include "codegen/emit/emitter.hpp"
#include "codegen/emit/layer_choices.hpp"
#include "host/search/layer_tuner/log_trust.hpp"
#include "codegen/variant/build_config.hpp"

namespace aotbench::search {
namespace {

uint64_t median(std::vector<uint64_t> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[(v.size() - 1) / 2];
}

bool fits(const results::VariantResult& v, const choice::Limits& limits) {
  if (v.status != results::Status::ok || !v.flash) return false;
  const auto ram = choice::ram_needed(v);
  return v.flash->total() <= limits.flash && ram && *ram <= limits.ram &&
         (!limits.stack || v.stack_bytes.value_or(0) <= *limits.stack);
}

// Two figures of one thing agree within the larger spread, and 2% (what code layout moves a
// layer's count by when a timing model prices its fetches; QEMU's instructions repeat exactly).
bool agree(uint64_t a, uint64_t b, uint64_t spread) {
  const uint64_t gap = a > b ? a - b : b - a;
  return gap <= std::max(spread, std::max(a, b) / 50);
}

constexpr int kMaxVerifications = 3;  // compositions whose logged figures are measured again
constexpr double kOtherBuildWithin = 1.05;  // a variant of another build this close is tuned too
constexpr const char* kNoFit = "no composition of the measured schedules is predicted to fit the limits";

// Why a variant predicted to miss the limits by `over` cannot be used.
std::string why_unfit(const choice::Footprint& over) {
  if (std::max(over.flash, over.ram) >= choice::kCannotGenerate / 2)
    return "its patches=K is refused under these schedules: no band group lowers their arena";
  std::string s;
  if (over.flash) s += fmt::format("{} B more flash", over.flash);
  if (over.ram) s += fmt::format("{}{} B more RAM", s.empty() ? "" : " and ", over.ram);
  return fmt::format("would need {} than the limits allow", s);
}

}  // namespace

std::vector<Proposal> LayerTuner::next(const SearchState& state) {
  switch (phase_) {
    case Phase::start:
      if (!start(state)) {
        phase_ = Phase::done;
        return {};
      }
      phase_ = Phase::images;
      [[fallthrough]];
    case Phase::images:
      return measure_or_compose();
    case Phase::compose:
      if (composed_ && repair(*composed_)) return {composed_proposal()};
      // The band group's layers are not in the chosen layers' sum: nothing to verify it by.
      if (composed_ && !bases_[pass_].banded) {
        if (auto image = verification()) {
          phase_ = Phase::verify;
          return {image_proposal(std::move(*image))};
        }
      }
      return settled("");
    case Phase::verify:
      // The figures measured again are in place: choose again; a new choice is composed.
      choose();
      if (!fit_composition()) return settled(kNoFit);
      if (chosen() == composed_assignment_) return settled("");
      phase_ = Phase::compose;
      return {composed_proposal()};
    case Phase::done:
      return {};
  }
  return {};
}

// The base variant and the groups of layers with their candidates and what the log knows.
bool LayerTuner::start(const SearchState& state) {
  setup_ = &state.setup;
  limits_ = state.limits;
  info_ = state.run.info;
  if (state.objective != choice::Objective::cycles) {
    note_ = fmt::format("per-layer tuning minimizes instructions/cycles; objective {} keeps the untuned winner",
                        choice::to_string(state.objective));
    return false;
  }
  // The winner of the space: what an earlier tuning of a resumed run composed is no base.
  results::Run scratch = state.run;
  std::erase_if(scratch.variants, [&](const results::VariantResult& v) {
    return std::none_of(state.space.begin(), state.space.end(), [&](const auto& s) { return s.key() == v.key; });
  });
  const auto variant_of = [&](const std::string& key) {
    codegen::Variant v = *std::find_if(state.space.begin(), state.space.end(), [&](const auto& s) { return s.key() == key; });
    v.set("profile", "off");
    return v;
  };
  choice::Limits limits = state.limits;
  auto winner = choice::select_winner(scratch, limits, state.objective);
  std::optional<Base> banded;
  if (winner && variant_of(scratch.variants[*winner].key).get("patches") != "0")
    banded = Base{variant_of(scratch.variants[*winner].key), scratch.variants[*winner], true};
  if (!winner || banded) {
    // Nothing fits as it is (a tight --max-ram or --max-flash), or only in bands of rows, which
    // the RAM axis adds as a last resort: start from the fastest that ran, matched and keeps
    // within the stack limit (which schedules are not chosen for); the composition trades its
    // schedules for leaner ones until it is predicted to fit.
    constexpr uint64_t kAny = std::numeric_limits<uint64_t>::max();
    limits = choice::Limits{kAny, kAny, state.limits.stack};
    if (auto fastest = choice::select_winner(scratch, limits, state.objective)) winner = fastest;
  }
  if (!winner) {
    note_ = "no untuned variant ran and matched: nothing to tune from";
    return false;
  }
  bases_.push_back(Base{variant_of(scratch.variants[*winner].key), scratch.variants[*winner]});
  // The best of another compiler, opt level or loop alignment close behind, under the same limits, whole.
  // (The knobs as given: build_config() refuses a combination the space may hold, e.g. align at -Os.)
  const auto build_of = [](const codegen::Variant& v) { return std::tuple(v.get("cc"), v.get("opt"), v.get("align")); };
  results::Run others = scratch;
  std::erase_if(others.variants, [&](const results::VariantResult& r) {
    const codegen::Variant v = variant_of(r.key);
    return v.get("patches") != "0" || build_of(v) == build_of(bases_[0].variant);
  });
  if (const auto other = choice::select_winner(others, limits, state.objective)) {
    const results::VariantResult& r = others.variants[*other];
    if (r.counts && bases_[0].result.counts &&
        static_cast<double>(r.counts->median) <= kOtherBuildWithin * static_cast<double>(bases_[0].result.counts->median))
      bases_.push_back(Base{variant_of(r.key), r});
  }
  if (banded && banded->result.key != bases_[0].result.key) bases_.push_back(std::move(*banded));
  emit_options_.model_name = state.setup.model->name;
  emit_options_.cpu_features = state.setup.board.cpu.features;
  begin_pass();
  const bool choices = std::any_of(layers_.begin(), layers_.end(), [](const codegen::LayerGroup& grp) {
    return grp.choices.size() > 1;
  });
  if (!choices) {
    note_ = fmt::format("one schedule per layer on {}: nothing to tune", state.setup.board.name);
    return false;
  }
  return true;
}

// The measurement images still to run, else the composition of the fastest candidates that fits.
std::vector<Proposal> LayerTuner::measure_or_compose() {
  if (auto batch = images(); !batch.empty()) return batch;
  phase_ = Phase::compose;
  choose();
  if (!fit_composition()) return settled(kNoFit);
  return {composed_proposal()};
}

// The composition of this pass is settled (measured, or none predicted to fit: `why_none`); the
// next pass starts from the next base, its layers not measured yet measured in images of it first.
std::vector<Proposal> LayerTuner::settled(const std::string& why_none) {
  if (next_pass()) {
    phase_ = Phase::images;
    planned_ = false;
    return measure_or_compose();
  }
  if (!why_none.empty() && !composed_ && composed_before_.empty())
    note_ = bases_.size() > 1 ? fmt::format("{}, from any of {} bases", kNoFit, bases_.size()) : why_none;
  phase_ = Phase::done;
  return {};
}

// The next pass (false: none left), its composition from scratch.
bool LayerTuner::next_pass() {
  if (pass_ + 1 >= bases_.size()) return false;
  if (auto t = pass_tuning()) composed_before_.emplace_back(std::move(*t), *composed_);
  composed_.reset();
  repairs_ = 0;
  ++pass_;
  begin_pass();
  return true;
}

// The groups of this pass's base with their candidates (a banded base's band group left out).
// Figures measured in an earlier pass carry over where the build is the same; a base of another
// build reads the log of its own.
void LayerTuner::begin_pass() {
  const Base& base = bases_[pass_];
  const codegen::BuildConfig config = codegen::build_config(base.variant);
  const std::string compiler = build::Toolchain::cross(config.cc).version();
  // "O3,index=i32", and ",align=loops16" when the loops are aligned: a log of before the knob
  // holds unaligned figures, under the key they keep.
  std::string build = fmt::format("{},index=i{}", config.opt, config.index_bits);
  if (config.align != "off") build += ",align=" + config.align;
  std::map<std::pair<std::string, std::string>, Candidate> known;  // by signature and schedule
  if (compiler == compiler_ && build == build_)
    for (const Group& grp : groups_)
      for (const Candidate& c : grp.candidates) known.emplace(std::pair(grp.layers->signature, c.schedule), c);
  base_ = base.variant;
  base_key_ = base.result.key;
  compiler_ = compiler;
  build_ = build;
  const codegen::Graph& g = setup_->model->graph;
  groups_.clear();
  layers_ = codegen::layer_groups(g, base_, emit_options_);
  bool unknown = false;
  for (const codegen::LayerGroup& layers : layers_) {
    Group grp{&layers, {}};
    for (const codegen::ScheduleChoice& choice : layers.choices) {
      Candidate c(choice);
      if (const auto it = known.find(std::pair(layers.signature, choice.schedule)); it != known.end()) {
        c = it->second;
        static_cast<codegen::ScheduleChoice&>(c) = choice;  // this base's bytes
        if (c.unfit) c.failed.clear();  // beside another base; beside this one it may fit
        c.unfit = false;
      } else {
        unknown = true;
      }
      grp.candidates.push_back(std::move(c));
    }
    groups_.push_back(std::move(grp));
  }
  if (unknown) read_log();
  footprint_.emplace(g, emit_options_, base_, base.result);
}

// What the log knows, where it is plausible; an implausible figure is measured again.
void LayerTuner::read_log() {
  std::vector<LoggedFigure> figures;
  std::vector<Candidate*> of;
  for (Group& grp : groups_) {
    for (Candidate& c : grp.candidates) {
      if (c.counts || c.logged) continue;  // measured or read in an earlier pass
      c.logged = log_.find(key(grp, c));
      if (!c.logged) continue;
      figures.push_back({grp.layers->type, c.schedule, grp.layers->macs, c.logged->counts, c.logged->damaged});
      of.push_back(&c);
    }
  }
  const std::vector<std::string> why = implausible(figures);
  for (std::size_t i = 0; i < of.size(); ++i) {
    Candidate& c = *of[i];
    if (!why[i].empty()) {
      c.distrust = why[i];
      continue;
    }
    c.counts = c.logged->counts;
    c.spread = c.logged->spread;
    c.from_log = true;
    ++from_log_;
  }
}

results::TuningKey LayerTuner::key(const Group& g, const Candidate& c) const {
  std::string counter = results::to_string(info_.counter);
  if (!setup_->counter_version.empty()) counter += "@" + setup_->counter_version;  // which timing model
  return {setup_->board.name, setup_->board.cpu.core, compiler_, build_, g.layers->signature, c.schedule, counter};
}

// Image k gives every group its k-th candidate still to measure; groups with none left run their
// leanest candidate (not measured again). Images that did not fit come back split.
std::vector<Proposal> LayerTuner::images() {
  std::vector<Image> plan = std::move(retry_);
  retry_.clear();
  if (!planned_) {
    planned_ = true;
    std::vector<std::vector<std::size_t>> todo(groups_.size());
    std::size_t most = 0;
    for (std::size_t gi = 0; gi < groups_.size(); ++gi) {
      for (std::size_t ci = 0; ci < groups_[gi].candidates.size(); ++ci)
        if (!groups_[gi].candidates[ci].counts && groups_[gi].candidates[ci].failed.empty()) todo[gi].push_back(ci);
      most = std::max(most, todo[gi].size());
    }
    for (std::size_t k = 0; k < most; ++k) {
      Image image{std::vector<std::size_t>(groups_.size(), 0), std::vector<bool>(groups_.size(), false)};
      for (std::size_t gi = 0; gi < groups_.size(); ++gi) {
        image.assignment[gi] = leanest(groups_[gi]);
        if (k < todo[gi].size()) {
          image.assignment[gi] = todo[gi][k];
          image.fresh[gi] = true;
        }
      }
      fit_image(std::move(image), plan);
    }
  }
  std::vector<Proposal> batch;
  for (Image& image : plan) batch.push_back(image_proposal(std::move(image)));
  return batch;
}

// An image predicted not to fit is split in two until its halves fit; a single candidate that
// cannot fit even beside the leanest choices everywhere else is ruled out without building.
void LayerTuner::fit_image(Image image, std::vector<Image>& out) {
  const std::size_t fresh = static_cast<std::size_t>(std::count(image.fresh.begin(), image.fresh.end(), true));
  if (fresh == 0) return;
  const choice::Footprint over = choice::FootprintModel::overshoot(footprint_->predict(image_variant(image.assignment)), limits_);
  if (over.flash == 0 && over.ram == 0) {
    out.push_back(std::move(image));
  } else if (fresh > 1) {
    auto [a, b] = halves(image);
    fit_image(std::move(a), out);
    fit_image(std::move(b), out);
  } else {
    const auto gi = static_cast<std::size_t>(std::find(image.fresh.begin(), image.fresh.end(), true) - image.fresh.begin());
    Candidate& c = groups_[gi].candidates[image.assignment[gi]];
    c.failed = why_unfit(over);
    c.unfit = true;
  }
}

// The fresh groups of an image in two halves, the other groups on their leanest candidate.
std::pair<LayerTuner::Image, LayerTuner::Image> LayerTuner::halves(const Image& image) const {
  std::vector<std::size_t> fresh;
  for (std::size_t gi = 0; gi < groups_.size(); ++gi)
    if (image.fresh[gi]) fresh.push_back(gi);
  std::array<Image, 2> parts;
  for (Image& part : parts) {
    part.fresh.assign(groups_.size(), false);
    for (const Group& grp : groups_) part.assignment.push_back(leanest(grp));
  }
  for (std::size_t k = 0; k < fresh.size(); ++k) {
    Image& part = parts[k < fresh.size() / 2 ? 0 : 1];
    part.assignment[fresh[k]] = image.assignment[fresh[k]];
    part.fresh[fresh[k]] = true;
  }
  return {std::move(parts[0]), std::move(parts[1])};
}

// The candidate that takes the least memory (the reference schedule, when it applies); with
// `usable_only`, the least of those usable (of all, where none is).
std::size_t LayerTuner::leanest(const Group& g, bool usable_only) const {
  std::optional<std::size_t> best;
  const auto bytes = [](const Candidate& c) { return c.param_bytes + c.scratch_bytes; };
  for (std::size_t ci = 0; ci < g.candidates.size(); ++ci) {
    const Candidate& c = g.candidates[ci];
    if ((!usable_only || usable(c)) && (!best || bytes(c) < bytes(g.candidates[*best]))) best = ci;
  }
  return best ? *best : usable_only ? leanest(g) : 0;
}

Proposal LayerTuner::image_proposal(Image image) {
  const codegen::Variant v = image_variant(image.assignment);
  pending_[v.key()] = std::move(image);
  ++images_;
  return {v, false};
}

codegen::Variant LayerTuner::with_layers(const std::vector<std::size_t>& assignment) const {
  return codegen::with_layer_choices(base_, layers_, assignment);
}

codegen::Variant LayerTuner::image_variant(const std::vector<std::size_t>& assignment) const {
  codegen::Variant v = with_layers(assignment);
  v.set("profile", "ops");
  return v;
}

void LayerTuner::observe(const Proposal& p, const measure::Measurement& m) {
  if (p.result) {
    composed_ = m.result;
    return;
  }
  const auto it = pending_.find(p.variant.key());
  if (it == pending_.end()) return;
  const Image image = std::move(it->second);
  pending_.erase(it);
  if (m.result.status == results::Status::ok) {
    take_profile(image, m);
  } else if (image.verifies) {  // the logged figures stay what they were; the composition stands
    disagreement_ = fmt::format("{}; measuring its logged figures again failed ({}: {})", suspicion_,
                                results::to_string(m.result.status), m.result.message);
  } else {
    split_or_fail(image, m);
  }
}

// Each fresh group's figure: the median over its layers (equal under QEMU), into the log.
void LayerTuner::take_profile(const Image& image, const measure::Measurement& m) {
  for (std::size_t gi = 0; gi < groups_.size(); ++gi) {
    if (!image.fresh[gi]) continue;
    Group& grp = groups_[gi];
    Candidate& c = grp.candidates[image.assignment[gi]];
    std::vector<uint64_t> counts;
    uint64_t spread = 0;
    for (const auto& op : m.ops) {
      if (std::find(grp.layers->ops.begin(), grp.layers->ops.end(), op.index) == grp.layers->ops.end()) continue;
      counts.push_back(op.counts);
      spread = std::max(spread, op.spread);
    }
    if (counts.empty()) continue;
    c.counts = median(counts);
    c.spread = std::max(spread, *std::max_element(counts.begin(), counts.end()) -
                                     *std::min_element(counts.begin(), counts.end()));
    ++measured_;
    results::TuningEntry e;
    e.key = key(grp, c);
    e.counts = *c.counts;
    e.spread = c.spread;
    e.repeats = static_cast<uint32_t>(setup_->repeat);
    e.macs = grp.layers->macs;
    e.run_id = info_.run_id;
    e.date_utc = info_.date_utc;
    if (c.logged) settle(grp, c, e);
    else log_.record(e);
    c.from_log = false;
  }
}

// A layer the log knew, measured now. Where the log was wrong (a figure not trusted, or one this
// measurement contradicts) its entry is replaced and the old one kept as superseded, with why.
void LayerTuner::settle(const Group& grp, Candidate& c, const results::TuningEntry& fresh) {
  const results::TuningEntry old = *c.logged;
  std::string why = c.distrust;
  if (why.empty() && !agree(old.counts, fresh.counts, std::max(old.spread, fresh.spread)))
    why = fmt::format("{}; measured again: {}", c.suspect, fresh.counts);
  c.distrust.clear();
  c.suspect.clear();
  c.logged = fresh;
  if (why.empty()) return;  // the log was right
  log_.supersede(fresh, why);
  corrections_.push_back({grp.layers->type, grp.layers->shape, c.schedule, old.damaged.empty() ? std::to_string(old.counts) : old.damaged,
                          fresh.counts, why});
}

// The chosen layers' figures added up (each group's figure once per layer), and their spreads.
uint64_t LayerTuner::layers_sum(const std::vector<std::size_t>& assignment, uint64_t* spread) const {
  uint64_t sum = 0, spreads = 0;
  for (std::size_t gi = 0; gi < groups_.size(); ++gi) {
    const Candidate& c = groups_[gi].candidates[assignment[gi]];
    sum += c.counts.value_or(0) * groups_[gi].layers->ops.size();
    spreads += c.spread * groups_[gi].layers->ops.size();
  }
  if (spread) *spread = spreads;
  return sum;
}

// A composition whose count the chosen layers' figures do not add up to: its layers whose figures
// came from the log are measured again, in one image of the composition itself.
std::optional<LayerTuner::Image> LayerTuner::verification() {
  disagreement_.clear();
  if (composed_->status != results::Status::ok || !composed_->counts) return std::nullopt;
  const uint64_t total = composed_->counts->median;
  uint64_t spread = 0;
  const uint64_t sum = layers_sum(composed_assignment_, &spread);
  if (agree(total, sum, spread)) return std::nullopt;
  const std::string why = fmt::format("the composed variant counted {}, the chosen layers' logged figures add up to {}",
                                      total, sum);
  suspicion_ = why;
  Image image{composed_assignment_, std::vector<bool>(groups_.size(), false), true};
  for (std::size_t gi = 0; gi < groups_.size(); ++gi) {
    Candidate& c = groups_[gi].candidates[composed_assignment_[gi]];
    if (!c.from_log) continue;
    image.fresh[gi] = true;
    c.suspect = why;
  }
  const bool any = std::count(image.fresh.begin(), image.fresh.end(), true) > 0;
  if (!any || verifications_ >= kMaxVerifications) {
    disagreement_ = fmt::format("{}{}", why,
                                any ? fmt::format(" after {} re-measurement(s) of the log's figures", verifications_)
                                    : ", all of them measured in this run: the difference lies outside the operators");
    return std::nullopt;
  }
  ++verifications_;
  return image;
}

// An image that did not fit after all (it teaches the footprint model its miss), did not build or
// gave wrong bytes is measured again in two halves, to find the candidate at fault; an image of
// one fresh candidate, or one that failed on the device, rules its fresh candidates out.
void LayerTuner::split_or_fail(const Image& image, const measure::Measurement& m) {
  std::vector<std::size_t> fresh;
  for (std::size_t gi = 0; gi < groups_.size(); ++gi)
    if (image.fresh[gi]) fresh.push_back(gi);
  const results::Status st = m.result.status;
  const bool bisect = st == results::Status::does_not_fit || st == results::Status::mismatch ||
                      st == results::Status::build_failed;
  if (bisect && fresh.size() > 1) {
    if (st == results::Status::does_not_fit) footprint_->correct(image_variant(image.assignment), m.result, limits_);
    auto [a, b] = halves(image);
    fit_image(std::move(a), retry_);
    fit_image(std::move(b), retry_);
    return;
  }
  for (std::size_t gi : fresh)
    groups_[gi].candidates[image.assignment[gi]].failed = fmt::format("{}: {}", results::to_string(m.result.status),
                                                                      m.result.message);
}

// The fastest usable candidate of every group; ties go to the earlier (the registry's order).
void LayerTuner::choose() {
  for (Group& grp : groups_) {
    std::optional<std::size_t> best;
    for (std::size_t ci = 0; ci < grp.candidates.size(); ++ci) {
      const Candidate& c = grp.candidates[ci];
      if (!usable(c)) continue;
      if (!best || *c.counts < *grp.candidates[*best].counts) best = ci;
    }
    grp.chosen = grp.fastest = best.value_or(leanest(grp));
  }
}

std::vector<std::size_t> LayerTuner::chosen() const {
  std::vector<std::size_t> assignment;
  for (const Group& grp : groups_) assignment.push_back(grp.chosen);
  return assignment;
}

Proposal LayerTuner::composed_proposal() {
  composed_assignment_ = chosen();
  return {with_layers(composed_assignment_), true};
}

// Greedy paths to a composition predicted to fit, the fastest by the chosen layers' figures kept:
// down from the current choice (the layers whose choice costs the most memory for the least gain
// fall back to leaner ones), then up again where that shed more than it had to; and up from every
// layer's leanest candidate, and from the base's own schedules (the layers that gain the most per
// share of what is free take faster ones). Down alone goes wrong where a layer's working memory
// is shared in the arena and where the fastest schedules cost flash and RAM both; the base's own
// composition, where it fits, bounds what the tuning ends with. False: nothing is predicted to fit.
bool LayerTuner::fit_composition() {
  std::vector<std::vector<std::size_t>> fitting;
  if (shed_to_fit() && grow_within_limits()) fitting.push_back(chosen());
  std::vector<std::size_t> leanest_first;
  for (const Group& grp : groups_) leanest_first.push_back(leanest(grp, true));
  for (const std::vector<std::size_t>& start : {leanest_first, base_assignment()}) {
    if (start.empty()) continue;
    set_chosen(start);
    if (grow_within_limits()) fitting.push_back(chosen());
  }
  if (fitting.empty()) return false;
  set_chosen(*std::min_element(fitting.begin(), fitting.end(), [&](const auto& a, const auto& b) {
    return layers_sum(a) < layers_sum(b);
  }));
  return true;
}

// The candidates the base variant's layers run, where each is usable (empty where one is not).
std::vector<std::size_t> LayerTuner::base_assignment() const {
  std::map<int, std::string> ran;
  for (const codegen::OpSummary& op : codegen::summarize_model(setup_->model->graph, base_, emit_options_).ops)
    ran[op.index] = op.schedule;
  std::vector<std::size_t> assignment;
  for (const Group& grp : groups_) {
    const std::string& schedule = ran[grp.layers->ops.front()];
    const auto it = std::find_if(grp.candidates.begin(), grp.candidates.end(),
                                 [&](const Candidate& c) { return c.schedule == schedule && usable(c); });
    if (it == grp.candidates.end()) return {};
    assignment.push_back(static_cast<std::size_t>(it - grp.candidates.begin()));
  }
  return assignment;
}

bool LayerTuner::predicted_to_fit(const std::vector<std::size_t>& assignment, choice::Footprint* footprint) const {
  const choice::Footprint f = footprint_->predict(with_layers(assignment));
  if (footprint) *footprint = f;
  return choice::FootprintModel::fits(f, limits_);
}

void LayerTuner::set_chosen(const std::vector<std::size_t>& assignment) {
  for (std::size_t gi = 0; gi < groups_.size(); ++gi) groups_[gi].chosen = assignment[gi];
}

// While the composition is predicted to miss a limit, the layers whose choice costs the most
// memory for the least gain fall back to a leaner measured candidate. False: it cannot fit.
bool LayerTuner::shed_to_fit() {
  for (std::size_t round = 0; round <= groups_.size(); ++round) {
    const choice::Footprint over = choice::FootprintModel::overshoot(footprint_->predict(with_layers(chosen())), limits_);
    if (over.flash == 0 && over.ram == 0) return true;
    struct Move {
      std::size_t group, to;
      double cost_per_byte;
      int64_t saved;
    };
    std::vector<Move> moves;
    for (std::size_t gi = 0; gi < groups_.size(); ++gi) {
      const Group& grp = groups_[gi];
      const Candidate& now = grp.candidates[grp.chosen];
      const auto layers = static_cast<int64_t>(grp.layers->ops.size());
      for (std::size_t ci = 0; ci < grp.candidates.size(); ++ci) {
        const Candidate& c = grp.candidates[ci];
        if (!usable(c)) continue;
        const int64_t saved = layers * ((over.flash ? now.param_bytes - c.param_bytes : 0) +
                                        (over.ram ? now.scratch_bytes - c.scratch_bytes : 0));
        if (saved <= 0) continue;
        const double cost = (static_cast<double>(*c.counts) - static_cast<double>(now.counts.value_or(0))) *
                            static_cast<double>(layers);
        moves.push_back({gi, ci, cost / static_cast<double>(saved), saved});
      }
    }
    if (moves.empty()) return false;
    std::sort(moves.begin(), moves.end(), [](const Move& a, const Move& b) { return a.cost_per_byte < b.cost_per_byte; });
    std::vector<bool> moved(groups_.size(), false);
    int64_t freed = 0;
    for (const Move& mv : moves) {
      if (freed >= over.flash + over.ram) break;
      if (moved[mv.group]) continue;
      groups_[mv.group].chosen = mv.to;
      moved[mv.group] = true;
      freed += mv.saved;
    }
  }
  return false;
}

// From the current choice, predicted to fit (false where it is not): the move to a faster
// candidate that gains the most per share of the flash and RAM still free is taken if the whole
// is predicted to fit, else not tried again (what is free only shrinks), until no move is left.
bool LayerTuner::grow_within_limits() {
  choice::Footprint now;
  if (!predicted_to_fit(chosen(), &now)) return false;
  std::set<std::pair<std::size_t, std::size_t>> refused;
  for (;;) {
    const double free_flash = std::max(1.0, static_cast<double>(limits_.flash) - static_cast<double>(now.flash));
    const double free_ram = std::max(1.0, static_cast<double>(limits_.ram) - static_cast<double>(now.ram));
    struct Move {
      std::size_t group, to;
      double gain_per_share;
    };
    std::vector<Move> moves;
    for (std::size_t gi = 0; gi < groups_.size(); ++gi) {
      const Group& grp = groups_[gi];
      const Candidate& now_c = grp.candidates[grp.chosen];
      const auto layers = static_cast<double>(grp.layers->ops.size());
      for (std::size_t ci = 0; ci < grp.candidates.size(); ++ci) {
        const Candidate& c = grp.candidates[ci];
        if (!usable(c) || *c.counts >= now_c.counts.value_or(0) || refused.contains({gi, ci})) continue;
        const double gain = static_cast<double>(now_c.counts.value_or(0) - *c.counts) * layers;
        const double share = layers * (std::max<double>(0, static_cast<double>(c.param_bytes - now_c.param_bytes)) / free_flash +
                                       std::max<double>(0, static_cast<double>(c.scratch_bytes - now_c.scratch_bytes)) / free_ram);
        moves.push_back({gi, ci, share > 0 ? gain / share : std::numeric_limits<double>::infinity()});
      }
    }
    std::sort(moves.begin(), moves.end(), [](const Move& a, const Move& b) { return a.gain_per_share > b.gain_per_share; });
    bool taken = false;
    for (const Move& mv : moves) {
      std::vector<std::size_t> next = chosen();
      next[mv.group] = mv.to;
      if (predicted_to_fit(next, &now)) {
        groups_[mv.group].chosen = mv.to;
        taken = true;
        break;
      }
      refused.insert({mv.group, mv.to});
    }
    if (!taken) return true;
  }
}

// A composition measured to miss the limits after all (the prediction does not know kernel
// code): the miss corrects the prediction and the composition is fitted again, three times at most.
bool LayerTuner::repair(const results::VariantResult& composed) {
  const bool missed = composed.status == results::Status::does_not_fit ||
                      (composed.status == results::Status::ok && !fits(composed, limits_));
  if (!missed || repairs_ >= 3) return false;
  ++repairs_;
  const std::vector<std::size_t> before = chosen();
  footprint_->correct(with_layers(before), composed, limits_);
  return fit_composition() && chosen() != before;
}

// Of the compositions of every pass, the fastest that fits (the fastest that ran, where none fits);
// its note names the others.
std::optional<results::Tuning> LayerTuner::tuning() const {
  std::vector<std::pair<results::Tuning, results::VariantResult>> all = composed_before_;
  if (auto t = pass_tuning()) all.emplace_back(std::move(*t), *composed_);
  if (all.empty()) return std::nullopt;
  auto rank = [&](const results::VariantResult& r) {
    return std::pair(!fits(r, limits_), r.counts ? r.counts->median : std::numeric_limits<uint64_t>::max());
  };
  const auto best = std::min_element(all.begin(), all.end(),
                                     [&](const auto& a, const auto& b) { return rank(a.second) < rank(b.second); });
  results::Tuning kept = best->first;
  kept.images = images_;  // what every pass took
  kept.measured = measured_;
  kept.from_log = from_log_;
  for (const auto& [tuning, composed] : all) {
    if (&composed == &best->second) continue;
    kept.note += fmt::format("; composed from {} too: {} ({}{})", tuning.base_key, composed.key,
                             results::to_string(composed.status),
                             composed.counts ? fmt::format(", {}", composed.counts->median) : "");
  }
  return kept;
}

std::optional<results::Tuning> LayerTuner::pass_tuning() const {
  if (groups_.empty() || !composed_) return std::nullopt;
  results::Tuning t;
  t.base_key = base_key_;
  t.tuned_key = composed_->key;
  t.images = images_;
  t.measured = measured_;
  t.from_log = from_log_;
  std::vector<results::TunedLayer> rows;
  for (const Group& grp : groups_) {
    const Candidate& best = grp.candidates[grp.chosen];
    for (int op : grp.layers->ops) {
      results::TunedLayer l;
      l.index = op;
      l.type = grp.layers->type;
      l.shape = grp.layers->shape;
      l.macs = grp.layers->macs;
      l.schedule = best.schedule;
      l.counts = best.counts.value_or(0);
      l.spread = best.spread;
      l.from_log = std::all_of(grp.candidates.begin(), grp.candidates.end(),
                               [](const Candidate& c) { return c.from_log || !c.counts; });
      for (const Candidate& c : grp.candidates) {
        if (!c.counts) continue;
        l.candidates.emplace_back(c.schedule, *c.counts);
        if (c.schedule == "ref") l.reference = *c.counts;
        // a runner-up within the noise of either figure: the choice is a coin toss
        if (&c != &best && *c.counts <= l.counts + std::max(c.spread, best.spread) && (c.spread || best.spread))
          l.close_call = true;
      }
      t.layers_sum += l.counts;
      rows.push_back(std::move(l));
    }
  }
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.index < b.index; });
  t.layers = std::move(rows);
  if (composed_->counts) {
    const auto total = composed_->counts->median;
    const double gap = static_cast<double>(total) - static_cast<double>(t.layers_sum);
    t.note = fmt::format("composed {} = the chosen layers' {} + {} {} ({:.2f}%)", total, t.layers_sum,
                         static_cast<int64_t>(gap),
                         bases_[pass_].banded ? "in the band group and outside the operators" : "outside the operators",
                         100.0 * gap / static_cast<double>(total));
  } else {
    t.note = fmt::format("the composed variant did not run: {}", composed_->message);
  }
  const auto leaner = std::count_if(groups_.begin(), groups_.end(), [](const Group& g) { return g.chosen != g.fastest; });
  if (leaner) t.note += fmt::format("; {} layer shape(s) on a leaner schedule than their fastest, to fit the limits", leaner);
  if (repairs_) t.note += fmt::format(" ({} composition(s) measured that missed them)", repairs_);
  for (const Group& grp : groups_)
    for (const Candidate& c : grp.candidates)
      if (!c.failed.empty()) t.note += fmt::format("; {} on {} excluded ({})", c.schedule, grp.layers->type, c.failed);
  if (!corrections_.empty())
    t.note += fmt::format("; the tuning log was wrong about {} figure(s): measured again and replaced (the old entries "
                          "kept as superseded)",
                          corrections_.size());
  if (!disagreement_.empty()) t.note += "; not explained: " + disagreement_;
  t.corrections = corrections_;
  return t;
}

}  // namespace aotbench::search
