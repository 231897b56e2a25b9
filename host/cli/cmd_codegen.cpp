// `aotbench codegen --model M --variant K=V,... --out DIR`: write a variant's C sources.
#include <fmt/core.h>

#include <filesystem>
#include <stdexcept>

#include "cli/commands.hpp"
#include "emit/summary.hpp"
#include "infer/infer.hpp"
#include "sweep/best_config.hpp"

namespace aotbench::cli {

void add_codegen(CLI::App& app) {
  struct Options {
    std::string model, variant, out, config;
    bool dump_tensors = false, json = false;
  };
  static Options o;
  auto* cmd = app.add_subcommand(
      "codegen", "generate the C sources of one variant of a model: the model's code, its public header "
                 "(API and memory sizes), the device adapter, and summary.txt/summary.json");
  auto* model = cmd->add_option("--model", o.model, "zoo spec (e.g. mnv2, mnv2:width=0.5,res=128) or a .tflite file");
  auto* variant = cmd->add_option(
      "--variant", o.variant, "knobs, e.g. api=packed,workspace=dynamic (others at their defaults; see `aotbench variants`)");
  auto* config = cmd->add_option("--config", o.config, "best.toml of a sweep: its model and winning variant")
                     ->check(CLI::ExistingFile);
  config->excludes(model)->excludes(variant);
  cmd->add_option("--out", o.out, "output folder (created)")->required();
  cmd->add_flag("--dump-tensors", o.dump_tensors, "call ab_debug_tensor() after every operator (debugging)");
  cmd->add_flag("--json", o.json, "print the summary as JSON");
  cmd->callback([] {
    if (o.config.empty() && o.model.empty()) throw std::runtime_error("codegen needs --model (or --config best.toml)");
    const sweep::BestConfig best =
        o.config.empty() ? sweep::BestConfig{o.model, codegen::Variant::parse(o.variant)} : sweep::read_best_config(o.config);
    const infer::LoadedModel model = infer::load_model(best.model);
    codegen::EmitOptions eo;
    eo.model_name = model.name;
    eo.dump_tensors = o.dump_tensors;
    const codegen::EmitResult r = codegen::emit_model(model.graph, best.variant, eo);
    codegen::write_sources(r, o.out);
    if (o.json) {
      fmt::print("{}\n", codegen::summary_json(r.summary).dump(2));
    } else {
      fmt::print("{}", codegen::summary_text(r.summary));
      fmt::print("wrote {} files to {}\n", r.files.size() + 2, o.out);
    }
  });
}

void add_variants(CLI::App& app) {
  auto* cmd = app.add_subcommand("variants", "list the code-generation knobs and their values");
  cmd->callback([] {
    for (const auto& k : codegen::knob_table()) {
      std::string values;
      for (const auto& v : k.values) values += (values.empty() ? "" : "|") + v;
      fmt::print("{:<10} {:<38} default {:<15} {}\n", k.name, values.empty() ? "<identifier>" : values,
                 k.default_value.empty() ? "(model name)" : k.default_value, k.help);
    }
  });
}

}  // namespace aotbench::cli
