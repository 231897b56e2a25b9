#include "host/infer/infer.hpp"

#include <boost/uuid/detail/sha1.hpp>
#include <fmt/format.h>

#include <stdexcept>
#include <thread>

#include <unistd.h>

#include "host/build/cache_ledger.hpp"
#include "host/build/toolchain.hpp"
#include "codegen/emit/summary.hpp"
#include "codegen/interp/fold_constants.hpp"
#include "codegen/plan/alias.hpp"
#include "codegen/plan/fold_pad.hpp"
#include "codegen/reader/reader.hpp"
#include "codegen/zoo/model_arg.hpp"

namespace fs = std::filesystem;

namespace aotbench::infer {

LoadedModel load_model(const std::string& arg) {
  codegen::ModelBytes bytes = codegen::load_model_arg(arg);
  LoadedModel m{codegen::read_tflite_buffer(std::move(bytes.bytes), bytes.source), "", bytes.source};
  m.name = bytes.from_zoo ? bytes.source.substr(0, bytes.source.find(':')) : fs::path(arg).stem().string();
  codegen::fold_constants(m.graph);
  codegen::alias_reshapes(m.graph);
  codegen::fold_pads(m.graph);
  return m;
}

namespace {
std::string content_key(const codegen::EmitResult& r) {
  boost::uuids::detail::sha1 h;
  for (const auto& f : r.files) {
    h.process_bytes(f.name.data(), f.name.size() + 1);  // with the terminating NUL as separator
    h.process_bytes(f.text.data(), f.text.size());
  }
  boost::uuids::detail::sha1::digest_type d;
  h.get_digest(d);
  std::string out;
  for (unsigned w : d) out += fmt::format("{:08x}", w);
  return out;
}
}  // namespace

fs::path generate_to_cache(const LoadedModel& model, const codegen::Variant& variant,
                           const codegen::EmitOptions& options, codegen::EmitSummary* summary) {
  codegen::EmitResult r = codegen::emit_model(model.graph, variant, options);
  const fs::path dir = cache_dir() / "gen" / content_key(r);
  if (!fs::exists(dir / "summary.json")) {
    // A private folder per process and thread: a concurrent twin generating the same sources
    // must not write into (or delete) ours.
    const fs::path tmp = dir.string() + fmt::format(".{}.{}.tmp", getpid(), std::hash<std::thread::id>{}(std::this_thread::get_id()));
    fs::remove_all(tmp);
    try {
      codegen::write_sources(r, tmp);
    } catch (...) {  // a full disk, say: nothing half-written stays in the cache
      std::error_code ignored;
      fs::remove_all(tmp, ignored);
      throw;
    }
    std::error_code ec;
    fs::rename(tmp, dir, ec);  // a concurrent twin may have won the race: same content
    if (ec) fs::remove_all(tmp);
    else build::add_to_ledger(cache_dir(), build::bytes_in(dir));
  }
  if (summary) *summary = std::move(r.summary);
  return dir;
}

HostProgram prepare_on_host(const LoadedModel& model, const codegen::Variant& variant, bool dump_tensors,
                            int jobs) {
  codegen::EmitOptions eo;
  eo.model_name = model.name;
  eo.dump_tensors = dump_tensors;
  HostProgram p;
  p.generated_dir = generate_to_cache(model, variant, eo, &p.summary);
  HostBuildSpec spec;
  spec.generated_dirs = {p.generated_dir};
  spec.support = {codegen::support_files(p.summary)};
  spec.build = codegen::build_config(variant);
  spec.jobs = jobs;
  p.build = build_host_runner(spec);
  return p;
}

void run_on_host(const HostProgram& p, const std::vector<fs::path>& inputs, const std::vector<fs::path>& outputs,
                 const std::optional<fs::path>& dump_dir) {
  std::vector<std::string> argv = {p.build.runner.string()};
  for (const auto& in : inputs) argv.insert(argv.end(), {"--input", in.string()});
  for (const auto& out : outputs) argv.insert(argv.end(), {"--output", out.string()});
  if (dump_dir) {
    fs::create_directories(*dump_dir);
    argv.insert(argv.end(), {"--dump", dump_dir->string()});
  }
  try {
    build::run_tool(argv);
  } catch (const build::BuildError& e) {
    throw std::runtime_error(fmt::format("inference of {} ({}) failed on the host: {}", p.summary.model,
                                         p.summary.variant_key, e.what()));
  }
}

HostProgram infer_on_host(const LoadedModel& model, const InferOptions& o) {
  HostProgram p = prepare_on_host(model, o.variant, o.dump_dir.has_value(), o.jobs);
  run_on_host(p, o.inputs, o.outputs, o.dump_dir);
  return p;
}

}  // namespace aotbench::infer
