#include "codegen/emit/c_writer.hpp"

#include <cstring>
#include <stdexcept>

namespace aotbench::codegen {

void CWriter::append_line(std::string_view s) {
  if (!s.empty()) text_.append(static_cast<std::size_t>(depth_) * 2, ' ');
  text_ += s;
  text_ += '\n';
}

CWriter& CWriter::open(std::string_view head) {
  append_line(head.empty() ? std::string("{") : fmt::format("{} {{", head));
  ++depth_;
  return *this;
}

CWriter& CWriter::close(std::string_view tail) {
  if (depth_ > 0) --depth_;
  append_line(tail);
  return *this;
}

const char* c_type(DType t) {
  switch (t) {
    case DType::Int8: return "int8_t";
    case DType::UInt8: return "uint8_t";
    case DType::Int16: return "int16_t";
    case DType::Int32: return "int32_t";
    case DType::Int64: return "int64_t";
    case DType::Float32: return "float";
    case DType::Bool: return "uint8_t";
    case DType::UInt32: return "uint32_t";
    case DType::UInt64: return "uint64_t";
  }
  throw std::logic_error("c_type: unknown dtype");
}

namespace {
template <typename T>
T load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);  // model data is little-endian, as are all our hosts and targets
  return v;
}

std::string element_text(DType t, const uint8_t* p) {
  switch (t) {
    case DType::Int8: return fmt::format("{}", load<int8_t>(p));
    case DType::UInt8:
    case DType::Bool: return fmt::format("{}", load<uint8_t>(p));
    case DType::Int16: return fmt::format("{}", load<int16_t>(p));
    case DType::Int32: {
      const int32_t v = load<int32_t>(p);
      // INT32_MIN has no literal form in C: write it as an expression.
      return v == INT32_MIN ? "(-2147483647 - 1)" : fmt::format("{}", v);
    }
    case DType::UInt32: return fmt::format("{}u", load<uint32_t>(p));
    case DType::UInt64: return fmt::format("{}ULL", load<uint64_t>(p));
    case DType::Int64: {
      const int64_t v = load<int64_t>(p);
      return v == INT64_MIN ? "(-9223372036854775807LL - 1)" : fmt::format("{}LL", v);
    }
    case DType::Float32: {
      // Hex float: exact, so the generated constant has the model's bits.
      const float v = load<float>(p);
      return fmt::format("{:a}f", v);
    }
  }
  throw std::logic_error("element_text: unknown dtype");
}
}  // namespace

std::string c_array_initializer(DType t, std::span<const uint8_t> bytes, int per_row) {
  const std::size_t size = dtype_size(t);
  const std::size_t n = bytes.size() / size;
  std::string out = "{";
  for (std::size_t i = 0; i < n; ++i) {
    out += (i % static_cast<std::size_t>(per_row) == 0) ? "\n  " : " ";
    out += element_text(t, bytes.data() + i * size);
    if (i + 1 < n) out += ',';
  }
  out += n ? "\n}" : "0}";
  return out;
}

}  // namespace aotbench::codegen
