// report.html and the comparison page: self-contained, escaped, one row and one bar per variant.
// (That a browser runs it without errors is results.chromium.)
#include <gtest/gtest.h>

#include "results/compare.hpp"
#include "results/compare_report.hpp"
#include "results/html_report.hpp"
#include "results/text.hpp"
#include "results/tests/sample_run.hpp"

namespace aotbench::results {
namespace {

std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (auto p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

void expect_self_contained(const std::string& html) {
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(count(html, "<script"), 1u);  // ours, inline
  for (const char* remote : {"http://", "https://", "src=", "<link", "@import", "url(", "//fonts"})
    EXPECT_EQ(count(html, remote), 0u) << remote;
  EXPECT_NE(html.find("Content-Security-Policy"), std::string::npos);
}

void expect_hostile_strings_escaped(const std::string& html) {
  EXPECT_EQ(count(html, "<script>alert"), 0u);
  EXPECT_EQ(count(html, "<b>MEAN"), 0u);
  EXPECT_EQ(count(html, "<lookup.h>"), 0u);
  EXPECT_GT(count(html, "mnv2 &lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &#39;co&#39;"), 0u);
}

TEST(Html, EscapeCoversMarkupAndQuotes) {
  EXPECT_EQ(html_escape("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
}

TEST(Html, ReportIsSelfContainedAndEscaped) {
  const results::Run run = testing::sample_run();
  const std::string html = report_html(run);
  expect_self_contained(html);
  expect_hostile_strings_escaped(html);
  EXPECT_GT(count(html, "&lt;b&gt;MEAN&lt;/b&gt; &amp; &quot;avg&quot;"), 0u);  // per-op table
}

TEST(Html, OneRowAndOneBarPerVariantWinnerMarked) {
  const results::Run run = testing::sample_run();
  const std::string html = report_html(run);
  const auto table = html.substr(html.find("id=\"variants\""), html.find("</table>", html.find("id=\"variants\"")) - html.find("id=\"variants\""));
  EXPECT_EQ(count(table, "<tr class="), run.variants.size());
  EXPECT_EQ(count(table, "<tr class=\"win\""), 1u);
  EXPECT_NE(table.find("<tr class=\"win\" data-key=\"" + html_escape(run.winner()->key) + "\""), std::string::npos);
  EXPECT_EQ(count(html, "<svg"), 3u);  // counts bars, scatter, stack bars
  EXPECT_EQ(count(html, "class=\"bar-row"), 2 * run.variants.size());
  EXPECT_NE(html.find("instructions per inference"), std::string::npos);
  EXPECT_EQ(html.find("cycles per inference"), std::string::npos);  // QEMU counts are not cycles
  EXPECT_NE(html.find("not cycles"), std::string::npos);
}

TEST(Html, TuningHasARowAndABarPerLayerEscaped) {
  const results::Run run = testing::changed_run();
  const std::string html = report_html(run);
  expect_self_contained(html);
  const auto at = html.find("id=\"tuning\"");
  ASSERT_NE(at, std::string::npos);
  const std::string table = html.substr(at, html.find("</table>", at) - at);
  EXPECT_EQ(count(table, "<tr data-key="), run.tuning->layers.size());
  EXPECT_EQ(count(table, "(within the noise)"), 1u);  // the one close call
  EXPECT_EQ(count(html, "<s>"), 0u);
  EXPECT_EQ(count(html, "<i>&</i>"), 0u);
  EXPECT_GT(count(table, "48x48x8 -&gt; 48x48x16 &lt;s&gt;"), 0u);
  EXPECT_NE(table.find("7.00x"), std::string::npos);  // gain over the reference kernels
  EXPECT_EQ(report_html(testing::sample_run()).find("id=\"tuning\""), std::string::npos);  // untuned: no section
}

// The winner's arena per layer: a row per layer, the peak's in bold; none without the figures.
TEST(Html, ArenaPerLayerMarksThePeak) {
  results::Run run = testing::sample_run();
  EXPECT_EQ(report_html(run).find("Arena per layer"), std::string::npos);
  VariantResult* winner = nullptr;
  for (auto& v : run.variants)
    if (v.selected) winner = &v;
  ASSERT_NE(winner, nullptr);
  ASSERT_GE(winner->layers.size(), 3u);
  for (std::size_t i = 0; i < winner->layers.size(); ++i) winner->layers[i].arena_top = 1000 * static_cast<int64_t>(i + 1);
  winner->layers[1].arena_top = 99000;
  const std::string html = report_html(run);
  const std::size_t at = html.find("Arena per layer");
  ASSERT_NE(at, std::string::npos);
  const std::string table = html.substr(at, html.find("</table>", at) - at);
  EXPECT_EQ(count(table, "<tr"), winner->layers.size() + 1);  // and the header
  EXPECT_EQ(count(table, "font-weight:bold"), 1u);
  EXPECT_LT(table.find("font-weight:bold"), table.find("99"));
  EXPECT_EQ(count(table, "&lt;b&gt;MEAN"), 1u);  // the hostile operator name, escaped
}

TEST(Html, HardwareRunsSayCycles) {
  results::Run run = testing::sample_run();
  run.info.counter = CounterKind::cycles_dwt;
  run.info.target = Target::hardware;
  const std::string html = report_html(run);
  EXPECT_NE(html.find("cycles per inference"), std::string::npos);
  EXPECT_NE(html.find("DWT"), std::string::npos);
  EXPECT_EQ(html.find("instructions per inference"), std::string::npos);
}

TEST(Html, ComparisonPageIsSelfContainedAndEscaped) {
  Comparison c = compare_runs(testing::sample_run(), testing::changed_run());
  const std::string html = comparison_html(c);
  expect_self_contained(html);
  EXPECT_EQ(count(html, "<script>alert"), 0u);
  EXPECT_NE(html.find("6 regressions above 0%"), std::string::npos);
  for (const auto& v : c.variants) EXPECT_NE(html.find("data-key=\"" + html_escape(v.key) + "\""), std::string::npos);
}

}  // namespace
}  // namespace aotbench::results
