#include "results/summary.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "results/decision.hpp"
#include "results/html_report.hpp"
#include "results/metrics.hpp"
#include "results/text.hpp"

namespace aotbench::results {
namespace {

std::vector<const Metric*> headline_metrics() {
  std::vector<const Metric*> out;
  for (const auto& m : metrics())
    if (m.headline) out.push_back(&m);
  return out;
}

std::string short_header(const Metric& m, CounterKind counter) {
  std::string name = m.name;
  if (name == "counts_median") return unit(counter);
  if (name == "time_us") return "µs";
  if (name == "ram_total") return "RAM";
  return name.substr(0, name.find('_'));
}

// Counts and bytes are whole numbers and written as such; only times have fractions.
nlohmann::ordered_json json_value(const std::optional<double>& v, Unit unit) {
  if (!v) return nullptr;
  if (unit == Unit::microseconds) return *v;
  return static_cast<int64_t>(std::llround(*v));
}

std::string headroom_line(const char* what, const std::optional<Headroom>& h) {
  return h ? fmt::format("{} {} of {}, {} ({:.1f}%) left", what, bytes_text(static_cast<double>(h->used)),
                         bytes_text(static_cast<double>(h->capacity)), bytes_text(static_cast<double>(h->left())),
                         h->left_percent())
           : "";
}

// The winner's headroom on the board, the reserve, the trade-off against the runner-up.
std::string decision_lines(const Run& run) {
  const Decision d = decide(run);
  std::string out;
  if (d.flash || d.ram)
    out += fmt::format("  on the {}: {}{}{}\n", run.info.board, headroom_line("flash", d.flash),
                       d.flash && d.ram ? "; " : "", headroom_line("RAM (static + stack)", d.ram));
  if (d.below_reserve)
    out += fmt::format("  it leaves less than {:.0f}% for the application; the fastest that leaves it: {}\n",
                       d.reserve_percent, d.within_reserve ? d.within_reserve->key : "none");
  if (d.runner_up) out += fmt::format("  against the runner-up {}: {}\n", d.runner_up->key, d.tradeoff);
  return out;
}

}  // namespace

std::string run_table(const Run& run) {
  std::size_t w = 7;
  for (const auto& v : run.variants) w = std::max(w, v.key.size());
  const auto ms = headline_metrics();
  std::string out = fmt::format("   {:<{}}  {:<12}", "variant", w, "status");
  for (const auto* m : ms) out += fmt::format(" {:>12}", short_header(*m, run.info.counter));
  out += "\n";
  for (const auto& v : run.variants) {
    out += fmt::format("{}{} {:<{}}  {:<12}", v.selected ? "*" : " ", v.pareto ? "P" : " ", v.key, w, to_string(v.status));
    for (const auto* m : ms) out += fmt::format(" {:>12}", pretty_value(m->get(run.info, v), m->unit));
    if (!v.message.empty()) out += "  " + v.message;
    out += "\n";
  }
  out += "(* winner, P Pareto front) " + counter_note(run.info) + "\n";
  if (run.tuning) {
    const Tuning& t = *run.tuning;
    out += fmt::format("tuned per layer: {} from {}: {} measurement image(s), {} candidate figure(s) measured, {} from "
                       "the tuning log; {}\n",
                       t.tuned_key, t.base_key, t.images, t.measured, t.from_log, t.note);
    for (const auto& c : t.corrections)
      out += fmt::format("tuning log corrected: {} {} under {}: the log said {}, measured {} ({})\n", c.type, c.shape,
                         c.schedule, c.logged, c.measured ? std::to_string(*c.measured) : "nothing", c.why);
  }
  if (const VariantResult* w = run.winner()) {
    out += fmt::format("winner: {}{}\n", w->key, run.selection_reason.empty() ? "" : " — " + run.selection_reason);
    out += decision_lines(run);
  } else
    out += fmt::format("no winner{}\n", run.selection_reason.empty() ? "" : ": " + run.selection_reason);
  return out;
}

std::string run_summary_json(const Run& run) {
  using Json = nlohmann::ordered_json;
  const RunInfo& i = run.info;
  auto flag = [](const std::optional<bool>& b) { return b ? Json(*b) : Json(nullptr); };
  Json variants = Json::array();
  for (const auto& v : run.variants) {
    Json j{{"key", v.key},          {"status", to_string(v.status)}, {"message", v.message}, {"retryable", v.retryable},
           {"selected", v.selected}, {"pareto", v.pareto},           {"fits", flag(v.fits)},
           {"outputs_match", flag(v.outputs_match)}};
    for (const auto* m : headline_metrics()) {
      auto value = m->get(i, v);
      j[m->name] = json_value(value, m->unit);
    }
    if (v.instructions) j["instructions_median"] = v.instructions->median;  // beside estimated cycles
    Json layers = Json::array();  // every layer's kernel schedule
    for (const auto& l : v.layers)
      layers.push_back({{"index", l.index}, {"type", l.type}, {"schedule", l.schedule}, {"param_bytes", l.param_bytes}});
    j["layers"] = layers;
    if (v.measured_on)
      j["measured_on"] = {{"place", v.measured_on->place}, {"host", v.measured_on->host}, {"probe", v.measured_on->probe}};
    variants.push_back(j);
  }
  const VariantResult* w = run.winner();
  Json doc{{"run", {{"run_id", i.run_id}, {"date", i.date_utc}, {"board", i.board}, {"target", to_string(i.target)},
                    {"counter", to_string(i.counter)}, {"counter_label", counter_label(i.counter, i.timing_model)},
                    {"clock_hz", i.clock_hz}, {"flash_capacity", i.flash_capacity},
                    {"ram_capacity", i.ram_capacity}, {"model", i.model},
                    {"model_sha256", i.model_sha256}}},
           {"winner", w ? Json(w->key) : Json(nullptr)},
           {"selection_reason", run.selection_reason},
           {"variants", variants}};
  if (run.tuning) {
    const Tuning& t = *run.tuning;
    Json layers = Json::array();
    for (const auto& l : t.layers)
      layers.push_back({{"index", l.index}, {"type", l.type}, {"schedule", l.schedule}, {"counts", l.counts},
                        {"reference", l.reference ? Json(*l.reference) : Json(nullptr)}, {"close_call", l.close_call}});
    Json corrections = Json::array();
    for (const auto& c : t.corrections)
      corrections.push_back({{"type", c.type}, {"shape", c.shape}, {"schedule", c.schedule}, {"logged", c.logged},
                             {"measured", c.measured ? Json(*c.measured) : Json(nullptr)}, {"why", c.why}});
    doc["tuning"] = {{"base_key", t.base_key}, {"tuned_key", t.tuned_key}, {"images", t.images},
                     {"measured", t.measured}, {"from_log", t.from_log}, {"layers_sum", t.layers_sum},
                     {"note", t.note}, {"layers", layers}, {"corrections", corrections}};
  }
  return doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace aotbench::results
