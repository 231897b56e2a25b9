#include "results/html_report.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/core.h>

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

std::string header(const Run& run) {
  const RunInfo& i = run.info;
  return fmt::format("<h1>aotbench: {} on {}</h1>\n<p class=\"sub\">{} · {} target · {} at {} · {} variants</p>\n",
                     html_escape(i.model), html_escape(i.board), html_escape(i.date_utc), to_string(i.target),
                     counts_word(i), mhz(i.clock_hz), run.variants.size());
}

std::string winner_box(const Run& run) {
  const VariantResult* w = run.winner();
  if (!w) return "<div class=\"note\">No variant was selected (none fits the limits, or the run had no selection).</div>\n";
  auto value = [&](const char* name) {
    const Metric& m = metric(name);
    return html_escape(pretty_value(m.get(run.info, *w), m.unit));
  };
  std::string out = fmt::format(
      "<div class=\"winner\"><b>★ Winner</b> (objective: {}): <code>{}</code><br>{} {} (median), "
      "{} µs at {}, flash {} B, static RAM {} B, stack {} B, arena {} B",
      html_escape(run.info.objective), html_escape(w->key), value("counts_median"), counts_word(run.info),
      value("time_us"), mhz(run.info.clock_hz), value("flash_total"), value("ram_total"), value("stack_bytes"),
      value("arena_bytes"));
  if (!run.selection_reason.empty()) out += "<br>Why: " + html_escape(run.selection_reason);
  return out + "</div>\n";
}

std::vector<std::string> table_metrics() {
  return {"counts_median", "counts_min", "counts_max", "time_us", "flash_total", "ram_total", "stack_bytes", "arena_bytes"};
}

std::string variants_table(const Run& run) {
  const auto knobs = run.knob_names();
  std::string out = "<div class=\"table-wrap\"><table class=\"sortable\" id=\"variants\"><thead><tr>";
  out += th("winner", "★", false);
  for (const auto& k : knobs) out += th("knob." + k, k, false);
  out += th("status", "status", false);
  for (const auto& name : table_metrics()) {
    const Metric& m = metric(name);
    std::string label = name == std::string("time_us") ? "µs @ " + mhz(run.info.clock_hz) : metric_label(m, run.info.counter);
    out += th(name, label, true);
  }
  out += th("fits", "fits", false) + th("outputs_match", "outputs match", false) + th("pareto", "Pareto", false) +
         th("message", "message", false) + th("variant", "variant key", false) + "</tr></thead><tbody>\n";
  for (const auto& v : run.variants) {
    std::string klass = v.selected ? "win" : v.status != Status::ok ? "failed" : "";
    out += fmt::format("<tr class=\"{}\" data-key=\"{}\">", klass, html_escape(v.key));
    out += text_cell(v.selected ? "★" : "");
    for (const auto& k : knobs) out += text_cell(v.knob(k));
    out += text_cell(to_string(v.status), v.status == Status::ok ? "" : "status-bad");
    for (const auto& name : table_metrics()) {
      const Metric& m = metric(name);
      out += num_cell(m.get(run.info, v), m.unit);
    }
    out += text_cell(yes_no(v.fits), v.fits == false ? "bad" : "") +
           text_cell(yes_no(v.outputs_match), v.outputs_match == false ? "bad" : "") +
           text_cell(v.pareto ? "◆ yes" : "") + text_cell(v.message) + text_cell(v.key, "key") + "</tr>\n";
  }
  return out + "</tbody></table></div>\n";
}

std::string memory_table(const Run& run) {
  std::string out = "<div class=\"table-wrap\"><table class=\"sortable\" id=\"memory\"><thead><tr>" +
                    th("variant", "variant", false);
  std::vector<const Metric*> ms;
  for (const auto& m : metrics())
    if (std::string_view(m.name).starts_with("flash_") || std::string_view(m.name).starts_with("ram_")) {
      ms.push_back(&m);
      out += th(m.name, m.label, true);
    }
  out += "</tr></thead><tbody>\n";
  for (const auto& v : run.variants) {
    out += fmt::format("<tr class=\"{}\" data-key=\"{}\">", v.selected ? "win" : "", html_escape(v.key)) +
           text_cell(v.key, "key");
    for (const auto* m : ms) out += num_cell(m->get(run.info, v), m->unit);
    out += "</tr>\n";
  }
  return out + "</tbody></table></div>\n";
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
                                  pretty_value(y, Unit::counts), counts_word(run.info),
                                  pretty_value(metric("stack_bytes").get(run.info, v), Unit::bytes)),
                      bar_class(v), *x, *y});
  }
  std::vector<std::size_t> stair;
  for (std::size_t i : pareto_front(run, {"counts_median", "flash_total"}))
    if (point_of.count(i)) stair.push_back(point_of[i]);
  return scatter_chart(points, stair, "flash (bytes)", counts_word(run.info) + " per inference (median)");
}

std::string ops_section(const Run& run) {
  std::string out;
  for (const auto& v : run.variants) {
    if (v.ops.empty()) continue;
    uint64_t total = 0;
    for (const auto& op : v.ops) total += op.counts;
    out += fmt::format("<details{}><summary><code>{}</code> — {} operators</summary>", v.selected ? " open" : "",
                       html_escape(v.key), v.ops.size());
    out += "<div class=\"table-wrap\"><table class=\"sortable\"><thead><tr>" + th("op_index", "#", true) +
           th("op_type", "operator", false) + th("op_schedule", "schedule", false) +
           th("op_counts", counts_word(run.info), true) + th("macs", "MACs", true) +
           th("per_mac", counts_word(run.info) + "/MAC", true) + th("share", "share", true) + "</tr></thead><tbody>";
    for (const auto& op : v.ops) {
      auto cpm = op.counts_per_mac();
      double share = total ? 100.0 * static_cast<double>(op.counts) / static_cast<double>(total) : 0;
      out += "<tr>" + num_cell(op.index, Unit::counts) + text_cell(op.type) + text_cell(op.schedule) +
             num_cell(static_cast<double>(op.counts), Unit::counts) + num_cell(static_cast<double>(op.macs), Unit::counts) +
             fmt::format("<td class=\"num\" data-v=\"{}\">{}</td>", cpm ? fmt::format("{:.4f}", *cpm) : "",
                         cpm ? fmt::format("{:.2f}", *cpm) : "–") +
             fmt::format("<td class=\"num\" data-v=\"{:.3f}\">{:.1f}%</td>", share, share) + "</tr>";
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
  const std::string counts = counts_word(run.info);
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
         th("layer_candidates", "candidates", false) + "</tr></thead><tbody>";
  for (const auto& l : t.layers) {
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
           text_cell(candidates) + "</tr>";
  }
  return out + "</tbody></table></div>\n";
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
      std::string value = v.knob(varying[i]);
      s += (i ? "/" : "") + (value.empty() ? "-" : value);
    }
    labels.push_back(varying.empty() ? v.key : s);
  }
  return labels;
}

std::string report_html(const Run& run) {
  validate(run);
  const std::string counts = counts_word(run.info);
  std::string body = header(run) + winner_box(run);
  body += "<p class=\"note\">" + html_escape(counter_note(run.info)) + "</p>\n";
  body += "<h2>Variants</h2>\n<p class=\"sub\">Click a column to sort. Lower is better everywhere.</p>\n" +
          variants_table(run);
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
  if (run.tuning) body += "<h2>Kernel schedules per layer</h2>\n" + tuning_section(run);
  std::string ops = ops_section(run);
  if (!ops.empty()) body += "<h2>Per operator</h2>\n" + ops;
  body += "<h2>Run</h2>\n" + metadata(run);
  return html_page(fmt::format("aotbench: {} on {}", run.info.model, run.info.board), body);
}

void write_report_html(const Run& run, const std::filesystem::path& path) { write_file(path, report_html(run)); }

}  // namespace aotbench::results
