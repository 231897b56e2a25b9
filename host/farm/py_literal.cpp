// See py_literal.hpp. A recursive descent over Python's literal syntax, as much as repr() and
// pprint produce: quotes ' or ", the escapes repr() writes, and `('abc' 'def')` for a long str.
#include "farm/py_literal.hpp"

#include <fmt/core.h>

#include <cctype>
#include <string>

#include "farm/errors.hpp"

namespace aotbench::farm {
namespace {

using nlohmann::json;

class Parser {
 public:
  explicit Parser(std::string_view t) : t_(t) {}

  json document() {
    json v = value();
    skip();
    if (i_ != t_.size()) fail("the end");
    return v;
  }

 private:
  std::string_view t_;
  std::size_t i_ = 0;

  [[noreturn]] void fail(const char* expected) {
    throw FarmError(fmt::format("cannot read labgrid's output: expected {} at offset {} of `{}`", expected, i_,
                                t_.substr(0, 200)));
  }
  void skip() {
    while (i_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[i_]))) ++i_;
  }
  bool eat(char c) {
    skip();
    if (i_ < t_.size() && t_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  bool at_string() {
    skip();
    return i_ < t_.size() && (t_[i_] == '\'' || t_[i_] == '"');
  }

  json value() {
    skip();
    if (i_ >= t_.size()) fail("a value");
    const char c = t_[i_];
    if (c == '{') return dict();
    if (c == '[') return sequence('[', ']');
    if (c == '(') return parenthesized();
    if (c == '\'' || c == '"') return strings();
    if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) return number();
    if (word("None")) return nullptr;
    if (word("True")) return true;
    if (word("False")) return false;
    fail("a value");
  }

  bool word(std::string_view w) {
    if (t_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }

  json dict() {
    eat('{');
    json out = json::object();
    while (!eat('}')) {
      if (!at_string()) fail("a string key");
      const std::string key = strings();
      if (!eat(':')) fail("`:`");
      out[key] = value();
      if (!eat(',')) {
        if (!eat('}')) fail("`,` or `}`");
        break;
      }
    }
    return out;
  }

  json sequence(char open, char close) {
    eat(open);
    json out = json::array();
    while (!eat(close)) {
      out.push_back(value());
      if (!eat(',')) {
        if (!eat(close)) fail("`,` or the end of a list");
        break;
      }
    }
    return out;
  }

  // `(x)` is x (pprint wraps a long str this way); `(x,)` and `(x, y)` are tuples.
  json parenthesized() {
    eat('(');
    if (eat(')')) return json::array();
    json first = value();
    if (eat(')')) return first;
    if (!eat(',')) fail("`,` or `)`");
    json out = json::array({first});
    while (!eat(')')) {
      out.push_back(value());
      if (!eat(',')) {
        if (!eat(')')) fail("`,` or `)`");
        break;
      }
    }
    return out;
  }

  // One str literal or several adjacent ones, joined as Python joins them.
  std::string strings() {
    std::string out;
    while (at_string()) out += one_string();
    return out;
  }

  std::string one_string() {
    const char quote = t_[i_++];
    std::string out;
    while (i_ < t_.size() && t_[i_] != quote) {
      char c = t_[i_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= t_.size()) fail("an escape");
      c = t_[i_++];
      switch (c) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case '\\': out += '\\'; break;
        case '\'': out += '\''; break;
        case '"': out += '"'; break;
        case 'x': out += codepoint(2); break;
        case 'u': out += codepoint(4); break;
        case 'U': out += codepoint(8); break;
        default: fail("an escape repr() writes");
      }
    }
    if (i_ >= t_.size()) fail("the closing quote");
    ++i_;
    return out;
  }

  // \xNN, \uNNNN, \UNNNNNNNN as UTF-8.
  std::string codepoint(int digits) {
    if (i_ + digits > t_.size()) fail("hex digits");
    const unsigned long cp = std::stoul(std::string(t_.substr(i_, digits)), nullptr, 16);
    i_ += digits;
    std::string out;
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return out;
  }

  json number() {
    const std::size_t start = i_;
    if (t_[i_] == '-') ++i_;
    bool real = false;
    while (i_ < t_.size() && (std::isdigit(static_cast<unsigned char>(t_[i_])) || t_[i_] == '.' || t_[i_] == 'e' ||
                              t_[i_] == 'E' || ((t_[i_] == '-' || t_[i_] == '+') && (t_[i_ - 1] == 'e' || t_[i_ - 1] == 'E')))) {
      real = real || !std::isdigit(static_cast<unsigned char>(t_[i_]));
      ++i_;
    }
    const std::string s(t_.substr(start, i_ - start));
    if (s == "-") fail("a number");
    try {
      if (real) return std::stod(s);
      return std::stoll(s);
    } catch (const std::exception&) {
      fail("a number");
    }
  }
};

}  // namespace

nlohmann::json parse_py_literal(std::string_view text) { return Parser(text).document(); }

}  // namespace aotbench::farm
