#include "results/compare_report.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "results/compare_format.hpp"
#include "results/metrics.hpp"
#include "results/text.hpp"

namespace aotbench::results {
namespace {

const char* presence_name(Presence p) {
  switch (p) {
    case Presence::both: return "both";
    case Presence::only_baseline: return "only_baseline";
    case Presence::only_current: return "only_current";
  }
  return "?";
}

// A variant worth a line: anything but "present in both, same status, headline metrics equal".
bool changed(const VariantDiff& v) {
  if (v.presence != Presence::both || v.regression || v.baseline_status != v.current_status) return true;
  for (const auto& h : headline_checks())
    if (const MetricDelta* d = find_check(v, h); d && d->change_pct && *d->change_pct != 0) return true;
  return false;
}

}  // namespace

std::string comparison_table(const Comparison& c) {
  std::size_t w = 7, unchanged = 0;
  for (const auto& v : c.variants) w = std::max(w, v.key.size());
  std::string out;
  for (const auto& warning : c.warnings) out += "warning: " + warning + "\n";
  out += fmt::format("{:<{}}  {:<22}", "variant", w, "status");
  for (const auto& h : headline_checks()) out += fmt::format(" {:>9}", headline_label(h));
  out += "\n";
  for (const auto& v : c.variants) {
    if (!changed(v)) {
      ++unchanged;
      continue;
    }
    out += fmt::format("{:<{}}  {:<22}", v.key, w, status_text(v));
    for (const auto& h : headline_checks()) out += fmt::format(" {:>9}", change_text(find_check(v, h)));
    out += v.regression ? "  REGRESSED\n" : "\n";
  }
  if (unchanged) out += fmt::format("({} more variants: same status, same headline metrics)\n", unchanged);
  for (const auto& v : c.variants) {
    if (v.presence == Presence::only_baseline)
      out += fmt::format("{} {}: in the baseline, missing from this run\n", v.regression ? "REGRESSION" : "note", v.key);
    for (const auto& d : v.checks)
      if (d.regression) out += fmt::format("REGRESSION {}: {}\n", v.key, describe_check(c, d));
  }
  return out + fmt::format("{} variants, {}\n", c.variants.size(), verdict(c));
}

std::string comparison_csv(const Comparison& c) {
  auto row = [](const std::vector<std::string>& f) {
    std::string line;
    for (std::size_t i = 0; i < f.size(); ++i) line += (i ? "," : "") + csv_field(f[i]);
    return line + "\r\n";
  };
  std::string out = row({"key", "presence", "check", "baseline", "current", "change_pct", "regression", "note"});
  for (const auto& v : c.variants) {
    if (v.presence != Presence::both) {
      out += row({v.key, presence_name(v.presence), "presence", "", "", "", v.regression ? "yes" : "no", ""});
      continue;
    }
    for (const auto& d : v.checks) {
      std::string pct = d.change_pct ? (std::isinf(*d.change_pct) ? (*d.change_pct > 0 ? "inf" : "-inf")
                                                                   : fmt::format("{:.4f}", *d.change_pct))
                                     : "";
      out += row({v.key, "both", d.metric, check_value(d, d.baseline), check_value(d, d.current), pct,
                  d.regression ? "yes" : "no", d.note});
    }
  }
  return out;
}

std::string comparison_junit(const Comparison& c) {
  std::string cases;
  std::size_t tests = 0, failures = 0, skipped = 0;
  for (const auto& v : c.variants) {
    if (v.presence != Presence::both) {
      ++tests;
      cases += fmt::format("    <testcase classname=\"{}\" name=\"presence\" time=\"0\">", xml_escape(v.key));
      if (v.presence == Presence::only_baseline && v.regression) {
        ++failures;
        cases += "<failure type=\"missing\" message=\"variant is in the baseline but missing from this run\"/>";
      } else if (v.presence == Presence::only_baseline) {
        ++skipped;
        cases += "<skipped message=\"variant is in the baseline but missing from this run\"/>";
      }
      cases += "</testcase>\n";
      continue;
    }
    for (const auto& d : v.checks) {
      ++tests;
      cases += fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"0\">", xml_escape(v.key), xml_escape(d.metric));
      if (d.regression) {
        ++failures;
        cases += fmt::format("<failure type=\"regression\" message=\"{}\"/>", xml_escape(describe_check(c, d)));
      }
      cases += "</testcase>\n";
    }
  }
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<testsuites name=\"aotbench report\" tests=\"{0}\" failures=\"{1}\" skipped=\"{2}\">\n"
      "  <testsuite name=\"{3}\" tests=\"{0}\" failures=\"{1}\" skipped=\"{2}\" errors=\"0\" timestamp=\"{4}\">\n"
      "{5}  </testsuite>\n</testsuites>\n",
      tests, failures, skipped, xml_escape(fmt::format("aotbench.{}.{}", c.current.board, c.current.model)),
      xml_escape(c.current.date_utc), cases);
}

std::string comparison_json(const Comparison& c) {
  using Json = nlohmann::ordered_json;
  auto opt = [](const std::optional<double>& v) {
    if (!v) return Json(nullptr);
    if (std::isinf(*v)) return Json(*v > 0 ? "inf" : "-inf");
    return Json(*v);
  };
  auto run = [](const RunInfo& i) {
    return Json{{"run_id", i.run_id},   {"date", i.date_utc},   {"board", i.board},
                {"model", i.model},     {"counter", to_string(i.counter)}, {"commit", i.aotbench_commit}};
  };
  Json variants = Json::array();
  for (const auto& v : c.variants) {
    Json checks = Json::array();
    for (const auto& d : v.checks)
      checks.push_back({{"check", d.metric}, {"baseline", opt(d.baseline)}, {"current", opt(d.current)},
                        {"change_pct", opt(d.change_pct)}, {"regression", d.regression}, {"note", d.note}});
    variants.push_back({{"key", v.key},
                        {"presence", presence_name(v.presence)},
                        {"baseline_status", v.baseline_status ? Json(to_string(*v.baseline_status)) : Json(nullptr)},
                        {"current_status", v.current_status ? Json(to_string(*v.current_status)) : Json(nullptr)},
                        {"regression", v.regression},
                        {"checks", checks}});
  }
  Json doc{{"baseline", run(c.baseline)},
           {"current", run(c.current)},
           {"fail_above_pct", c.options.fail_above_pct},
           {"allow_missing", c.options.allow_missing},
           {"counts_compared", c.counts_compared},
           {"warnings", c.warnings},
           {"regressions", c.regressions()},
           {"failed", c.failed()},
           {"variants", variants}};
  return doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace aotbench::results
