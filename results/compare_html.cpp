// comparison_html: the baseline comparison as one self-contained page.
#include <cmath>

#include <fmt/core.h>

#include "results/compare_format.hpp"
#include "results/compare_report.hpp"
#include "results/html_page.hpp"
#include "results/metrics.hpp"
#include "results/svg_chart.hpp"
#include "results/text.hpp"

namespace aotbench::results {
namespace {

std::string th(const std::string& col, const std::string& label, bool numeric) {
  return fmt::format("<th data-col=\"{}\" data-type=\"{}\"{}>{}</th>", col, numeric ? "num" : "text",
                     numeric ? " class=\"num\"" : "", html_escape(label));
}

std::string value_cell(const MetricDelta* d, const std::optional<double>& v) {
  if (!d || !v) return "<td class=\"num\" data-v=\"\">–</td>";
  std::string plain = check_value(*d, v);
  const Metric& m = metric(d->metric);
  return fmt::format("<td class=\"num\" data-v=\"{}\">{}</td>", plain, html_escape(pretty_value(v, m.unit)));
}

std::string change_cell(const MetricDelta* d) {
  std::string klass = !d || !d->change_pct ? "" : d->regression ? "bad" : *d->change_pct < 0 ? "good" : "";
  std::string sort;
  if (d && d->change_pct) sort = std::isinf(*d->change_pct) ? (*d->change_pct > 0 ? "1e300" : "-1e300")
                                                            : fmt::format("{:.6f}", *d->change_pct);
  return fmt::format("<td class=\"num {}\" data-v=\"{}\">{}</td>", klass, sort, html_escape(change_text(d)));
}

std::string changes_table(const Comparison& c) {
  const auto heads = headline_checks();
  std::string out = "<div class=\"table-wrap\"><table class=\"sortable\" id=\"changes\"><thead><tr>" +
                    th("variant", "variant", false) + th("status", "status", false);
  for (const auto& h : heads) {
    std::string label = h == "counts_median" ? std::string(unit(c.current.counter)) : headline_label(h);
    out += th(h + ".baseline", label + " before", true) + th(h + ".current", label + " now", true) +
           th(h + ".change", label + " Δ", true);
  }
  out += th("verdict", "verdict", false) + "</tr></thead><tbody>\n";
  for (const auto& v : c.variants) {
    bool status_changed = v.presence != Presence::both || v.baseline_status != v.current_status;
    out += fmt::format("<tr class=\"{}\" data-key=\"{}\"><td class=\"key\">{}</td><td{}>{}</td>",
                       v.presence == Presence::both ? "" : "failed", html_escape(v.key), html_escape(v.key),
                       status_changed ? " class=\"status-bad\"" : "", html_escape(status_text(v)));
    for (const auto& h : heads) {
      const MetricDelta* d = find_check(v, h);
      out += value_cell(d, d ? d->baseline : std::nullopt) + value_cell(d, d ? d->current : std::nullopt) +
             change_cell(d);
    }
    out += fmt::format("<td class=\"{}\">{}</td></tr>\n", v.regression ? "bad" : "good",
                       v.regression ? "regressed" : "ok");
  }
  return out + "</tbody></table></div>\n";
}

std::string counts_change_chart(const Comparison& c) {
  std::vector<Bar> bars;
  for (const auto& v : c.variants) {
    const MetricDelta* d = find_check(v, "counts_median");
    Bar b{v.key, v.key, "", "", std::nullopt, status_text(v)};
    if (d && d->change_pct && std::isfinite(*d->change_pct)) {
      b.value = *d->change_pct;
      b.text = change_text(d);
      b.klass = d->regression ? "up" : *d->change_pct < 0 ? "down" : "";
    }
    b.tooltip = fmt::format("{}\n{}", v.key, b.text);
    bars.push_back(std::move(b));
  }
  return bar_chart(bars, fmt::format("change of median {} (%), lower is better", unit(c.current.counter)));
}

std::string regressions_list(const Comparison& c) {
  std::string out;
  for (const auto& v : c.variants) {
    if (v.presence == Presence::only_baseline)
      out += fmt::format("<li><code>{}</code>: in the baseline, missing from this run{}</li>", html_escape(v.key),
                         v.regression ? "" : " (allowed)");
    for (const auto& d : v.checks)
      if (d.regression)
        out += fmt::format("<li><code>{}</code>: {}</li>", html_escape(v.key), html_escape(describe_check(c, d)));
  }
  return out.empty() ? "<p class=\"good\">None.</p>\n" : "<ul>" + out + "</ul>\n";
}

std::string run_meta(const RunInfo& i) {
  return html_dl({{"run id", i.run_id},
                  {"date (UTC)", i.date_utc},
                  {"aotbench commit", i.aotbench_commit},
                  {"toolchain", i.toolchain},
                  {"QEMU", i.qemu.empty() ? "—" : i.qemu},
                  {"board", i.board},
                  {"target / counter", fmt::format("{} / {}", to_string(i.target), to_string(i.counter))},
                  {"model", fmt::format("{} ({})", i.model, i.model_sha256)}});
}

}  // namespace

std::string comparison_html(const Comparison& c) {
  std::string body = fmt::format("<h1>aotbench comparison: {} on {}</h1>\n<p class=\"sub\">baseline {} → now {}</p>\n",
                                 html_escape(c.current.model), html_escape(c.current.board),
                                 html_escape(c.baseline.date_utc), html_escape(c.current.date_utc));
  body += fmt::format("<div class=\"verdict {}\"><b>{}</b> — {} variants; a metric regresses when it grows "
                      "by more than {:g}% (lower is better for all).</div>\n",
                      c.failed() ? "fail" : "pass", html_escape(verdict(c)), c.variants.size(),
                      c.options.fail_above_pct);
  for (const auto& w : c.warnings) body += "<p class=\"note bad\">Warning: " + html_escape(w) + "</p>\n";
  body += "<h2>Regressions</h2>\n" + regressions_list(c);
  body += "<h2>Changes per variant</h2>\n" + changes_table(c);
  if (c.counts_compared) body += "<h2>Change of counts</h2>\n" + counts_change_chart(c);
  body += "<h2>Baseline</h2>\n" + run_meta(c.baseline) + "<h2>This run</h2>\n" + run_meta(c.current);
  return html_page(fmt::format("aotbench comparison: {} on {}", c.current.model, c.current.board), body);
}

}  // namespace aotbench::results
