#include "results/html_report.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/core.h>

#include "results/decision.hpp"
#include "results/files.hpp"
#include "results/html_page.hpp"
#include "results/metrics.hpp"
#include "results/pareto.hpp"
#include "results/svg_chart.hpp"
#include "results/text.hpp"

namespace aotbench::results {
namespace {

std::string mhz(uint64_t hz) { return fmt::format("{:g} MHz", static_cast<double>(hz) / 1e6); }

std::string num_cell(const std::optional<double>& v, Unit unit) {
  return fmt::format("<td class=\"num\" data-v=\"{}\">{}</td>", plain_value(v, unit), html_escape(pretty_value(v, unit)));
}

std::string text_cell(const std::string& s, const std::string& klass = "") {
  return fmt::format("<td{}>{}</td>", klass.empty() ? "" : " class=\"" + klass + "\"", html_escape(s));
}

// <th> with a stable data-col id (for #sort=ID) and its sort type.
std::string th(const std::string& col, const std::string& label, bool numeric) {
  std::string id;
  for (char c : col) id += (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.') ? c : '_';
  return fmt::format("<th data-col=\"{}\" data-type=\"{}\"{}>{}</th>", id, numeric ? "num" : "text",
                     numeric ? " class=\"num\"" : "", html_escape(label));
}

std::string counts_word(const RunInfo& i) { return counter_label(i.counter, i.timing_model); }
// For headings, axes and columns: what a count is, in two words (the note says how it was made).
std::string counts_short(const RunInfo& i) {
  return i.counter == CounterKind::cycles_model ? "estimated cycles" : unit(i.counter);
}

std::string header(const Run& run) {
  const RunInfo& i = run.info;
  return fmt::format("<h1>aotbench: {} on {}</h1>\n<p class=\"sub\">{} · {} target · {} at {} · {} variants</p>\n",
                     html_escape(i.model), html_escape(i.board), html_escape(i.date_utc), to_string(i.target),
                     counts_word(i), mhz(i.clock_hz), run.variants.size());
}

std::string headroom_text(const char* what, const std::optional<Headroom>& h) {
  if (!h) return "";
  return fmt::format("{} {} of {} used, <b class=\"{}\">{} ({:.1f}%) left</b> for the application", what,
                     bytes_text(static_cast<double>(h->used)), bytes_text(static_cast<double>(h->capacity)),
                     h->left() < 0 ? "bad" : "good", bytes_text(static_cast<double>(h->left())), h->left_percent());
}

// A short label that may break after each '/' rather than anywhere.
std::string breakable(const std::string& label) {
  std::string out;
  for (char c : html_escape(label)) out += c == '/' ? std::string("/<wbr>") : std::string(1, c);
  return out;
}

std::string variant_name(const Run& run, const VariantResult& v) {
  return short_labels(run)[static_cast<std::size_t>(&v - run.variants.data())];
}

std::string winner_box(const Run& run, const ReportOptions& o) {
  const Decision d = decide(run, o.reserve_percent);
  if (!d.winner) return "<div class=\"note\">No variant was selected (none fits the limits, or the run had no selection).</div>\n";
  const VariantResult* w = d.winner;
  auto value = [&](const char* name) {
    const Metric& m = metric(name);
    return html_escape(pretty_value(m.get(run.info, *w), m.unit));
  };
  std::string out = fmt::format(
      "<div class=\"winner\" id=\"winner\"><b>★ Winner</b> (objective: {}): <code title=\"{}\">{}</code><br>"
      "<span class=\"figures\">{} {} (median), {} µs at {}, flash {} B, static RAM {} B, stack {} B, arena {} B</span>",
      html_escape(run.info.objective), html_escape(w->key), html_escape(variant_name(run, *w)), value("counts_median"),
      counts_short(run.info), value("time_us"), mhz(run.info.clock_hz), value("flash_total"), value("ram_total"),
      value("stack_bytes"), value("arena_bytes"));
  if (d.flash || d.ram) {
    std::string room = headroom_text("flash", d.flash);
    if (d.ram) room += (room.empty() ? "" : "; ") + headroom_text("RAM (static + stack)", d.ram);
    out += fmt::format("<br>On the {}: {}.", html_escape(run.info.board), room);
  }
  if (d.below_reserve) {
    out += fmt::format("<br><b class=\"bad\">⚠ It leaves less than {:.0f}% of the board's flash or RAM</b> for "
                       "the application.",
                       d.reserve_percent);
    if (d.within_reserve)
      out += fmt::format(" The fastest variant that leaves {:.0f}%: <code title=\"{}\">{}</code>, {} {}, flash {} B.",
                         d.reserve_percent, html_escape(d.within_reserve->key),
                         html_escape(variant_name(run, *d.within_reserve)),
                         pretty_value(static_cast<double>(d.within_reserve->counts->median), Unit::counts),
                         counts_short(run.info),
                         pretty_value(static_cast<double>(d.within_reserve->flash->total()), Unit::bytes));
    else
      out += " No variant of this run leaves it.";
  }
  if (d.runner_up)
    out += fmt::format("<br>Against the runner-up <code title=\"{}\">{}</code>: {}.", html_escape(d.runner_up->key),
                       html_escape(variant_name(run, *d.runner_up)), html_escape(d.tradeoff));
  if (!run.selection_reason.empty()) out += "<br>Why: " + html_escape(run.selection_reason);
  out += fmt::format("<br>Its sources, as a C library for your firmware: <code class=\"cmd\">aotbench codegen --config {} "
                     "--out DIR</code>",
                     html_escape(o.best_config.empty() ? "RUN_FOLDER/best.toml" : o.best_config));
  return out + "</div>\n";
}

std::vector<std::string> table_metrics() {
  return {"counts_median", "time_us", "flash_total", "ram_total", "stack_bytes", "arena_bytes"};  // min, max: CSV
}

// The numbers first, the variant named by its short label (the full key on hover and in the knobs
// table below): nothing here is wide enough to push the figures off the page.
std::string variants_table(const Run& run) {
  const auto labels = short_labels(run);
  std::string out = "<div class=\"table-wrap\"><table class=\"sortable\" id=\"variants\"><thead><tr>";
  out += th("winner", "★", false) + th("variant", "variant", false) + th("status", "status", false);
  for (const auto& name : table_metrics()) {
    const Metric& m = metric(name);
    std::string label = name == std::string("time_us") ? "µs @ " + mhz(run.info.clock_hz) : metric_label(m, run.info.counter);
    out += th(name, label, true);
  }
  out += th("fits", "fits", false) + th("outputs_match", "outputs match", false) + th("pareto", "Pareto", false) +
         th("message", "message", false) + "</tr></thead><tbody>\n";
  for (std::size_t i = 0; i < run.variants.size(); ++i) {
    const auto& v = run.variants[i];
    std::string klass = v.selected ? "win" : v.status != Status::ok ? "failed" : "";
    out += fmt::format("<tr class=\"{}\" data-key=\"{}\">", klass, html_escape(v.key));
    out += text_cell(v.selected ? "★" : "");
    out += fmt::format("<td class=\"key wrap\" title=\"{}\">{}</td>", html_escape(v.key), breakable(labels[i]));
    out += text_cell(to_string(v.status), v.status == Status::ok ? "" : "status-bad");
    for (const auto& name : table_metrics()) {
      const Metric& m = metric(name);
      out += num_cell(m.get(run.info, v), m.unit);
    }
    out += text_cell(yes_no(v.fits), v.fits == false ? "bad" : "") +
           text_cell(yes_no(v.outputs_match), v.outputs_match == false ? "bad" : "") +
           text_cell(v.pareto ? "◆ yes" : "") + text_cell(v.message, "wrap") + "</tr>\n";
  }
  return out + "</tbody></table></div>\n";
}

// Every knob of every variant, a column each; a tuned `layers` list summarized (the per-layer
// section lists it), its full value on hover.
std::string knobs_table(const Run& run) {
  const auto knobs = run.knob_names();
  const auto labels = short_labels(run);
  std::string out = "<details><summary>Knobs of every variant</summary><div class=\"table-wrap\">"
                    "<table class=\"sortable\" id=\"knobs\"><thead><tr>" + th("knobs_variant", "variant", false);
  for (const auto& k : knobs) out += th("knob." + k, k, false);
  out += "</tr></thead><tbody>\n";
  for (std::size_t i = 0; i < run.variants.size(); ++i) {
    const auto& v = run.variants[i];
    out += fmt::format("<tr class=\"{}\" data-key=\"{}\">", v.selected ? "win" : "", html_escape(v.key)) +
           text_cell(labels[i], "key");
    for (const auto& k : knobs)
      out += fmt::format("<td class=\"wrap\" title=\"{}\">{}</td>", html_escape(v.knob(k)),
                         html_escape(knob_summary(k, v.knob(k))));
    out += "</tr>\n";
  }
  return out + "</tbody></table></div></details>\n";
}

std::string memory_table(const Run& run) {
  const auto labels = short_labels(run);
  std::string out = "<div class=\"table-wrap\"><table class=\"sortable\" id=\"memory\"><thead><tr>" +
                    th("variant", "variant", false);
  std::vector<const Metric*> ms;
  for (const auto& m : metrics())
    if (std::string_view(m.name).starts_with("flash_") || std::string_view(m.name).starts_with("ram_")) {
      ms.push_back(&m);
      out += th(m.name, m.label, true);
    }
  out += "</tr></thead><tbody>\n";
  for (std::size_t i = 0; i < run.variants.size(); ++i) {
    const auto& v = run.variants[i];
    out += fmt::format("<tr class=\"{}\" data-key=\"{}\">", v.selected ? "win" : "", html_escape(v.key)) +
           fmt::format("<td class=\"key wrap\" title=\"{}\">{}</td>", html_escape(v.key), html_escape(labels[i]));
    for (const auto* m : ms) out += num_cell(m->get(run.info, v), m->unit);
    out += "</tr>\n";
  }
  return out + "</tbody></table></div>\n";
}

// The flash of one layer's constants in a variant (weights, biases, what its schedule generated).
std::optional<double> layer_flash(const VariantResult* v, int index) {
  if (!v) return std::nullopt;
  for (const auto& l : v->layers)
    if (l.index == index) return static_cast<double>(l.param_bytes);
  return std::nullopt;
}

std::string bar_class(const VariantResult& v) { return v.selected ? "win" : v.pareto ? "front" : ""; }

// Bars of one metric, smallest first, variants without a value last (with their status).
std::string metric_bars(const Run& run, const char* name, const std::string& axis) {
  const Metric& m = metric(name);
  const auto labels = short_labels(run);
  std::vector<Bar> bars;
  for (std::size_t i = 0; i < run.variants.size(); ++i) {
    const auto& v = run.variants[i];
    auto value = m.get(run.info, v);
    std::string text = value ? pretty_value(value, m.unit) : std::string(to_string(v.status));
    bars.push_back({v.key, labels[i], fmt::format("{}\n{}: {}", v.key, metric_label(m, run.info.counter), text),
                    bar_class(v), value, text});
  }
  std::stable_sort(bars.begin(), bars.end(), [](const Bar& a, const Bar& b) {
    if (a.value.has_value() != b.value.has_value()) return a.value.has_value();
    return a.value && *a.value < *b.value;
  });
  return bar_chart(bars, axis);
}

std::string legend(const Run& run) {
  std::string knobs;
  for (const auto& k : varying_knobs(run)) knobs += (knobs.empty() ? "" : "/") + k;
  std::string caption = knobs.empty() ? ""
                                      : "<p class=\"sub\">Bars are labelled " + html_escape(knobs) +
                                            " (the knobs that differ); hover for the full key.</p>\n";
  return caption + html_legend({{"var(--win)", "selected winner"},
                      {"var(--front)", "on the Pareto front (counts, flash, stack)"},
                      {"#9ca3af", "other variants"}});
}

std::string scatter(const Run& run) {
  const Metric& counts = metric("counts_median");
  const Metric& flash = metric("flash_total");
  std::vector<Point> points;
  std::map<std::size_t, std::size_t> point_of;  // variant index -> point index
  for (std::size_t i = 0; i < run.variants.size(); ++i) {
    const auto& v = run.variants[i];
    auto y = counts.get(run.info, v);
    auto x = flash.get(run.info, v);
    if (!x || !y || v.status != Status::ok) continue;
    point_of[i] = points.size();
    points.push_back({v.key,
                      fmt::format("{}\nflash {} B, {} {}, stack {}", v.key, pretty_value(x, Unit::bytes),
                                  pretty_value(y, Unit::counts), counts_short(run.info),
                                  pretty_value(metric("stack_bytes").get(run.info, v), Unit::bytes)),
                      bar_class(v), *x, *y});
  }
  std::vector<std::size_t> stair;
  for (std::size_t i : pareto_front(run, {"counts_median", "flash_total"}))
    if (point_of.count(i)) stair.push_back(point_of[i]);
  return scatter_chart(points, stair, "flash (bytes)", counts_short(run.info) + " per inference (median)");
}

// The winner's arena operator by operator: how high each layer fills it, the peak marked.
std::string arena_timeline(const Run& run) {
  for (const auto& v : run.variants) {
    if (!v.selected || v.layers.empty() || v.layers.front().arena_top < 0) continue;
    int64_t peak = 0;
    for (const auto& l : v.layers) peak = std::max(peak, l.arena_top);
    std::string out = "<p class=\"sub\">The winner's static arena while each layer runs (up to its highest byte in "
                      "use); the layer at the peak is in bold. <code>aotbench codegen</code>'s summary names the "
                      "tensors live there.</p>\n<div class=\"table-wrap\"><table><thead><tr><th>#</th><th>operator"
                      "</th><th>schedule</th><th>arena in use</th><th></th></tr></thead><tbody>";
    for (const auto& l : v.layers) {
      const double share = peak ? 100.0 * static_cast<double>(l.arena_top) / static_cast<double>(peak) : 0;
      const bool at_peak = l.arena_top == peak;
      out += fmt::format("<tr{}>", at_peak ? " style=\"font-weight:bold\"" : "") + num_cell(l.index, Unit::counts) +
             text_cell(l.type) + text_cell(l.schedule) + num_cell(static_cast<double>(l.arena_top), Unit::bytes) +
             fmt::format("<td><div style=\"background:var(--win);height:0.8em;width:{:.1f}%\"></div></td></tr>", share);
    }
    return out + "</tbody></table></div>\n";
  }
  return "";
}

std::string ops_section(const Run& run) {
  std::string out;
  for (const auto& v : run.variants) {
    if (v.ops.empty()) continue;
    uint64_t total = 0;
    for (const auto& op : v.ops) total += op.counts;
    out += fmt::format("<details{}><summary><code title=\"{}\">{}</code> — {} operators</summary>",
                       v.selected ? " open" : "", html_escape(v.key), html_escape(variant_name(run, v)), v.ops.size());
    out += "<div class=\"table-wrap\"><table class=\"sortable\"><thead><tr>" + th("op_index", "#", true) +
           th("op_type", "operator", false) + th("op_schedule", "schedule", false) +
           th("op_counts", counts_short(run.info), true) + th("macs", "MACs", true) +
           th("per_mac", counts_short(run.info) + "/MAC", true) + th("share", "share", true) +
           th("op_flash", "flash (B)", true) + "</tr></thead><tbody>";
    for (const auto& op : v.ops) {
      auto cpm = op.counts_per_mac();
      double share = total ? 100.0 * static_cast<double>(op.counts) / static_cast<double>(total) : 0;
      out += "<tr>" + num_cell(op.index, Unit::counts) + text_cell(op.type) + text_cell(op.schedule) +
             num_cell(static_cast<double>(op.counts), Unit::counts) + num_cell(static_cast<double>(op.macs), Unit::counts) +
             fmt::format("<td class=\"num\" data-v=\"{}\">{}</td>", cpm ? fmt::format("{:.4f}", *cpm) : "",
                         cpm ? fmt::format("{:.2f}", *cpm) : "–") +
             fmt::format("<td class=\"num\" data-v=\"{:.3f}\">{:.1f}%</td>", share, share) +
             num_cell(layer_flash(&v, op.index), Unit::bytes) + "</tr>";
    }
    out += "</tbody></table></div></details>\n";
  }
  return out;
}

// The per-layer tuning: where the time goes (a bar per layer, the reference kernel's count in
// the tooltip) and a table of every layer's choice.
std::string tuning_section(const Run& run) {
  if (!run.tuning) return "";
  const Tuning& t = *run.tuning;
  const std::string counts = counts_short(run.info);
  std::string out = fmt::format(
      "<p class=\"sub\">Tuned from <code>{}</code> into <code>{}</code>: {} measurement image(s), {} "
      "candidate figure(s) measured now, {} from the tuning log. {}.</p>\n",
      html_escape(t.base_key), html_escape(t.tuned_key), t.images, t.measured, t.from_log, html_escape(t.note));
  if (!t.corrections.empty()) {
    out += fmt::format("<p class=\"sub\" id=\"log-corrections\">The tuning log was wrong about {} figure(s); they were "
                       "measured again, replaced, and the old entries kept as superseded:</p>\n<ul>\n",
                       t.corrections.size());
    for (const auto& c : t.corrections)
      out += fmt::format("<li>{} {} under <code>{}</code>: the log said {}, measured {} ({})</li>\n", html_escape(c.type),
                         html_escape(c.shape), html_escape(c.schedule), html_escape(c.logged),
                         c.measured ? std::to_string(*c.measured) : "nothing", html_escape(c.why));
    out += "</ul>\n";
  }
  std::vector<Bar> bars;
  for (const auto& l : t.layers) {
    const auto gain = l.gain();
    bars.push_back({fmt::format("layer{}", l.index), fmt::format("{} {}", l.index, l.type),
                    fmt::format("layer {} {} {}: {} ({}); reference {}", l.index, l.type, l.shape, l.schedule,
                                compact_number(static_cast<double>(l.counts)),
                                l.reference ? compact_number(static_cast<double>(*l.reference)) : "not measured"),
                    l.close_call ? "front" : "", static_cast<double>(l.counts),
                    compact_number(static_cast<double>(l.counts)) + (gain ? fmt::format(" ({:.1f}x)", *gain) : "")});
  }
  out += bar_chart(bars, counts + " per layer (gain over the reference kernels)");
  out += "<div class=\"table-wrap\"><table class=\"sortable\" id=\"tuning\"><thead><tr>" + th("layer", "#", true) +
         th("layer_type", "operator", false) + th("layer_shape", "shape", false) + th("layer_macs", "MACs", true) +
         th("layer_schedule", "schedule", false) + th("layer_counts", counts, true) +
         th("layer_per_mac", counts + "/MAC", true) + th("layer_gain", "gain over ref", true) +
         th("layer_flash", "flash (B)", true) + th("layer_flash_delta", "flash vs untuned (B)", true) +
         th("layer_candidates", "candidates", false) + "</tr></thead><tbody>";
  const VariantResult* tuned = run.find(t.tuned_key);
  const VariantResult* base = run.find(t.base_key);
  for (const auto& l : t.layers) {
    const auto flash = layer_flash(tuned, l.index), base_flash = layer_flash(base, l.index);
    const std::optional<double> delta = flash && base_flash ? std::optional<double>(*flash - *base_flash) : std::nullopt;
    std::string candidates;
    for (const auto& [schedule, c] : l.candidates)
      candidates += (candidates.empty() ? "" : ", ") + schedule + " " + compact_number(static_cast<double>(c));
    const auto cpm = l.counts_per_mac();
    const auto gain = l.gain();
    out += fmt::format("<tr data-key=\"{}\">", l.index) + num_cell(l.index, Unit::counts) + text_cell(l.type) +
           text_cell(l.shape) +
           num_cell(static_cast<double>(l.macs), Unit::counts) +
           text_cell(l.schedule + (l.close_call ? " (within the noise)" : "")) +
           num_cell(static_cast<double>(l.counts), Unit::counts) +
           fmt::format("<td class=\"num\" data-v=\"{}\">{}</td>", cpm ? fmt::format("{:.4f}", *cpm) : "",
                       cpm ? fmt::format("{:.2f}", *cpm) : "–") +
           fmt::format("<td class=\"num\" data-v=\"{}\">{}</td>", gain ? fmt::format("{:.4f}", *gain) : "",
                       gain ? fmt::format("{:.2f}x", *gain) : "–") +
           num_cell(flash, Unit::bytes) +
           fmt::format("<td class=\"num\" data-v=\"{}\">{}</td>", plain_value(delta, Unit::bytes),
                       delta ? (*delta > 0 ? "+" : "") + pretty_value(delta, Unit::bytes) : "–") +
           text_cell(candidates, "wrap") + "</tr>";
  }
  return out + "</tbody></table></div>\n";
}

// Without a tuning table: the winner's layers, each one's schedule and flash against the
// runner-up's, so the extra flash shows where it goes.
std::string winner_layers(const Run& run) {
  const Decision d = decide(run);
  if (!d.winner || d.winner->layers.empty()) return "";
  const VariantResult* r = d.runner_up;
  std::string out = fmt::format("<details><summary>Where the winner's flash goes: its {} layers{}</summary>",
                                d.winner->layers.size(),
                                r ? " against the runner-up <code>" + html_escape(variant_name(run, *r)) + "</code>" : "");
  out += "<div class=\"table-wrap\"><table class=\"sortable\" id=\"layers\"><thead><tr>" + th("wl_index", "#", true) +
         th("wl_type", "operator", false) + th("wl_schedule", "schedule", false) + th("wl_flash", "flash (B)", true);
  if (r) out += th("wl_runner_schedule", "runner-up's schedule", false) + th("wl_delta", "flash vs runner-up (B)", true);
  out += "</tr></thead><tbody>";
  for (const auto& l : d.winner->layers) {
    out += "<tr>" + num_cell(l.index, Unit::counts) + text_cell(l.type) + text_cell(l.schedule) +
           num_cell(static_cast<double>(l.param_bytes), Unit::bytes);
    if (r) {
      std::string schedule;
      for (const auto& rl : r->layers)
        if (rl.index == l.index) schedule = rl.schedule;
      const auto theirs = layer_flash(r, l.index);
      const std::optional<double> delta =
          theirs ? std::optional<double>(static_cast<double>(l.param_bytes) - *theirs) : std::nullopt;
      out += text_cell(schedule) + fmt::format("<td class=\"num\" data-v=\"{}\">{}</td>", plain_value(delta, Unit::bytes),
                                               delta ? (*delta > 0 ? "+" : "") + pretty_value(delta, Unit::bytes) : "–");
    }
    out += "</tr>";
  }
  return out + "</tbody></table></div></details>\n";
}

std::string metadata(const Run& run) {
  const RunInfo& i = run.info;
  return html_dl({{"run id", i.run_id},
                  {"date (UTC)", i.date_utc},
                  {"aotbench commit", i.aotbench_commit},
                  {"toolchain", i.toolchain},
                  {"QEMU", i.qemu.empty() ? "—" : i.qemu},
                  {"board", i.board},
                  {"target", to_string(i.target)},
                  {"counter", to_string(i.counter)},
                  {"clock", mhz(i.clock_hz)},
                  {"model", i.model},
                  {"model sha256", i.model_sha256},
                  {"objective", i.objective},
                  {"command line", i.command_line}});
}

}  // namespace

std::string counter_note(const RunInfo& i) {
  if (i.counter == CounterKind::cycles_model)
    return fmt::format(
        "Counts are estimated cycles: the emulated {} ran under QEMU with aotbench's timing model ({}), which prices "
        "every executed instruction by the core's published timings and every memory access by the board's memory "
        "system. An estimate, not a measurement; the executed instructions are listed beside them. Times are the "
        "estimated cycles at {}.",
        i.board, i.timing_model, mhz(i.clock_hz));
  if (i.counter == CounterKind::instructions)
    return fmt::format(
        "Counts are executed instructions, exact and repeatable, measured under QEMU -icount on the emulated {}. "
        "They are not cycles: QEMU models no pipeline, caches or flash wait states. Times assume one instruction "
        "per cycle at {}.",
        i.board, mhz(i.clock_hz));
  return fmt::format("Counts are CPU cycles from the DWT cycle counter (CYCCNT) on the {} {}; times are cycles at {}.",
                     to_string(i.target), i.board, mhz(i.clock_hz));
}

std::vector<std::string> varying_knobs(const Run& run) {
  std::vector<std::string> varying;
  for (const auto& k : run.knob_names())
    for (const auto& v : run.variants)
      if (v.knob(k) != run.variants.front().knob(k)) {
        varying.push_back(k);
        break;
      }
  return varying;
}

std::vector<std::string> short_labels(const Run& run) {
  const auto varying = varying_knobs(run);
  std::vector<std::string> labels;
  for (const auto& v : run.variants) {
    std::string s;
    for (std::size_t i = 0; i < varying.size(); ++i) {
      std::string value = knob_summary(varying[i], v.knob(varying[i]));
      if (varying[i] == "layers" && value.starts_with("tuned: ")) value = value.substr(0, value.find(" (")).substr(7);
      s += (i ? "/" : "") + (value.empty() ? "-" : value);
    }
    labels.push_back(varying.empty() ? v.key : s);
  }
  return labels;
}

std::string report_html(const Run& run, const ReportOptions& o) {
  validate(run);
  const std::string counts = counts_short(run.info);
  std::string body = header(run) + winner_box(run, o);
  body += "<p class=\"note\">" + html_escape(counter_note(run.info)) + "</p>\n";
  body += "<h2>Variants</h2>\n<p class=\"sub\">Click a column to sort. Lower is better everywhere.</p>\n" +
          variants_table(run) + knobs_table(run);
  if (!run.variants.empty()) {
    body += "<h2>" + html_escape(counts) + " per inference</h2>\n" + legend(run) +
            metric_bars(run, "counts_median", counts + " per inference (median)");
    body += "<h2>" + html_escape(counts) + " vs flash</h2>\n" +
            html_legend({{"var(--win)", "winner"},
                         {"var(--front)", "Pareto front of (counts, flash, stack)"},
                         {"#ffffff", "other variants"}}) +
            "<p class=\"sub\">Dashed line: the Pareto front of " + html_escape(counts) +
            " vs flash alone (nothing is below and left of it). ▲ on the top edge: off scale (more than twice the "
            "median); hover a point for its values.</p>\n" + scatter(run);
    body += "<h2>Stack per inference</h2>\n" + legend(run) + metric_bars(run, "stack_bytes", "stack high-water (bytes)");
  }
  body += "<h2>Flash and RAM split</h2>\n" + memory_table(run);
  if (const std::string arena = arena_timeline(run); !arena.empty()) body += "<h2>Arena per layer</h2>\n" + arena;
  if (run.tuning) body += "<h2>Kernel schedules per layer</h2>\n" + tuning_section(run);
  else body += winner_layers(run);
  std::string ops = ops_section(run);
  if (!ops.empty()) body += "<h2>Per operator</h2>\n" + ops;
  body += "<h2>Run</h2>\n" + metadata(run);
  return html_page(fmt::format("aotbench: {} on {}", run.info.model, run.info.board), body);
}

void write_report_html(const Run& run, const std::filesystem::path& path, const ReportOptions& o) {
  write_file(path, report_html(run, o));
}

}  // namespace aotbench::results
