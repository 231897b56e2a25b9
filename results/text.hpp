#pragma once
// Escaping and number formatting shared by the writers. Strings from a model or a variant are
// data: they go through these before reaching HTML, XML or CSV.
#include <optional>
#include <string>
#include <string_view>

#include "results/metrics.hpp"

namespace aotbench::results {

// Escapes & < > " ' for HTML/XML text and attribute values.
std::string html_escape(std::string_view s);
// One RFC 4180 field: quoted when it holds a comma, quote, CR or LF (quotes doubled).
std::string csv_field(std::string_view s);
// Machine form of a metric value: integers for counts/bytes, 3 decimals for µs; "" when empty.
std::string plain_value(const std::optional<double>& v, Unit unit);
// Human form: thousands separators ("1 234 567"), 1 decimal for µs; "–" when empty.
std::string pretty_value(const std::optional<double>& v, Unit unit);
// "+12.3%", "-0.5%", "+0.0%"; "+inf%" for growth from 0.
std::string pretty_percent(double pct);
std::string yes_no(const std::optional<bool>& b);

}  // namespace aotbench::results
