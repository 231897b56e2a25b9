#include "results/text.hpp"

#include <cctype>
#include <cmath>

#include <fmt/core.h>

namespace aotbench::results {

namespace {

// A character no format may hold as itself, written \xNN (\uNNNN above U+00FF).
std::string visible(char32_t c) {
  const auto code = static_cast<unsigned>(c);
  return c < 0x100 ? fmt::format("\\x{:02x}", code) : fmt::format("\\u{:04x}", code);
}

bool is_c0_or_del(unsigned char c) { return c < 0x20 || c == 0x7f; }

// The length of the well-formed UTF-8 sequence at s[i] (shortest form, no surrogates, at most
// U+10FFFF) and its code point; 0 when the byte there starts none.
std::size_t utf8_sequence(std::string_view s, std::size_t i, char32_t* code_point) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b0 = byte(i);
  std::size_t n = 0;
  char32_t cp = 0, least = 0;
  if (b0 < 0x80) n = 1, cp = b0;
  else if ((b0 & 0xe0) == 0xc0) n = 2, cp = b0 & 0x1f, least = 0x80;
  else if ((b0 & 0xf0) == 0xe0) n = 3, cp = b0 & 0x0f, least = 0x800;
  else if ((b0 & 0xf8) == 0xf0) n = 4, cp = b0 & 0x07, least = 0x10000;
  else return 0;
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3f);
  }
  if (cp < least || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  *code_point = cp;
  return n;
}

// `escape` returns the text for one code point, or nullopt to keep it; bytes that are not UTF-8
// are written visibly.
template <typename Escape>
std::string escaped(std::string_view s, Escape escape) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    char32_t cp = 0;
    const std::size_t n = utf8_sequence(s, i, &cp);
    if (n == 0) {
      out += visible(static_cast<unsigned char>(s[i++]));
      continue;
    }
    if (const std::optional<std::string> e = escape(cp)) out += *e;
    else out.append(s.substr(i, n));
    i += n;
  }
  return out;
}

std::optional<std::string> markup_entity(char32_t c) {
  switch (c) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return "&quot;";
    case '\'': return "&#39;";
    default: return std::nullopt;
  }
}

// A number as the writers print them ("12", "-0.5000", "1e-3", "inf"): left as it is in CSV.
bool is_number(std::string_view s) {
  std::size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  if (s.substr(i) == "inf") return true;
  const std::size_t digits_from = i;
  while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.')) ++i;
  if (i == digits_from) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    const std::size_t exponent_from = i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (i == exponent_from) return false;
  }
  return i == s.size();
}

}  // namespace

std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (const auto e = markup_entity(u)) out += *e;
    else if (is_c0_or_del(u) && c != '\t' && c != '\n' && c != '\r') out += visible(u);
    else out += c;
  }
  return out;
}

std::string xml_escape(std::string_view s) {
  return escaped(s, [](char32_t c) -> std::optional<std::string> {
    if (const auto e = markup_entity(c)) return e;
    if (c == '\t' || c == '\n' || c == '\r') return fmt::format("&#{};", static_cast<unsigned>(c));
    if (c < 0x20 || c == 0xfffe || c == 0xffff) return visible(c);
    return std::nullopt;
  });
}

std::string csv_field(std::string_view s) {
  std::string text;
  text.reserve(s.size());
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (is_c0_or_del(u) && c != '\t' && c != '\n' && c != '\r') text += visible(u);
    else text += c;
  }
  if (!text.empty() && std::string_view("=+-@\t\r").find(text[0]) != std::string_view::npos && !is_number(text))
    text.insert(0, 1, '\'');
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

std::string terminal_text(std::string_view s) {
  return escaped(s, [](char32_t c) -> std::optional<std::string> {
    if (c == '\t' || c == '\n') return std::nullopt;
    if (c < 0x20 || (c >= 0x7f && c < 0xa0)) return visible(c);
    return std::nullopt;
  });
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
