#include "results/outputs.hpp"

#include <algorithm>

#include "results/csv_writer.hpp"
#include "results/gbench_json.hpp"
#include "results/html_report.hpp"

namespace aotbench::results {

std::vector<std::filesystem::path> write_outputs(const Run& run, const std::filesystem::path& out_dir) {
  std::vector<std::filesystem::path> written{out_dir / "results.json", out_dir / "results.csv",
                                             out_dir / "report.html"};
  write_gbench_json(run, written[0]);
  write_results_csv(run, written[1]);
  ReportOptions report;
  if (run.winner()) report.best_config = (out_dir / "best.toml").string();  // written beside, after these
  write_report_html(run, written[2], report);
  const bool ops = run.tuning || std::any_of(run.variants.begin(), run.variants.end(),
                                             [](const auto& v) { return !v.ops.empty(); });
  if (ops) {
    written.push_back(out_dir / "ops.csv");
    write_ops_csv(run, written.back());
  }
  return written;
}

}  // namespace aotbench::results
