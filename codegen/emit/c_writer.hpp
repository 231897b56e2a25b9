#pragma once
// A tiny writer for readable generated C: indentation, and constant arrays formatted in rows.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "codegen/ir/graph.hpp"

namespace aotbench::codegen {

class CWriter {
 public:
  // One line at the current indentation (an empty line stays empty).
  template <typename... Args>
  CWriter& line(fmt::format_string<Args...> f, Args&&... args) {
    append_line(fmt::format(f, std::forward<Args>(args)...));
    return *this;
  }
  // One line taken as is (no formatting: braces are literal).
  CWriter& put(std::string_view s) {
    append_line(s);
    return *this;
  }
  CWriter& blank() {
    text_ += '\n';
    return *this;
  }
  CWriter& open(std::string_view head);   // "head {" and indent
  CWriter& close(std::string_view tail = "}");  // unindent and "}" (or "};", "} else {", ...)
  CWriter& raw(std::string_view text) {
    text_ += text;
    return *this;
  }
  const std::string& str() const { return text_; }

 private:
  void append_line(std::string_view s);
  std::string text_;
  int depth_ = 0;
};

// The C element type for a tensor type ("int8_t", "int32_t", "float", ...).
const char* c_type(DType t);

// "{\n  1, 2, ...\n}" with `per_row` values a row; `bytes` holds little-endian elements of `t`.
std::string c_array_initializer(DType t, std::span<const uint8_t> bytes, int per_row = 16);

}  // namespace aotbench::codegen
