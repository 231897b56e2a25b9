// `aotbench infer --board host --model M --variant V --input in.bin --output out.bin`.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <stdexcept>

#include "host/cli/commands.hpp"
#include "host/cli/option_checks.hpp"
#include "host/infer/infer.hpp"

namespace aotbench::cli {

void add_infer(CLI::App& app) {
  struct Options {
    std::string board = "host", model, variant, dump;
    std::vector<std::string> inputs, outputs;
    int jobs = 0;
    bool json = false;
  };
  static Options o;
  auto* cmd = app.add_subcommand(
      "infer", "run one inference of a variant: generate its C, compile it natively, run it on raw input files");
  cmd->add_option("--board", o.board, "where to run; `host` (this machine) is supported")->capture_default_str();
  cmd->add_option("--model", o.model, "zoo spec or .tflite file")->required();
  cmd->add_option("--variant", o.variant, "knobs, e.g. api=packed,index=i64");
  cmd->add_option("--input", o.inputs, "raw little-endian bytes of each graph input, in order")
      ->required()
      ->check(regular_file());
  cmd->add_option("--output", o.outputs, "where to write each graph output's raw bytes")->required();
  cmd->add_option("--dump-tensors", o.dump, "write every computed tensor to DIR/t<tensor id>.raw");
  cmd->add_option("-j,--jobs", o.jobs, "parallel compiles (default: the core count)")
      ->check(whole_number(1, kNoMaximum, "parallel compiles"));
  cmd->add_flag("--json", o.json, "print what ran and where the outputs went as JSON");
  cmd->callback([] {
    if (o.board != "host")
      throw std::runtime_error(fmt::format(
          "infer runs on --board host only; measure on '{}' with `aotbench --board {} --model ...`", o.board, o.board));
    infer::InferOptions io;
    io.variant = codegen::Variant::parse(o.variant);
    io.inputs.assign(o.inputs.begin(), o.inputs.end());
    io.outputs.assign(o.outputs.begin(), o.outputs.end());
    if (!o.dump.empty()) io.dump_dir = o.dump;
    io.jobs = o.jobs;
    const infer::HostProgram r = infer::infer_on_host(infer::load_model(o.model), io);
    fmt::print(stderr, "infer: {} ({}), {} objects compiled, {} from the cache; sources in {}\n", r.summary.model,
               r.summary.variant_key, r.build.compiled, r.build.cached, r.generated_dir.string());
    if (o.json)
      fmt::print("{}\n", nlohmann::json{{"model", r.summary.model},
                                        {"variant", r.summary.variant_key},
                                        {"inputs", o.inputs},
                                        {"outputs", o.outputs},
                                        {"objects_compiled", r.build.compiled},
                                        {"objects_cached", r.build.cached},
                                        {"sources", r.generated_dir.string()}}
                             .dump(2));
  });
}

}  // namespace aotbench::cli
