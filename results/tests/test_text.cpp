// Strings made safe per format: whatever a model's file name, a variant's message or an edited
// results file holds, XML stays well-formed, a CSV cell is never a formula, and neither a file nor
// a terminal receives a control character as itself.
#include <gtest/gtest.h>

#include "results/text.hpp"

namespace aotbench::results {
namespace {

using namespace std::string_literals;

const std::string kHostile = "net\x1b[31m\x01<&>\"'\0end"s;  // ESC, SOH, markup, quotes, NUL

bool has_control(const std::string& s, const std::string& allowed) {
  for (unsigned char c : s)
    if ((c < 0x20 || c == 0x7f) && allowed.find(static_cast<char>(c)) == std::string::npos) return true;
  return false;
}

TEST(Text, XmlHoldsOnlyWhatXml10Allows) {
  EXPECT_EQ(xml_escape(kHostile), "net\\x1b[31m\\x01&lt;&amp;&gt;&quot;&#39;\\x00end");
  // Tab, LF and CR survive attribute-value normalization as references; U+FFFE and bytes that are
  // not UTF-8 (a lone continuation byte, an overlong NUL, a truncated sequence) are shown.
  EXPECT_EQ(xml_escape("a\tb\nc\rd"), "a&#9;b&#10;c&#13;d");
  EXPECT_EQ(xml_escape("\xef\xbf\xbe"), "\\ufffe");
  EXPECT_EQ(xml_escape("x\x80y\xc0\x80z\xe2\x82"), "x\\x80y\\xc0\\x80z\\xe2\\x82");
  EXPECT_EQ(xml_escape("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"), "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
}

TEST(Text, HtmlShowsControlCharacters) {
  const std::string out = html_escape(kHostile);
  EXPECT_EQ(out, "net\\x1b[31m\\x01&lt;&amp;&gt;&quot;&#39;\\x00end");
  EXPECT_FALSE(has_control(html_escape("a\tb\nc\x7f"), "\t\n"));
}

TEST(Text, CsvCellsAreNeverFormulas) {
  for (const std::string formula : {"=cmd|' /C calc'!A0", "+1+2", "-2+3", "@SUM(A1)", "\tx", "\r=1"}) {
    const std::string cell = csv_field(formula);
    const char first = cell[0] == '"' ? cell[1] : cell[0];
    EXPECT_EQ(first, '\'') << formula;
  }
  // Numbers as the writers print them stay numbers.
  for (const std::string number : {"-12", "-0.5000", "+3", "1e-3", "-inf", "inf", "42"})
    EXPECT_EQ(csv_field(number), number);
  EXPECT_EQ(csv_field("-"), "'-");
  // NUL and other control characters are never written; CR and LF are quoted as RFC 4180 says.
  EXPECT_EQ(csv_field("a\0b\x1b"s), "a\\x00b\\x1b");
  EXPECT_EQ(csv_field("a,\"b\"\nc"), "\"a,\"\"b\"\"\nc\"");
}

TEST(Text, TerminalSeesNoEscapeSequence) {
  EXPECT_EQ(terminal_text("key\x1b]0;owned\x07 \x9b" "2J\n\tok"), "key\\x1b]0;owned\\x07 \\x9b2J\n\tok");
  EXPECT_EQ(terminal_text("c1 \xc2\x9b" "31m"), "c1 \\x9b31m");  // U+009B, the 8-bit CSI, in UTF-8
  EXPECT_EQ(terminal_text("caf\xc3\xa9 \xe2\x82\xac"), "caf\xc3\xa9 \xe2\x82\xac");
  EXPECT_FALSE(has_control(terminal_text(kHostile), ""));
}

}  // namespace
}  // namespace aotbench::results
