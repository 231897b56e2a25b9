#pragma once
// Escaping and number formatting shared by the writers: the one place that makes a string safe
// for each format. Strings from a model, a variant or a results file are data: they go through
// these before reaching HTML, XML, CSV or a terminal. What a format cannot hold (a control
// character, NUL, a byte that is not UTF-8) is written visibly as \xNN, never as itself.
#include <optional>
#include <string>
#include <string_view>

#include "results/metrics.hpp"

namespace aotbench::results {

// HTML text and attribute values: & < > " ' escaped, control characters but tab, LF and CR
// visible.
std::string html_escape(std::string_view s);
// XML 1.0 text and attribute values (JUnit): & < > " ' escaped, tab, LF and CR as character
// references (attribute values keep them), and what XML 1.0 cannot hold at all (other control
// characters, bytes that are not UTF-8, U+FFFE, U+FFFF) visible, so a strict parser takes the file
// whatever the string.
std::string xml_escape(std::string_view s);
// One RFC 4180 field: quoted when it holds a comma, quote, CR or LF (quotes doubled); other
// control characters visible; a text a spreadsheet would run as a formula (it starts with = + -
// @, tab or CR, and is not a number) starts with ' instead.
std::string csv_field(std::string_view s);
// For a terminal: control characters (C0 but tab and LF, DEL, C1) and bytes that are not UTF-8
// visible, so a string from a results file cannot move the cursor, recolour or retitle it.
std::string terminal_text(std::string_view s);
// Machine form of a metric value: integers for counts/bytes, 3 decimals for µs; "" when empty.
std::string plain_value(const std::optional<double>& v, Unit unit);
// Human form: thousands separators ("1 234 567"), 1 decimal for µs; "–" when empty.
std::string pretty_value(const std::optional<double>& v, Unit unit);
// "+12.3%", "-0.5%", "+0.0%"; "+inf%" for growth from 0.
std::string pretty_percent(double pct);
std::string yes_no(const std::optional<bool>& b);

}  // namespace aotbench::results
