// What the report says about shipping the winner: headroom on the board, the reserve, the
// runner-up trade-off, the command that gives the winner's sources.
#include <gtest/gtest.h>

#include "results/decision.hpp"
#include "results/html_report.hpp"
#include "results/summary.hpp"

namespace aotbench::results {
namespace {

VariantResult variant(const std::string& key, uint64_t counts, uint64_t flash, uint64_t ram, uint64_t stack) {
  VariantResult v;
  v.key = key;
  v.knobs = {{"api", key}};
  v.status = Status::ok;
  v.counts = Counts{counts, counts, counts, {counts}};
  v.flash = SizeSplit{flash, 0, 0, 0, 0};
  v.ram = SizeSplit{ram, 0, 0, 0, 0};
  v.stack_bytes = stack;
  v.fits = true;
  v.outputs_match = true;
  return v;
}

// An STM32F405-like board (1 MiB flash, 192 KiB RAM): the fastest variant fills 95% of the flash
// to be 12% faster than one that leaves 40%.
Run crowded_run() {
  Run run;
  run.info.run_id = "r";
  run.info.board = "stm32";
  run.info.clock_hz = 168'000'000;
  run.info.flash_capacity = 1024 * 1024;
  run.info.ram_capacity = 192 * 1024;
  run.info.objective = "cycles";
  run.variants = {variant("fast", 880'000, 974 * 1024, 20'000, 1'000),
                  variant("lean", 1'000'000, 614 * 1024, 20'000, 1'000),
                  variant("slow", 2'000'000, 600 * 1024, 20'000, 1'000)};
  run.variants[0].selected = true;
  return run;
}

TEST(Decision, HeadroomReserveAndRunnerUp) {
  const results::Run run = crowded_run();
  const Decision d = decide(run, 10.0);
  ASSERT_EQ(d.winner, &run.variants[0]);
  ASSERT_TRUE(d.flash && d.ram);
  EXPECT_EQ(d.flash->left(), 50 * 1024);
  EXPECT_EQ(d.ram->left(), 192 * 1024 - 21'000);
  EXPECT_TRUE(d.below_reserve);
  EXPECT_EQ(d.within_reserve, &run.variants[1]);  // the fastest that leaves 10%
  EXPECT_EQ(d.runner_up, &run.variants[1]);       // the fastest with less flash
  EXPECT_EQ(d.tradeoff, "12.0% faster for 360 KiB more flash");
  EXPECT_FALSE(decide(run, 4.0).below_reserve);  // 4.9% left
}

TEST(Decision, NoBoardSizesNoHeadroom) {
  results::Run run = crowded_run();
  run.info.flash_capacity = run.info.ram_capacity = 0;  // results of older versions
  const Decision d = decide(run);
  EXPECT_FALSE(d.flash || d.ram || d.below_reserve);
  EXPECT_EQ(d.runner_up, &run.variants[1]);
}

TEST(Decision, ReportAndConsoleSayIt) {
  const results::Run run = crowded_run();
  ReportOptions o;
  o.best_config = "runs/x/best.toml";
  const std::string html = report_html(run, o);
  EXPECT_NE(html.find("50 KiB (4.9%) left</b> for the application"), std::string::npos);
  EXPECT_NE(html.find("less than 10% of the board"), std::string::npos);
  EXPECT_NE(html.find("12.0% faster for 360 KiB more flash"), std::string::npos);
  EXPECT_NE(html.find("aotbench codegen --config runs/x/best.toml --out DIR"), std::string::npos);
  EXPECT_EQ(html.find("id=\"layers\""), std::string::npos);  // no layers recorded: no table
  const std::string text = run_table(run);
  EXPECT_NE(text.find("flash 974 KiB of 1.0 MiB, 50 KiB (4.9%) left"), std::string::npos) << text;
  EXPECT_NE(text.find("against the runner-up lean: 12.0% faster for 360 KiB more flash"), std::string::npos);
}

TEST(Decision, WinnersFlashPerLayerAgainstTheRunnerUp) {
  results::Run run = crowded_run();
  run.variants[0].layers = {{.index = 0, .type = "CONV_2D", .schedule = "dsp_1x1_w16", .param_bytes = 2048},
                            {.index = 1, .type = "SOFTMAX", .schedule = "ref"}};
  run.variants[1].layers = {{.index = 0, .type = "CONV_2D", .schedule = "dsp_1x1", .param_bytes = 1024},
                            {.index = 1, .type = "SOFTMAX", .schedule = "ref"}};
  const std::string html = report_html(run);
  const auto table = html.substr(html.find("id=\"layers\""));
  EXPECT_NE(table.find("<td>dsp_1x1_w16</td><td class=\"num\" data-v=\"2048\">2 048</td><td>dsp_1x1</td>"
                       "<td class=\"num\" data-v=\"1024\">+1 024</td>"),
            std::string::npos)
      << table.substr(0, 1500);
}

TEST(Decision, TunedLayersSummarized) {
  EXPECT_EQ(knob_summary("layers", "0:dsp_1x1_w16/1:ref/2:dsp_im2col/4:dsp_dw"), "tuned: 4 layers (3 dsp, 1 ref)");
  EXPECT_EQ(knob_summary("layers", "0:dsp_im2col_w16"), "0:dsp_im2col_w16");  // short: as is
  EXPECT_EQ(knob_summary("api", "packed"), "packed");
}

}  // namespace
}  // namespace aotbench::results
