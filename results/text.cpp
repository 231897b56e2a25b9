#include "results/text.hpp"

#include <cmath>

#include <fmt/core.h>

namespace aotbench::results {

std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

std::string plain_value(const std::optional<double>& v, Unit unit) {
  if (!v) return {};
  if (unit == Unit::microseconds) return fmt::format("{:.3f}", *v);
  return fmt::format("{:.0f}", *v);
}

std::string pretty_value(const std::optional<double>& v, Unit unit) {
  if (!v) return "–";
  const bool tenths = unit == Unit::microseconds;
  const long long scaled = std::llround(std::fabs(*v) * (tenths ? 10 : 1));
  const std::string digits = std::to_string(tenths ? scaled / 10 : scaled);
  std::string out = *v < 0 && scaled != 0 ? "-" : "";
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ' ';
    out += digits[i];
  }
  return tenths ? out + "." + std::to_string(scaled % 10) : out;
}

std::string pretty_percent(double pct) {
  if (std::isinf(pct)) return pct > 0 ? "+inf%" : "-inf%";
  return fmt::format("{:+.1f}%", pct);
}

std::string yes_no(const std::optional<bool>& b) {
  if (!b) return {};
  return *b ? "yes" : "no";
}

}  // namespace aotbench::results
