// `aotbench ops [--json]`: every operator aotbench compiles, the type combinations it takes and
// the kernel schedules that implement it; then the operators it knows of but does not compile.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string_view>

#include "host/cli/commands.hpp"
#include "codegen/reader/reader.hpp"
#include "codegen/select/registry.hpp"

namespace aotbench::cli {
namespace {

nlohmann::ordered_json schedules_json(codegen::OpType op) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const codegen::Schedule* s : codegen::schedules_for(op)) {
    list.push_back({{"name", s->name}, {"family", s->family}, {"cpu_features", s->features}, {"help", s->help}});
  }
  return list;
}

std::string schedules_text(codegen::OpType op) {
  std::vector<std::string> names;
  for (const codegen::Schedule* s : codegen::schedules_for(op)) {
    names.push_back(s->features.empty() ? s->name : fmt::format("{} ({})", s->name, fmt::join(s->features, ",")));
  }
  return fmt::format("{}", fmt::join(names, ", "));
}

}  // namespace

void add_ops(CLI::App& app) {
  static bool json = false;
  auto* cmd = app.add_subcommand("ops", "list the operators aotbench compiles, their types and their kernel schedules");
  cmd->add_flag("--json", json, "print the list as JSON");
  cmd->callback([] {
    const auto support = codegen::operator_support();
    if (json) {
      nlohmann::ordered_json ops = nlohmann::ordered_json::array();
      for (const auto& o : support) {
        ops.push_back({{"operator", codegen::op_name(o.type)}, {"supported", o.supported}, {"types", o.types},
                       {"schedules", o.supported ? schedules_json(o.type) : nlohmann::ordered_json::array()}});
      }
      fmt::print("{}\n", nlohmann::ordered_json{{"operators", ops}}.dump(2));
      return;
    }
    fmt::print("operators, the types they take, and their kernel schedules (with the CPU features they need):\n");
    std::vector<std::string> missing;
    std::size_t width = 0;  // the longest name (the signal library's custom operators are long)
    for (const auto& o : support) width = std::max(width, std::string_view(codegen::op_name(o.type)).size());
    for (const auto& o : support) {
      if (!o.supported) {
        missing.push_back(codegen::op_name(o.type));
        continue;
      }
      fmt::print("{:<{}} {}\n{:<{}} schedules: {}\n", codegen::op_name(o.type), width, o.types, "", width,
                 schedules_text(o.type));
    }
    if (!missing.empty()) fmt::print("\nnot compiled yet: {}\n", fmt::join(missing, ", "));
    fmt::print("\nA model with other operators is refused before anything is built, with every such operator "
               "listed (exit code {}).\n", kExitUnsupportedModel);
  });
}

}  // namespace aotbench::cli
