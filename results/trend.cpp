#include "results/trend.hpp"

#include <algorithm>
#include <map>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "results/compare.hpp"
#include "results/files.hpp"
#include "results/html_page.hpp"
#include "results/metrics.hpp"
#include "results/svg_chart.hpp"
#include "results/text.hpp"

namespace fs = std::filesystem;

namespace aotbench::results {
namespace {

// run id -> the run folder (report.html beside the results.json that names it).
std::map<std::string, fs::path> reports_under(const fs::path& root) {
  std::map<std::string, fs::path> out;
  std::error_code ec;
  if (root.empty() || !fs::is_directory(root, ec)) return out;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (it->path().filename() != "results.json" || !fs::exists(it->path().parent_path() / "report.html")) continue;
    const auto j = nlohmann::json::parse(read_file(it->path()), nullptr, false);
    if (!j.is_discarded() && j.contains("context") && j["context"].contains("run_id"))
      out[j["context"]["run_id"].get<std::string>()] = it->path().parent_path();
  }
  return out;
}

// scripts/nightly's verdict on a night (status.json beside its results): the gate's, when there.
std::optional<bool> gate_regression(const fs::path& run_folder) {
  const fs::path status = run_folder / "status.json";
  if (!fs::is_regular_file(status)) return std::nullopt;
  const auto j = nlohmann::json::parse(read_file(status), nullptr, false);
  if (j.is_discarded() || !j.contains("regression") || !j["regression"].is_boolean()) return std::nullopt;
  return j["regression"].get<bool>();
}

std::optional<double> value(const char* name, const RunInfo& i, const VariantResult* w) {
  return w ? metric(name).get(i, *w) : std::nullopt;
}

}  // namespace

std::vector<TrendSeries> trend_series(const History& history, const fs::path& runs_root, const fs::path& page_dir) {
  const auto reports = reports_under(runs_root);
  std::map<std::pair<std::string, std::string>, TrendSeries> by_target;
  std::map<std::pair<std::string, std::string>, Run> last_good;
  std::vector<std::pair<std::string, std::string>> order;
  for (const std::string& id : history.run_ids()) {
    const Run run = history.load_run(id);
    const auto target = std::make_pair(run.info.board, run.info.model);
    if (!by_target.count(target)) {
      order.push_back(target);
      by_target[target] = TrendSeries{run.info.board, run.info.model, {}};
    }
    const VariantResult* w = run.winner();
    std::string when = run.info.date_utc.substr(0, 16);  // 2026-01-03T03:00: nights may share a date
    std::replace(when.begin(), when.end(), 'T', ' ');
    TrendPoint p{id, when, w ? w->key : "", value("counts_median", run.info, w),
                 value("flash_total", run.info, w), value("ram_total", run.info, w), value("stack_bytes", run.info, w),
                 run.info.counter, 0, ""};
    if (auto good = last_good.find(target); good != last_good.end())
      p.regressions = compare_runs(good->second, run, {0.0, true}).regressions();
    if (auto r = reports.find(id); r != reports.end()) {
      if (!page_dir.empty())
        p.report = fs::absolute(r->second / "report.html").lexically_relative(fs::absolute(page_dir)).generic_string();
      if (const auto gate = gate_regression(r->second))  // what the nightly gate decided stands
        p.regressions = *gate ? std::max<std::size_t>(p.regressions, 1) : 0;
    }
    if (w && p.regressions == 0) last_good[target] = run;
    by_target[target].points.push_back(std::move(p));
  }
  std::vector<TrendSeries> out;
  for (const auto& t : order) out.push_back(std::move(by_target[t]));
  return out;
}

std::string trend_html(const std::vector<TrendSeries>& series, const std::string& source) {
  std::string body = fmt::format("<h1>aotbench: the nightly trend</h1>\n<p class=\"sub\">{} · {} board × model "
                                 "series. Every point is a night's winner; red points are nights that regressed "
                                 "against the last good one (as <code>aotbench report --baseline</code> judges it); "
                                 "click a point for that night's report.</p>\n",
                                 html_escape(source), series.size());
  if (series.empty()) body += "<div class=\"note\">The history holds no run yet.</div>\n";
  for (const TrendSeries& s : series) {
    body += fmt::format("<h2>{} on {}</h2>\n", html_escape(s.model), html_escape(s.board));
    struct Figure {
      const char* label;
      std::optional<double> TrendPoint::*field;
      Unit unit;
    };
    const std::string counts =
        s.points.empty() ? "counts" : std::string(unit(s.points.back().counter)) + " per inference (median)";
    for (const Figure& f : {Figure{"", &TrendPoint::counts, Unit::counts}, Figure{"flash (bytes)", &TrendPoint::flash, Unit::bytes},
                            Figure{"static RAM (bytes)", &TrendPoint::ram, Unit::bytes},
                            Figure{"stack (bytes)", &TrendPoint::stack, Unit::bytes}}) {
      std::vector<LinePoint> line;
      for (const TrendPoint& p : s.points) {
        const std::optional<double> v = p.*f.field;
        std::string tip = fmt::format("{} ({}): {} {}\n{}", p.date, p.run_id, pretty_value(v, f.unit),
                                      *f.label ? f.label : counts, p.winner.empty() ? "no winner" : p.winner);
        if (p.regressions) tip += fmt::format("\n{} regression(s) against the last good night", p.regressions);
        line.push_back({p.date, tip, p.report, p.regressions ? "up" : "", v});
      }
      body += line_chart(line, *f.label ? f.label : counts);
    }
  }
  return html_page("aotbench: the nightly trend", body);
}

}  // namespace aotbench::results
