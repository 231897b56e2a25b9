#include "codegen/names/names.hpp"

#include <fmt/core.h>

#include <array>
#include <cctype>
#include <cstdint>

namespace aotbench::codegen {

namespace {
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool is_c_keyword(std::string_view s) {
  static const std::array<std::string_view, 44> keywords = {
      "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
      "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
      "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef",
      "union", "unsigned", "void", "volatile", "while", "_Alignas", "_Alignof", "_Atomic",
      "_Bool", "_Complex", "_Generic", "_Imaginary", "_Noreturn", "_Static_assert",
      "_Thread_local"};
  for (auto k : keywords)
    if (k == s) return true;
  return false;
}
}  // namespace

bool is_c_identifier(std::string_view s) {
  if (s.empty() || !is_alpha(s[0])) return false;
  for (char c : s)
    if (!is_alpha(c) && !is_digit(c)) return false;
  return !is_c_keyword(s);
}

std::string c_identifier(std::string_view text, std::string_view fallback) {
  std::string out;
  bool pending_sep = false;
  for (char c : text) {
    if (is_alpha(c) || is_digit(c)) {
      if (pending_sep && !out.empty()) out += '_';
      pending_sep = false;
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      pending_sep = true;
    }
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  if (out.empty()) out = fallback;
  if (is_digit(out[0])) out.insert(out.begin(), '_');
  if (is_c_keyword(out)) out += '_';
  return out;
}

std::string name_digest(std::string_view text) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char ch : text) h = (h ^ ch) * 1099511628211ull;
  return fmt::format("{:016x}", h);
}

std::string upper_case(std::string text) {
  for (char& ch : text) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return text;
}

std::string c_comment_text(std::string_view text, std::size_t max_length) {
  std::string out;
  for (char c : text) {
    if (out.size() >= max_length) {
      out += "...";
      break;
    }
    const bool printable = c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
    if (!printable) {
      out += !out.empty() && out.back() == '?' ? " ?" : "?";
    } else if (!out.empty() && ((c == '/' && out.back() == '*') || (c == '*' && out.back() == '/'))) {
      out += ' ';  // never open or close a comment inside one (-Wcomment)
      out += c;
    } else if (c == '?' && !out.empty() && out.back() == '?') {
      out += " ?";  // never two '?' in a row: no trigraph (??/ is a backslash in C11, -Wtrigraphs)
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace aotbench::codegen
