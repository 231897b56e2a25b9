#include "host/measure/measure.hpp"

#include <fmt/format.h>

#include <cstdlib>

#include "host/build/cache_ledger.hpp"
#include "host/build/firmware_builder.hpp"
#include "host/build/object_cache.hpp"
#include "codegen/emit/emitter.hpp"
#include "codegen/emit/summary.hpp"
#include "host/flash/flashers.hpp"
#include "host/flash/session.hpp"
#include "host/measure/elf_sizes.hpp"
#include "host/measure/failure_cause.hpp"
#include "codegen/variant/build_config.hpp"
#include "results/metrics.hpp"

namespace fs = std::filesystem;

namespace aotbench::measure {
namespace {

// A status and message for the variant; the pipeline stops at the first one.
struct Failure {
  results::Status status;
  std::string message;
  bool retryable = false;  // a cause outside the variant (failure_cause.hpp)
};

// A folder holding only dlpack/dlpack.h (Debian's), so the cross compiler never sees the host's
// other headers.
fs::path dlpack_include_dir() {
  const fs::path dir = infer::cache_dir() / "include";
  if (!fs::exists(dir / "dlpack" / "dlpack.h")) {
    fs::create_directories(dir);
    std::error_code ec;
    fs::create_directory_symlink("/usr/include/dlpack", dir / "dlpack", ec);  // a racing twin may win
  }
  return dir;
}

// Each variant's --link-faults seed, mixed from the given one and its key (FNV-1a), so it meets
// the same faults whatever order the workers take the variants in.
std::uint64_t fault_seed(std::uint64_t seed, const std::string& key) {
  std::uint64_t h = 14695981039346656037ull ^ seed;
  for (unsigned char c : key) h = (h ^ c) * 1099511628211ull;
  return h;
}

// The lines of a compiler or linker message that say what went wrong (not collect2's summary).
std::string gist(const std::string& message) {
  std::string out;
  std::size_t begin = 0;
  while (begin < message.size()) {
    std::size_t end = message.find('\n', begin);
    if (end == std::string::npos) end = message.size();
    const std::string line = message.substr(begin, end - begin);
    begin = end + 1;
    const bool telling = line.find("overflowed by") != std::string::npos || line.find("will not fit") != std::string::npos ||
                         line.find("leaves less stack") != std::string::npos || names_passing_cause(line) ||
                         (line.find("error") != std::string::npos && line.find("collect2") == std::string::npos);
    if (!telling || out.size() >= 600) continue;
    // "/usr/lib/.../ld: /cache/.../firmware.elf section `.text' will not fit in region `FLASH'"
    // -> "section `.text' will not fit in region `FLASH'"
    std::string said = line.substr(line.rfind("ld: ") == std::string::npos ? 0 : line.rfind("ld: ") + 4);
    if (const auto elf = said.find(".elf "); elf != std::string::npos && said[0] == '/') said = said.substr(elf + 5);
    out += (out.empty() ? "" : "; ") + said;
  }
  return out.empty() ? message.substr(0, 300) : out;
}

class Pipeline {
 public:
  Pipeline(const MeasureSetup& s, const codegen::Variant& v, const std::function<void(Stage)>& on_stage,
           const std::atomic<bool>& stop)
      : s_(s), v_(v), on_stage_(on_stage), stop_(stop) {
    m_.result.key = v.key();
    m_.result.knobs = knobs_of(v);
  }

  Measurement run() {
    try {
      generate();
      build();
      measure_on_device();
      m_.result.status = results::Status::ok;
      if (m_.result.outputs_match == false) fail(results::Status::mismatch, mismatch_message_);
    } catch (const Failure& f) {
      if (in_stage_) leave();  // a failed stage took its time too (38 failed links are not "build 0.0 s")
      m_.result.status = f.status;
      m_.result.message = f.message;
      m_.result.retryable = f.retryable;
      m_.interrupted = f.status == results::Status::skipped && stop_.load();
    }
    on_stage_(Stage::done);
    return std::move(m_);
  }

 private:
  [[noreturn]] void fail(results::Status status, std::string message, bool retryable = false) {
    throw Failure{status, std::move(message), retryable};
  }

  void enter(Stage stage) {
    if (stop_) fail(results::Status::skipped, "interrupted");
    stage_ = stage;
    stage_start_ = std::chrono::steady_clock::now();
    in_stage_ = true;
    on_stage_(stage);
  }

  void leave() {
    m_.times.add(stage_, std::chrono::duration<double>(std::chrono::steady_clock::now() - stage_start_).count());
    in_stage_ = false;
  }

  void generate() {
    enter(Stage::generate);
    try {
      codegen::EmitOptions eo;
      eo.model_name = s_.model->name;
      eo.cpu_features = s_.board.cpu.features;  // schedules the core cannot run are never chosen
      gen_dir_ = infer::generate_to_cache(*s_.model, v_, eo, &summary_);
    } catch (const std::exception& e) {
      fail(results::Status::build_failed, fmt::format("code generation: {}", e.what()), names_passing_cause(e.what()));
    }
    m_.result.arena_bytes = static_cast<uint64_t>(v_.static_workspace() ? summary_.arena_bytes
                                                                         : summary_.workspace_pool_bytes);
    if (summary_.patch_bands > 0)  // the halo rows that more than one band computes: what patches cost
      results::metric("recomputed_macs").set(m_.result, static_cast<uint64_t>(summary_.recomputed_macs));
    for (const codegen::OpSummary& op : codegen::layer_summaries(summary_))
      if (!op.schedule.empty())
        m_.result.layers.push_back({op.index, op.type, op.schedule, v_.static_workspace() ? op.arena_top : -1,
                                    static_cast<uint64_t>(op.param_bytes)});
    leave();
  }

  void build() {
    enter(Stage::build);
    build::VariantSpec spec;
    const codegen::SupportFiles support = codegen::support_files(summary_);
    spec.sources = build::c_sources_in(gen_dir_);
    spec.sources.insert(spec.sources.end(), support.kernel_sources.begin(), support.kernel_sources.end());
    spec.sources.insert(spec.sources.end(), support.runtime_sources.begin(), support.runtime_sources.end());
    spec.include_dirs = {gen_dir_};
    spec.include_dirs.insert(spec.include_dirs.end(), support.include_dirs.begin(), support.include_dirs.end());
    spec.include_dirs.push_back(dlpack_include_dir());
    codegen::BuildConfig config;
    try {
      config = codegen::build_config(v_);
    } catch (const codegen::VariantError& e) {
      fail(results::Status::build_failed, e.what());
    }
    spec.cflags = {"-std=c11"};
    for (const auto& flags : {config.flags(), s_.extra_cflags}) spec.cflags.insert(spec.cflags.end(), flags.begin(), flags.end());
    // The variant's compiler (the `cc` knob) builds its sources; the device runtime stays gcc's.
    const build::Toolchain toolchain = build::Toolchain::cross(config.cc);
    // The image's folder: an aligned and an unaligned build never share one (align=off adds
    // nothing, so the folders of earlier builds stay valid).
    build::Sha1Hex where;
    where.add(gen_dir_.filename().string()).add(config.opt).add(toolchain.cc());
    for (const auto& f : config.align_flags()) where.add(f);
    for (const auto& f : s_.extra_cflags) where.add(f);
    const fs::path out = infer::cache_dir() / "firmware" / s_.board.name / where.hex();
    try {
      const build::FirmwareBuilder builder(build::FirmwareBuilder::default_runtime_dir(), toolchain);
      const build::BuildResult r = builder.build(s_.board, spec, out);
      elf_ = m_.elf = r.plan.elf;
      if (!r.cached) build::add_to_ledger(infer::cache_dir(), build::bytes_in(out));
    } catch (const std::exception& e) {
      const std::string what = e.what();
      const bool too_big = what.find("overflowed") != std::string::npos || what.find("will not fit") != std::string::npos ||
                           what.find("leaves less stack") != std::string::npos;
      fail(too_big ? results::Status::does_not_fit : results::Status::build_failed,
           too_big ? fmt::format("does not fit {}: {}", s_.board.name, gist(what)) : gist(what),
           !too_big && names_passing_cause(what));
    }
    try {
      const FirmwareSizes sizes = firmware_sizes(elf_, fs::path(elf_).replace_extension(".map"), support.kernel_sources);
      m_.result.flash = sizes.flash;
      m_.result.ram = sizes.ram;
    } catch (const std::exception& e) {
      fail(results::Status::build_failed, fmt::format("reading sizes of {}: {}", elf_.string(), e.what()),
           names_passing_cause(e.what()));
    }
    leave();
  }

  // A board of the pool that is gone (its GDB server or serial port refuses, or its link closed):
  // not the variant's fault, so it is measured again on another board.
  struct BoardGone {
    std::string why;
  };

  static bool gone(const std::exception& e) {
    return dynamic_cast<const transport::LinkClosed*>(&e) || dynamic_cast<const transport::Unreachable*>(&e) ||
           dynamic_cast<const flash::FlashServerUnreachable*>(&e);
  }

  void measure_on_device() {
    std::unique_lock<std::mutex> device;
    if (s_.device_lock) device = std::unique_lock(*s_.device_lock);
    if (!s_.boards) return measure_on(nullptr);
    for (;;) {
      std::optional<flash::BoardPool::Lease> board = s_.boards->lease();
      if (!board) {
        std::string why;
        for (const auto& [name, reason] : s_.boards->retired()) why += fmt::format("; {}: {}", name, reason);
        fail(results::Status::run_failed, "no board left in service" + why, true);
      }
      try {
        measure_on(&**board);
        m_.result.measured_on = results::MeasuredOn{(*board)->name, (*board)->host, (*board)->access.probe};
        return;
      } catch (const BoardGone& g) {
        if (in_stage_) leave();
        board->retire(g.why);
      }
    }
  }

  // On the board of the run (a QEMU of its own or kept, or the one real board), or on `remote`.
  void measure_on(const flash::RemoteBoard* remote) {
    enter(Stage::flash);
    flash::SessionOptions so;
    so.access = s_.access;
    if (remote) {  // the place says where its GDB server and serial port are, and maybe its tool
      if (!remote->access.flasher.empty()) so.access.flasher = remote->access.flasher;
      so.access.serial = remote->access.serial;
      so.access.gdb = remote->access.gdb;
    }
    so.qemu = s_.qemu;
    so.access.link_faults.seed = fault_seed(s_.access.link_faults.seed, v_.key());
    // Declared before the session, so the session is gone before the emulator goes back.
    std::optional<flash::EmulatorPool::Lease> emulator;
    std::optional<flash::Session> session;
    try {
      if (s_.emulators) {
        emulator.emplace(s_.emulators->lease());
        session.emplace(**emulator, elf_, so);
      } else {
        session.emplace(s_.board, elf_, so);
      }
    } catch (const flash::FlashError& e) {
      if (emulator) emulator->discard();
      if (remote && gone(e)) throw BoardGone{e.what()};
      fail(results::Status::flash_failed, e.what(), true);  // the flasher, its probe or server: not the variant
    } catch (const std::exception& e) {
      if (emulator) emulator->discard();
      if (remote && gone(e) && !stop_) throw BoardGone{e.what()};
      fail(stop_ ? results::Status::skipped : results::Status::run_failed, e.what(), true);
    }
    leave();
    enter(Stage::run);
    struct KeepLinkReport {  // also when the run fails
      flash::Session& s;
      transport::LinkReport& to;
      ~KeepLinkReport() { to = s.link_report(); }
    } keep{*session, m_.link};
    try {
      run_model(*session);
      session->shutdown();
    } catch (const Failure&) {
      if (emulator) emulator->discard();  // a firmware that misbehaved: the next one gets a fresh emulator
      throw;
    } catch (const std::exception& e) {
      if (emulator) emulator->discard();
      if (remote && gone(e) && !stop_) throw BoardGone{fmt::format("{}: {}", session->where(), e.what())};
      // The link, or the emulator behind it: the variant's own failures (the model's status,
      // wrong outputs) are Failures above, not exceptions.
      fail(stop_ ? results::Status::skipped : results::Status::run_failed, fmt::format("{}: {}", session->where(), e.what()),
           true);
    }
    leave();
  }

  void run_model(flash::Session& session) {
    transport::RpcClient& rpc = session.rpc();
    for (std::size_t i = 0; i < s_.inputs.size(); ++i) {
      // Under a QEMU of this host the firmware reads the input file itself (semihosting): far
      // faster than the emulated UART. Real boards and emulators elsewhere get it over the link.
      const bool loaded = session.shares_files() && !s_.input_files.empty() &&
                          rpc.load_input(static_cast<uint32_t>(i), fs::absolute(s_.input_files[i]).string());
      if (!loaded) rpc.set_input(static_cast<uint32_t>(i), s_.inputs[i]);
    }
    transport::RunOptions ro;
    ro.iterations = static_cast<uint32_t>(s_.repeat);
    ro.warmup = static_cast<uint32_t>(s_.warmup);
    ro.measure_stack = true;
    ro.profile = v_.profile_ops();
    ro.max_silence = s_.max_silence;
    ro.counter = run_counter(s_);
    const transport::RunResult r = counted_run(rpc, ro);
    if (r.model_status != 0)
      fail(results::Status::run_failed, fmt::format("the model returned {} on the device: {}", r.model_status, r.error));
    m_.result.counts = results::summarize(r.counts);
    if (!r.instructions.empty()) m_.result.instructions = results::summarize(r.instructions);
    m_.result.stack_bytes = r.stack_bytes;
    bool match = true;
    for (std::size_t i = 0; i < s_.reference.size() && match; ++i) {
      const std::vector<uint8_t> out = rpc.get_output(static_cast<uint32_t>(i));
      if (out == s_.reference[i]) continue;
      match = false;
      std::size_t at = 0;
      while (at < out.size() && at < s_.reference[i].size() && out[at] == s_.reference[i][at]) ++at;
      mismatch_message_ = fmt::format("output {} differs from the host reference at byte {} of {}", i, at,
                                      s_.reference[i].size());
    }
    m_.result.outputs_match = match;
    if (ro.profile) read_profile(rpc, ro);
  }

  // A Run whose counts are of another counter than the run records is the variant's failure, not
  // the link's: trying again would count the same way.
  transport::RunResult counted_run(transport::RpcClient& rpc, const transport::RunOptions& ro) {
    try {
      return rpc.run(ro);
    } catch (const transport::CounterMismatch& e) {
      fail(results::Status::run_failed, e.what());
    }
  }

  // Per-operator counts: the profile of the last timed run, and with several repeats (hardware)
  // one more profiled run per further repeat, so each operator gets a median and a spread.
  void read_profile(transport::RpcClient& rpc, transport::RunOptions ro) {
    std::vector<std::vector<uint64_t>> runs = {rpc.get_profile().op_counts};
    ro.iterations = 1;
    ro.warmup = 0;
    ro.measure_stack = false;
    for (int r = 1; r < s_.repeat; ++r) {
      if (counted_run(rpc, ro).model_status != 0) fail(results::Status::run_failed, "a profiled run of the model failed");
      runs.push_back(rpc.get_profile().op_counts);
    }
    for (const codegen::OpSummary& op : codegen::layer_summaries(summary_)) {  // bands: counted together
      if (op.function.empty()) continue;  // an aliased RESHAPE runs no code
      const std::size_t i = static_cast<std::size_t>(op.index);
      std::vector<uint64_t> counts;
      for (const auto& run : runs) counts.push_back(i < run.size() ? run[i] : 0);
      const results::Counts c = results::summarize(counts);
      results::OpProfile p{op.index, op.type, c.median, static_cast<uint64_t>(op.macs), op.schedule};
      p.spread = c.max - c.min;
      m_.ops.push_back(std::move(p));
    }
  }

  const MeasureSetup& s_;
  const codegen::Variant& v_;
  const std::function<void(Stage)>& on_stage_;
  const std::atomic<bool>& stop_;
  Measurement m_;
  Stage stage_ = Stage::generate;
  bool in_stage_ = false;
  std::chrono::steady_clock::time_point stage_start_;
  codegen::EmitSummary summary_;
  fs::path gen_dir_, elf_;
  std::string mismatch_message_;
};

}  // namespace

const char* stage_name(Stage s) {
  switch (s) {
    case Stage::generate: return "generate";
    case Stage::build: return "build";
    case Stage::flash: return "flash";
    case Stage::run: return "run";
    case Stage::done: return "done";
  }
  return "?";
}

void StageTimes::add(Stage s, double seconds) {
  switch (s) {
    case Stage::generate: generate += seconds; break;
    case Stage::build: build += seconds, ++builds; break;
    case Stage::flash: flash += seconds, ++boots; break;
    case Stage::run: run += seconds; break;
    case Stage::done: break;
  }
}

StageTimes& StageTimes::operator+=(const StageTimes& o) {
  generate += o.generate;
  build += o.build;
  flash += o.flash;
  run += o.run;
  builds += o.builds;
  boots += o.boots;
  return *this;
}

codegen::Variant variant_of(const results::Knobs& knobs) {
  codegen::Variant v;
  for (const auto& [knob, value] : knobs) v.set(knob, value);
  return v;
}

results::Knobs knobs_of(const codegen::Variant& v) {
  results::Knobs knobs;
  for (const auto& k : codegen::knob_table()) {
    std::string value = v.text(k.name);
    if (k.in_key_always || value != k.default_value) knobs.emplace_back(k.name, std::move(value));
  }
  return knobs;
}

results::CounterKind run_counter(const MeasureSetup& s) {
  if (!s.board.emulated) return results::CounterKind::cycles_dwt;
  return s.qemu.timing_model ? results::CounterKind::cycles_model : results::CounterKind::instructions;
}

Measurement measure_variant(const MeasureSetup& setup, const codegen::Variant& variant,
                            const std::function<void(Stage)>& on_stage, const std::atomic<bool>& stop) {
  return Pipeline(setup, variant, on_stage, stop).run();
}

}  // namespace aotbench::measure
