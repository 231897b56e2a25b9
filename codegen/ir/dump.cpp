#include "codegen/ir/dump.hpp"

#include <fmt/format.h>

#include <type_traits>

namespace aotbench::codegen {
namespace {

std::string shape_text(const std::vector<int32_t>& shape) {
  std::string s;
  for (std::size_t i = 0; i < shape.size(); ++i) s += fmt::format("{}{}", i ? "x" : "", shape[i]);
  return "[" + s + "]";
}

std::string quant_text(const std::optional<Quantization>& q) {
  if (!q) return "";
  if (!q->per_channel()) return fmt::format(" q({:g},{})", q->scale[0], q->zero_point[0]);
  return fmt::format(" q(per-channel x{} axis {})", q->scale.size(), q->axis);
}

std::string options_text(const OpOptions& options) {
  return std::visit(
      [](const auto& o) -> std::string {
        using T = std::decay_t<decltype(o)>;
        if constexpr (std::is_same_v<T, Conv2DOptions>) {
          return fmt::format(" {} stride {}x{} dilation {}x{} {}", padding_name(o.padding),
                             o.stride_h, o.stride_w, o.dilation_h, o.dilation_w,
                             activation_name(o.activation));
        } else if constexpr (std::is_same_v<T, DepthwiseConv2DOptions>) {
          return fmt::format(" {} stride {}x{} dilation {}x{} mult {} {}", padding_name(o.padding),
                             o.stride_h, o.stride_w, o.dilation_h, o.dilation_w, o.depth_multiplier,
                             activation_name(o.activation));
        } else if constexpr (std::is_same_v<T, FullyConnectedOptions>) {
          return fmt::format(" {}{}", activation_name(o.activation),
                             o.keep_num_dims ? " keep_num_dims" : "");
        } else if constexpr (std::is_same_v<T, AddOptions>) {
          return fmt::format(" {}", activation_name(o.activation));
        } else if constexpr (std::is_same_v<T, Pool2DOptions>) {
          return fmt::format(" {} filter {}x{} stride {}x{} {}", padding_name(o.padding),
                             o.filter_h, o.filter_w, o.stride_h, o.stride_w,
                             activation_name(o.activation));
        } else if constexpr (std::is_same_v<T, ReducerOptions>) {
          return o.keep_dims ? " keep_dims" : "";
        } else if constexpr (std::is_same_v<T, SoftmaxOptions>) {
          return fmt::format(" beta {:g}", o.beta);
        } else if constexpr (std::is_same_v<T, ConcatenationOptions>) {
          return fmt::format(" axis {} {}", o.axis, activation_name(o.activation));
        } else if constexpr (std::is_same_v<T, SignalOptions>) {
          std::string s;
          for (const auto& [key, value] : o.values) s += fmt::format(" {}={}", key, value);
          return s;
        } else {
          return "";
        }
      },
      options);
}

std::string tensor_list(const Graph& g, const std::vector<int>& ids) {
  std::string s;
  for (int id : ids) s += "\n      " + (id < 0 ? std::string("(none)") : dump_tensor(g, id));
  return s;
}

}  // namespace

// Model names may hold any bytes; keep messages and listings one line per item and printable.
std::string printable_name(const std::string& s, std::size_t max_chars) {
  std::string out;
  std::size_t n = 0;
  for (unsigned char c : s) {
    if (n++ == max_chars) return out + "...";
    if (c >= 0x20 && c < 0x7f && c != '\'')
      out += static_cast<char>(c);
    else
      out += fmt::format("\\x{:02x}", c);
  }
  return out;
}

std::string dump_tensor(const Graph& g, int tensor) {
  const Tensor& t = g.tensors.at(tensor);
  std::string s = fmt::format("#{} '{}' {}{}{}", t.id, printable_name(t.name), dtype_name(t.type),
                              shape_text(t.shape), quant_text(t.quant));
  if (t.is_constant()) s += fmt::format(" const {} B", t.data.size());
  if (t.alias_of >= 0) s += fmt::format(" alias of #{}", t.alias_of);
  if (t.is_variable) s += " variable";
  return s;
}

std::string dump_graph(const Graph& g) {
  std::string s = fmt::format("graph '{}' ({} tensors, {} operators)\n",
                              printable_name(g.source, 4096), g.tensors.size(), g.ops.size());
  s += "  inputs:" + tensor_list(g, g.inputs) + "\n";
  s += "  outputs:" + tensor_list(g, g.outputs) + "\n";
  for (const Operator& op : g.ops) {
    s += fmt::format("  [{}] {}{}\n", op.index, op_name(op.type), options_text(op.options));
    s += "    in:" + tensor_list(g, op.inputs) + "\n";
    s += "    out:" + tensor_list(g, op.outputs) + "\n";
  }
  return s;
}

}  // namespace aotbench::codegen
