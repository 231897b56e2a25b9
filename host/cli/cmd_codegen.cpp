// `aotbench codegen --model M --variant K=V,... --out DIR`: write a variant's C sources.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "base/sha256.hpp"
#include "host/board/flags.hpp"
#include "host/board/registry.hpp"
#include "host/choice/best_config.hpp"
#include "host/cli/commands.hpp"
#include "codegen/emit/summary.hpp"
#include "host/infer/infer.hpp"
#include "codegen/package/package.hpp"
#include "codegen/select/registry.hpp"
#include "host/sweep/run_identity.hpp"

namespace aotbench::cli {

void add_codegen(CLI::App& app) {
  struct Options {
    std::string model, variant, out, config, board;
    bool dump_tensors = false, json = false;
  };
  static Options o;
  auto* cmd = app.add_subcommand(
      "codegen", "generate one variant of a model as a self-contained C library: the model's code, its public "
                 "header (API, memory sizes, inputs' and outputs' quantization), the runtime and kernels it "
                 "calls, CMakeLists.txt, model.mk, README.md, summary.txt/summary.json");
  auto* model = cmd->add_option("--model", o.model, "zoo spec (e.g. mnv2, mnv2:width=0.5,res=128) or a .tflite file");
  auto* variant = cmd->add_option(
      "--variant", o.variant, "knobs, e.g. api=packed,workspace=dynamic (others at their defaults; see `aotbench variants`)");
  auto* config = cmd->add_option("--config", o.config, "best.toml of a sweep: its model and winning variant")
                     ->check(CLI::ExistingFile);
  config->excludes(model)->excludes(variant);
  cmd->add_option("--board", o.board,
                  "generate for this board's core: only kernel schedules it can run (default: any, like the host; "
                  "with --config, the board of best.toml)");
  cmd->add_option("--out", o.out, "output folder (created)")->required();
  cmd->add_flag("--dump-tensors", o.dump_tensors, "call ab_debug_tensor() after every operator (debugging)");
  cmd->add_flag("--json", o.json, "print the summary as JSON");
  cmd->callback([] {
    if (o.config.empty() && o.model.empty()) throw std::runtime_error("codegen needs --model (or --config best.toml)");
    const choice::BestConfig best =
        o.config.empty() ? choice::BestConfig{o.model, "", "", codegen::Variant::parse(o.variant), {}, {}}
                         : choice::read_best_config(o.config);
    if (!o.config.empty()) choice::check_model_is_there(best, o.config);  // before a missing path reads as a zoo spec
    const infer::LoadedModel model = infer::load_model(best.model);
    if (!o.config.empty())
      choice::check_model_unchanged(best, o.config, base::sha256_hex(model.graph.storage.data(), model.graph.storage.size()));
    codegen::EmitOptions eo;
    eo.model_name = model.name;
    eo.dump_tensors = o.dump_tensors;
    const std::string board = o.board.empty() ? best.board : o.board;
    if (!board.empty()) eo.cpu_features = board::Registry().get(board).cpu.features;
    codegen::Variant variant = best.variant;
    if (!best.layers.empty()) {  // [layers] of best.toml: keep what the knobs choose, override the rest
      std::map<int, std::string> chosen;
      for (const auto& op : codegen::emit_model(model.graph, variant, eo).summary.ops) chosen[op.index] = op.schedule;
      variant = choice::variant_of(best, chosen);
    }
    const codegen::EmitResult r = codegen::emit_model(model.graph, variant, eo);
    codegen::PackageOptions po;
    po.generator = "aotbench " AOTBENCH_VERSION;
    po.variant = variant;
    if (!board.empty()) po.core_define = board::core_macro(board::Registry().get(board).cpu.core);
    po.command = o.config.empty()
                     ? fmt::format("aotbench codegen --model {} --variant {}{} --out {}", o.model, variant.spec(),
                                   board.empty() ? "" : " --board " + board, o.out)
                     : fmt::format("aotbench codegen --config {} --out {}", o.config, o.out);
    if (best.measured)
      po.measured = codegen::MeasuredFigures{best.board, best.measured->counter, best.measured->counts_median,
                                             best.measured->flash_bytes, best.measured->ram_bytes,
                                             best.measured->stack_bytes};
    const codegen::Package package = codegen::write_package(r, po, o.out);
    if (o.json) {
      nlohmann::json j = codegen::summary_json(r.summary);
      j["out"] = std::filesystem::absolute(o.out).lexically_normal().string();
      j["package"] = codegen::package_json(package);
      fmt::print("{}\n", j.dump(2));
    } else {
      fmt::print("{}", codegen::summary_text(r.summary));
      fmt::print("wrote {} files to {}: a static library `{}` (CMakeLists.txt, model.mk); README.md says how to "
                 "build it in\n",
                 package.files.size(), o.out, package.library);
    }
  });
}

void add_variants(CLI::App& app) {
  static bool json = false;
  auto* cmd = app.add_subcommand("variants", "list the code-generation knobs and the kernel schedules of every operator");
  cmd->add_flag("--json", json, "print knobs and schedules as JSON");
  cmd->callback([] {
    const auto& schedules = codegen::schedule_registry();
    if (json) {
      nlohmann::json knobs = nlohmann::json::array(), list = nlohmann::json::array();
      for (const auto& k : codegen::knob_table())
        knobs.push_back({{"name", k.name}, {"values", k.values}, {"default", k.default_value},
                         {"stage", codegen::stage_name(k.stage)}, {"help", k.help}});
      for (const auto& s : schedules)
        for (codegen::OpType op : s.ops)
          list.push_back({{"operator", codegen::op_name(op)}, {"name", s.name}, {"family", s.family},
                          {"cpu_features", s.features}, {"preference", s.preference}, {"help", s.help}});
      fmt::print("{}\n", nlohmann::json{{"knobs", knobs}, {"schedules", list}}.dump(2));
      return;
    }
    // The stage: who reads the knob, code generation or only the C compiler (variants that differ
    // in build knobs alone share their generated code).
    fmt::print("{:<10} {:<8} {:<38} {:<23} {}\n", "knob", "stage", "values", "default", "what it changes");
    for (const auto& k : codegen::knob_table()) {
      std::string values;
      for (const auto& v : k.values) values += (values.empty() ? "" : "|") + v;
      fmt::print("{:<10} {:<8} {:<38} {:<23} {}\n", k.name, codegen::stage_name(k.stage), values.empty() ? k.form : values,
                 k.default_value.empty() ? k.unset : k.default_value, k.help);
    }
    fmt::print("\nkernel schedules per operator (kernels=FAMILY gives every layer the family's first schedule "
               "below that can run it, else ref; layers=INDEX:NAME/... picks single layers):\n");
    std::size_t width = 16;  // the schedule column: as wide as the longest name
    for (const auto& s : schedules) width = std::max(width, s.name.size());
    for (const auto& s : schedules) {
      if (s.family == "ref") continue;  // one line for ref below
      for (codegen::OpType op : s.ops)
        fmt::print("  {:<18} {:<{}} {:<4} needs {:<5} {}\n", codegen::op_name(op), s.name, width, s.family,
                   s.features.empty() ? "-" : fmt::format("{}", fmt::join(s.features, ",")), s.help);
    }
    fmt::print("  {:<18} {:<{}} {:<4} needs {:<5} {}\n", "every operator", "ref", width, "ref", "-",
               "TFLite Micro's reference arithmetic, plain C loops");
  });
}

}  // namespace aotbench::cli
