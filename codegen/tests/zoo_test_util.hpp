#pragma once
// Shared helpers of the codegen.zoo tests: zoo models built once per test program, read back
// through the project's reader, and a compact signature of an operator for comparisons.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>
#include <string>
#include <vector>

#include "codegen/ir/graph.hpp"
#include "needs_shared.hpp"
#include "codegen/reader/reader.hpp"
#include "codegen/zoo/zoo.hpp"

namespace aotbench::codegen {

inline const std::vector<uint8_t>& zoo_bytes(const std::string& spec) {
  static std::map<std::string, std::vector<uint8_t>> cache;
  auto it = cache.find(spec);
  if (it == cache.end()) it = cache.emplace(spec, build_zoo_model(spec)).first;
  return it->second;
}

inline Graph zoo_graph(const std::string& spec) { return read_tflite_buffer(zoo_bytes(spec), spec); }

// A pretrained model of ../shared/models; the test starts with AOTBENCH_NEEDS_SHARED("models/" + file).
inline std::string shared_model(const std::string& file) {
  return ::aotbench::test::shared_path("models/" + file).string();
}

inline std::string shape_str(const std::vector<int32_t>& s) { return fmt::format("{}", fmt::join(s, "x")); }

// What an operator computes, without names or quantization: type, options and the shapes of
// its tensors (constants marked), e.g. "CONV_2D SAME s2x2 d1x1 RELU6 | 1x96x96x3 16x3x3x3c 16c
// -> 1x48x48x16".
inline std::string op_signature(const Graph& g, const Operator& op) {
  std::string s = op_name(op.type);
  std::visit(
      [&](const auto& o) {
        using O = std::decay_t<decltype(o)>;
        if constexpr (std::is_same_v<O, Conv2DOptions> || std::is_same_v<O, DepthwiseConv2DOptions>) {
          s += fmt::format(" {} s{}x{} d{}x{} {}", padding_name(o.padding), o.stride_h, o.stride_w,
                           o.dilation_h, o.dilation_w, activation_name(o.activation));
        } else if constexpr (std::is_same_v<O, Pool2DOptions>) {
          s += fmt::format(" {} f{}x{} s{}x{} {}", padding_name(o.padding), o.filter_h, o.filter_w,
                           o.stride_h, o.stride_w, activation_name(o.activation));
        } else if constexpr (std::is_same_v<O, FullyConnectedOptions> || std::is_same_v<O, AddOptions>) {
          s += fmt::format(" {}", activation_name(o.activation));
        } else if constexpr (std::is_same_v<O, ReducerOptions>) {
          s += fmt::format(" keep_dims={}", o.keep_dims);
        } else if constexpr (std::is_same_v<O, SoftmaxOptions>) {
          s += fmt::format(" beta={}", o.beta);
        }
      },
      op.options);
  s += " |";
  for (int t : op.inputs) {
    s += t < 0 ? " -" : " " + shape_str(g.tensors[t].shape) + (g.tensors[t].is_constant() ? "c" : "");
  }
  s += " ->";
  for (int t : op.outputs) s += " " + shape_str(g.tensors[t].shape);
  return s;
}

inline std::map<std::string, int> op_counts(const Graph& g) {
  std::map<std::string, int> n;
  for (const Operator& op : g.ops) ++n[op_name(op.type)];
  return n;
}

}  // namespace aotbench::codegen
