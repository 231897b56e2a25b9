#include "results/outputs.hpp"

#include "results/csv_writer.hpp"
#include "results/gbench_json.hpp"
#include "results/html_report.hpp"

namespace aotbench::results {

std::vector<std::filesystem::path> write_outputs(const Run& run, const std::filesystem::path& out_dir) {
  std::vector<std::filesystem::path> written{out_dir / "results.json", out_dir / "results.csv",
                                             out_dir / "report.html"};
  write_gbench_json(run, written[0]);
  write_results_csv(run, written[1]);
  write_report_html(run, written[2]);
  for (const auto& v : run.variants)
    if (!v.ops.empty()) {
      written.push_back(out_dir / "ops.csv");
      write_ops_csv(run, written.back());
      break;
    }
  return written;
}

}  // namespace aotbench::results
