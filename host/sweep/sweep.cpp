#include "host/sweep/sweep.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <atomic>
#include <cstring>
#include <csignal>
#include <map>
#include <mutex>
#include <random>
#include <thread>
#include <unistd.h>

#include "base/file_watch.hpp"
#include "base/process.hpp"
#include "base/sha256.hpp"
#include "base/usage_error.hpp"
#include "host/board/board_files.hpp"
#include "host/board/registry.hpp"
#include "host/build/cache_prune.hpp"
#include "host/build/firmware_builder.hpp"
#include "host/build/object_cache.hpp"
#include "host/build/toolchain.hpp"
#include "host/choice/best_config.hpp"
#include "host/choice/fit_check.hpp"
#include "host/choice/select.hpp"
#include "codegen/data/data_dir.hpp"
#include "codegen/emit/emitter.hpp"
#include "codegen/names/names.hpp"
#include "host/flash/session.hpp"
#include "host/flash/timing_model.hpp"
#include "host/infer/infer.hpp"
#include "results/files.hpp"
#include "results/gbench_json.hpp"
#include "results/history.hpp"
#include "results/outputs.hpp"
#include "host/search/cross_product/cross_product.hpp"
#include "host/search/align_trial/align_trial.hpp"
#include "host/search/registry.hpp"
#include "host/sweep/build_commit.hpp"
#include "host/sweep/options_apply.hpp"
#include "host/sweep/patch_axis.hpp"
#include "host/sweep/progress.hpp"
#include "host/sweep/run_folder.hpp"
#include "host/sweep/run_identity.hpp"
#include "host/sweep/space.hpp"
#include "codegen/variant/build_config.hpp"

namespace fs = std::filesystem;

namespace aotbench::sweep {
namespace {

// Ctrl-C: the first stops the sweep cleanly (in-flight variants are dropped, measured ones kept),
// a second one ends the process at once. The cleanup handler base::install_signal_cleanup()
// chains in front of this one kills the children (QEMU, compilers) and releases labgrid places
// just after this flag is set, so a worker never takes their loss for a failed board.
std::atomic<bool> g_stop{false};
std::atomic<bool> g_user_stopped{false};  // a stop for a rebuild is not the user's first Ctrl-C

void on_stop_signal(int) {
  if (g_user_stopped.exchange(true)) _exit(130);
  g_stop = true;
}

void install_stop_handler() {
  g_stop = false;
  g_user_stopped = false;
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  base::install_signal_cleanup();
}

std::string first_line(const std::vector<std::string>& argv) {
  try {
    const std::string out = build::run_tool(argv);
    return out.substr(0, out.find('\n'));
  } catch (const std::exception&) {
    return "";
  }
}

std::string utc_now(const char* format) {
  return fmt::format(fmt::runtime(format), fmt::gmtime(std::time(nullptr)));
}

// Inputs: the user's files, or bytes from a generator seeded by the model's hash, so the same
// model always gets the same input (float inputs: values in [-1, 1]).
std::vector<std::vector<uint8_t>> make_inputs(const codegen::Graph& g, const std::vector<fs::path>& files,
                                              const std::string& model_sha) {
  std::vector<std::vector<uint8_t>> inputs;
  if (!files.empty() && files.size() != g.inputs.size())
    throw UsageError(fmt::format("the model has {} input(s); --input was given {} time(s)", g.inputs.size(), files.size()));
  std::mt19937 rng(static_cast<uint32_t>(std::stoul(model_sha.substr(0, 8), nullptr, 16)));
  for (std::size_t i = 0; i < g.inputs.size(); ++i) {
    const codegen::Tensor& t = g.tensors[g.inputs[i]];
    std::vector<uint8_t> bytes(static_cast<std::size_t>(t.num_bytes()));
    if (!files.empty()) {
      const std::string given = results::read_file(files[i]);
      if (given.size() != bytes.size())
        throw UsageError(fmt::format("--input {} has {} bytes; input {} of the model needs exactly {}",
                                             files[i].string(), given.size(), i, bytes.size()));
      bytes.assign(given.begin(), given.end());
    } else if (t.type == codegen::DType::Float32) {
      std::uniform_real_distribution<float> d(-1.0f, 1.0f);
      for (std::size_t k = 0; k + 4 <= bytes.size(); k += 4) {
        const float v = d(rng);
        std::memcpy(&bytes[k], &v, 4);
      }
    } else {
      for (auto& b : bytes) b = static_cast<uint8_t>(rng());
    }
    inputs.push_back(std::move(bytes));
  }
  return inputs;
}

// Bytes as files dir/<stem><i>.raw: the inputs and reference outputs a sweep used.
std::vector<fs::path> write_raw(const std::vector<std::vector<uint8_t>>& data, const fs::path& dir, const char* stem) {
  std::vector<fs::path> files;
  for (std::size_t i = 0; i < data.size(); ++i) {
    files.push_back(fs::absolute(dir / fmt::format("{}{}.raw", stem, i)));
    results::write_file(files.back(), std::string(data[i].begin(), data[i].end()));
  }
  return files;
}

// Eight random hex digits: run ids stay unique when two sweeps of the same board and model start
// in the same second, whatever folders they write to.
std::string nonce() {
  std::random_device rd;
  return fmt::format("{:08x}", rd());
}

// Reference outputs: the unpacked corner built natively on this machine, run in a private
// scratch folder, so a failure here leaves no results folder behind.
std::vector<std::vector<uint8_t>> host_reference(const infer::LoadedModel& model,
                                                 const std::vector<std::vector<uint8_t>>& inputs) {
  const fs::path dir = fs::temp_directory_path() / fmt::format("aotbench-reference-{}-{}", getpid(), nonce());
  struct Scratch {
    fs::path dir;
    ~Scratch() {
      std::error_code ec;
      fs::remove_all(dir, ec);
    }
  } scratch{dir};
  const std::vector<fs::path> in = write_raw(inputs, dir, "input");
  std::vector<fs::path> out;
  for (std::size_t i = 0; i < model.graph.outputs.size(); ++i) out.push_back(dir / fmt::format("reference{}.raw", i));
  const infer::HostProgram p = infer::prepare_on_host(model, codegen::Variant());
  infer::run_on_host(p, in, out);
  std::vector<std::vector<uint8_t>> ref;
  for (const auto& f : out) {
    const std::string bytes = results::read_file(f);
    ref.emplace_back(bytes.begin(), bytes.end());
  }
  return ref;
}

// The newest folder of `root` whose run.json says it measured this board and model.
fs::path latest_run_dir(const fs::path& root, const std::string& board, const std::string& model) {
  fs::path best;
  if (!fs::is_directory(root)) return best;
  for (const auto& e : fs::directory_iterator(root)) {
    const fs::path file = e.path() / "run.json";
    if (!fs::exists(file)) continue;
    try {
      const RunIdentity id = identity_from_json(results::read_file(file), file.string());
      if (id.board == board && id.model == model && e.path().filename() > best.filename()) best = e.path();
    } catch (const std::exception&) {
    }
  }
  return best;
}

std::string inputs_sha256(const std::vector<std::vector<uint8_t>>& inputs) {
  std::string all;
  for (const auto& in : inputs) all += base::sha256_hex(in.data(), in.size());
  return base::sha256_hex(all.data(), all.size());
}

// What the sweep reads from the build that made it while it runs: its own executable, the
// board's device runtime that every variant's firmware links, and the timing plugin QEMU loads.
std::vector<fs::path> files_from_the_build(const measure::MeasureSetup& s) {
  std::error_code ec;
  std::vector<fs::path> files;
  if (const fs::path exe = fs::read_symlink("/proc/self/exe", ec); !ec) files.push_back(exe);
  const fs::path runtime = build::FirmwareBuilder::default_runtime_dir();
  files.push_back(runtime / s.board.name / "libabdevice.a");
  for (const char* f : {board::kBoardConfigFile, board::kLinkerScriptFile, board::kStartupFile})
    files.push_back(runtime / "gen" / s.board.name / f);
  if (s.qemu.timing_model) files.push_back(flash::timing_plugin_path());
  if (const auto stamp = codegen::stage_stamp()) files.push_back(*stamp);  // the kernels and runtime compiled in
  return files;
}

class Sweep {
 public:
  explicit Sweep(const SweepOptions& o) : o_(o) {}

  SweepOutcome run() {
    const auto start = std::chrono::steady_clock::now();
    try {
      prepare();
      search();
    } catch (...) {
      // Failed before anything was measured: a new results folder would hold only what was
      // written to start it (and refuse the next sweep into it).
      if (folder_ && !o_.resume && out_.run.variants.empty()) folder_->discard();
      throw;
    }
    if (!g_stop && o_.per_op != PerOp::none) profile_ops();
    build_watch_.reset();  // joined: what it saw is read below
    finish();
    out_.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out_.interrupted = g_stop && out_.rebuilt.empty();
    if (boards_) {
      out_.retired_boards = boards_->retired();
      for (const auto& [name, why] : out_.retired_boards)
        fmt::print(stderr, "aotbench: board {} was taken out of service (its variants went to the others): {}\n", name,
                   why);
    }
    // Kept emulators: as many as were started; otherwise one per firmware booted in QEMU.
    out_.emulators_started = emulators_ ? emulators_->started()
                                        : (setup_.board.emulated && setup_.access.gdb.empty() && !boards_
                                               ? out_.times.boots
                                               : 0);
    return std::move(out_);
  }

 private:
  void prepare() {
    board::Registry registry;
    setup_.board = registry.get(registry.resolve(o_.board, board::attached_usb_ids()), board::attached_usb_ids());
    check_options_apply(o_, setup_.board);  // before the model is even read
    model_ = infer::load_model(o_.model);
    setup_.model = &model_;
    try {
      space_ = resolve_space(o_.variants);
    } catch (const SpaceError& e) {  // a mistake in --variants, as any other in the command line
      throw UsageError(e.what());
    } catch (const codegen::VariantError& e) {
      throw UsageError(fmt::format("--variants: {}", e.what()));
    }
    for (const std::string& note : drop_unrunnable(space_, setup_.board.cpu.features, setup_.board.name))
      if (!o_.quiet) fmt::print(stderr, "aotbench: {}\n", note);
    limits_ = choice::board_limits(setup_.board, o_.max_flash, o_.max_ram, o_.max_stack);
    if (o_.tune != "off" && !search::find_tuner(o_.tune))
      throw UsageError(fmt::format("unknown tuner '{}'; choose {}", o_.tune, fmt::join(search::tune_choices(), ", ")));
    const bool ram_decides = o_.objective == choice::Objective::ram || o_.max_ram.has_value();
    for (const std::string& note : add_patch_variants(space_, model_, limits_, ram_decides, setup_.board.cpu.features))
      if (!o_.quiet) fmt::print(stderr, "aotbench: {}\n", note);
    choice::check_something_fits(choice::minimum_needs(model_, space_, setup_.board.cpu.features), limits_, setup_.board.name);
    const bool emulated = setup_.board.emulated;
    setup_.repeat = o_.repeat.value_or(emulated ? 1 : 5);
    setup_.warmup = o_.warmup.value_or(emulated ? 0 : 1);
    const auto check_count = [](const char* option, int value, const base::WholeRange& range) {
      if (!range.contains(value)) throw UsageError(fmt::format("{}: {}", option, range.refusal(std::to_string(value))));
    };
    check_count("--repeat", setup_.repeat, repeat_range());
    check_count("--warmup", setup_.warmup, warmup_range());
    if (o_.jobs < 0) throw UsageError(fmt::format("--jobs {}: give 1 or more workers", o_.jobs));
    setup_.access = o_.access;
    setup_.qemu.load = o_.access.qemu_load;
    // --gdb HOST:PORT on an emulated board: an emulator served elsewhere (`aotbench device serve`),
    // one board like a real one (check_options_apply checked its serial port).
    const bool served = o_.access.served_emulator(setup_.board);
    const bool farm = !o_.remote_boards.empty();
    if (farm) {
      boards_.emplace(o_.remote_boards);  // each worker leases one for a variant
      setup_.boards = &*boards_;
    } else if (!emulated || served) {
      setup_.device_lock = &device_lock_;  // one board: one run at a time
    }
    setup_.qemu.timing_model = uses_timing_model(emulated, served || farm);
    if (emulated && !served && !farm && o_.access.qemu_load == flash::QemuLoad::gdb &&
        o_.emulators == Emulators::per_worker) {
      emulators_.emplace(setup_.board, setup_.qemu);
      setup_.emulators = &*emulators_;
    }

    results::RunInfo& info = out_.run.info;
    info.board = setup_.board.name;
    info.target = emulated ? results::Target::emulated : results::Target::hardware;
    info.counter = run_counter(setup_);
    if (setup_.qemu.timing_model) {
      info.timing_model = flash::timing_model_label(setup_.board);
      setup_.counter_version = flash::timing_model_fingerprint(setup_.board);
    }
    info.clock_hz = setup_.board.cpu.clock_hz;
    info.flash_capacity = setup_.board.memory.flash.size;
    info.ram_capacity = setup_.board.memory.ram.size;
    info.model = o_.model;
    info.model_sha256 = base::sha256_hex(model_.graph.storage.data(), model_.graph.storage.size());
    info.objective = choice::to_string(o_.objective);
    info.command_line = o_.command_line;
    info.aotbench_commit = build_commit();
    info.toolchain = build::Toolchain{}.version();
    // Variants built by clang (the `cc` knob) name it too: gcc still links them with its runtime.
    if (space_uses_clang()) info.toolchain += "; " + build::Toolchain::cross("clang").version();
    if (emulated) info.qemu = first_line({"qemu-system-arm", "--version"});

    // Read and check --input before any folder exists: a bad one must leave nothing behind.
    setup_.inputs = make_inputs(model_.graph, o_.inputs, info.model_sha256);
    identity_ = identity_of(info);
    setup_.reference = host_reference(model_, setup_.inputs);
    // The history is opened and checked before a results folder exists: an unusable one is
    // refused without leaving a folder behind. One kept in the run's own --out folder is opened
    // once that folder is there.
    history_path_ = default_history(o_);
    const bool in_run_folder = o_.history.empty() && !o_.out_dir.empty();
    if (!in_run_folder) history_ = std::make_unique<results::History>(history_path_);
    // Only now, when the run can start, a results folder is created (or an old one checked).
    if (o_.resume) open_for_resume();
    else open_new();
    folder_->record_holder();
    out_.out_dir = folder_->path();
    if (!history_) history_ = std::make_unique<results::History>(history_path_);

    setup_.input_files = write_raw(setup_.inputs, out_.out_dir, "input");
    write_raw(setup_.reference, out_.out_dir, "reference");
    for (const auto& v : space_)
      if (!out_.run.find(v.key())) todo_.push_back(v);
  }

  RunIdentity identity_of(const results::RunInfo& info) const {
    RunIdentity id;
    id.aotbench_version = AOTBENCH_VERSION;
    id.aotbench_commit = build_commit();
    id.model = o_.model;
    id.model_sha256 = info.model_sha256;
    id.board = setup_.board.name;
    id.board_profile_sha256 = base::sha256_of_file(setup_.board.file);
    id.gcc = build::Toolchain{}.version();
    if (space_uses_clang()) id.clang = build::Toolchain::cross("clang").version();
    id.qemu = info.qemu;
    id.counter = results::to_string(info.counter);
    id.inputs_sha256 = inputs_sha256(setup_.inputs);
    id.repeat = setup_.repeat;
    id.warmup = setup_.warmup;
    id.variants_spec = o_.variants;
    for (const auto& v : space_) id.keys.push_back(v.key());
    return id;
  }

  // --counter: whether the emulators run the board's timing model (cycles) or count instructions.
  // `elsewhere`: the emulators are served by other processes (--gdb HOST:PORT, a farm's places).
  bool uses_timing_model(bool emulated, bool elsewhere) const {
    if (o_.counter != "" && o_.counter != "cycles" && o_.counter != "instructions")
      throw UsageError(fmt::format("--counter {}: instructions or cycles", o_.counter));
    if (o_.counter.empty()) default_counter();  // refuses a bad $AOTBENCH_COUNTER on every board
    if (!emulated || o_.counter == "instructions") return false;
    const bool has_model = setup_.board.timing.has_value();
    if (o_.counter == "cycles" && !has_model)
      throw UsageError(fmt::format("--counter cycles: board {} has no timing model (no [timing] table in {}); "
                                           "measure instructions (--counter instructions) or add the table",
                                           setup_.board.name, setup_.board.file.string()));
    if (!has_model) return false;
    if (elsewhere) {
      if (o_.counter == "cycles")
        throw UsageError("--counter cycles: an emulator served elsewhere (--gdb HOST:PORT, a farm's place) runs "
                                 "no timing model that this host can read; use --counter instructions");
      return false;
    }
    return o_.counter == "cycles" || default_counter() == "cycles";
  }

  // Without --counter: $AOTBENCH_COUNTER (a nightly job or a test suite that wants exact counts
  // everywhere), else cycles where the board has a timing model.
  static std::string default_counter() {
    const char* env = std::getenv("AOTBENCH_COUNTER");
    if (env == nullptr || *env == '\0') return "cycles";
    const std::string counter = env;
    if (counter != "cycles" && counter != "instructions")
      throw UsageError(fmt::format("AOTBENCH_COUNTER={}: instructions or cycles (or unset it)", counter));
    return counter;
  }

  // A new results folder (unique, locked) and its run.json, written before anything is measured.
  void open_new() {
    results::RunInfo& info = out_.run.info;
    info.date_utc = utc_now("{:%Y-%m-%dT%H:%M:%SZ}");
    info.run_id = results::make_run_id(info) + "_" + nonce();
    folder_.emplace(o_.out_dir.empty()
                        ? RunFolder::create_unique(o_.results_root, fmt::format("{}_{}_{}", utc_now("{:%Y-%m-%d_%H%M%S}"),
                                                                                 info.board,
                                                                                 codegen::default_prefix(model_.name)))
                        : RunFolder::create_at(o_.out_dir));
    identity_.run_id = info.run_id;
    identity_.started_utc = info.date_utc;
    identity_.command_line = own_command_line();  // exactly what to run again to resume
    results::write_file(folder_->path() / "run.json", to_json(identity_));
  }

  // --resume: the folder must have measured exactly what this run would; nothing in it (or in the
  // history) changes before that is established. Earlier results are kept only when their
  // fingerprint says they were measured with this run's inputs.
  void open_for_resume() {
    results::RunInfo& info = out_.run.info;
    fs::path dir = o_.out_dir;
    if (dir.empty()) dir = latest_run_dir(o_.results_root, info.board, info.model);
    if (dir.empty())
      throw std::runtime_error(fmt::format("--resume: no earlier sweep of {} on {} in {}/; run without --resume to start one",
                                           info.model, info.board, o_.results_root.string()));
    folder_.emplace(RunFolder::open_existing(dir));
    const fs::path id_file = dir / "run.json";
    if (!fs::exists(id_file))
      throw std::runtime_error(fmt::format(
          "--resume: {} has no run.json, so what it measured (model, board, tools, inputs) cannot be checked against "
          "this run; it is not a results folder, or an older aotbench wrote it: start a new sweep without --resume",
          dir.string()));
    const RunIdentity was = identity_from_json(results::read_file(id_file), id_file.string());
    if (const auto diffs = differences(was, identity_); !diffs.empty())
      throw std::runtime_error(fmt::format("--resume: {} holds another sweep: {}. Resume it with the options it was "
                                           "started with ({}), or start a new sweep without --resume",
                                           dir.string(), fmt::join(diffs, "; "), was.command_line));
    identity_.run_id = info.run_id = was.run_id;
    identity_.started_utc = info.date_utc = was.started_utc;
    identity_.command_line = was.command_line;
    if (!fs::exists(dir / "results.json")) return;  // stopped before its first result
    results::Run earlier = results::read_gbench_json(dir / "results.json");
    if (earlier.info.run_id != was.run_id)
      throw std::runtime_error(fmt::format("--resume: {}/results.json belongs to run {}, its run.json to run {}; the "
                                           "folder mixes two sweeps: start a new sweep without --resume",
                                           dir.string(), earlier.info.run_id, was.run_id));
    std::size_t stale = 0, retried = 0;
    for (auto& v : earlier.variants) {
      if (v.status == results::Status::skipped) continue;
      if (v.retryable) {  // failed for a cause that may have passed: measured again
        ++retried;
        continue;
      }
      // The fingerprint covers the run's identity (the space included) and the key: a variant of
      // the space, or one the tuner composed from it.
      if (v.fingerprint != variant_fingerprint(identity_, v.key)) {
        ++stale;
        continue;
      }
      variants_.emplace(v.key, measure::variant_of(v.knobs));  // results.json holds knobs: typed once, here
      out_.run.variants.push_back(std::move(v));
    }
    out_.resumed = out_.run.variants.size();
    if (stale && !o_.quiet)
      fmt::print(stderr, "aotbench: {} earlier result(s) in {} were measured with other inputs; measuring them again\n",
                 stale, dir.string());
    if (retried && !o_.quiet)
      fmt::print(stderr, "aotbench: {} earlier result(s) in {} failed for a cause that may have passed (a full disk, the "
                 "link, the flasher, a lost emulator); measuring them again\n",
                 retried, dir.string());
  }

  bool space_uses_clang() const {
    return std::any_of(space_.begin(), space_.end(),
                       [](const codegen::Variant& v) { return v.get("cc") == "clang"; });
  }

  // Saves one finished variant: results.json (atomically) and the history database.
  void keep(const codegen::Variant& v, results::VariantResult r) {
    std::lock_guard lock(results_mutex_);
    variants_.emplace(r.key, v);
    out_.run.variants.push_back(std::move(r));
    results::write_gbench_json(out_.run, out_.out_dir / "results.json");
    history_->record(out_.run, out_.run.variants.back());
  }

  // A proposed result that a resumed run measured before: the strategy gets it, unmeasured.
  bool reuse(search::SearchStrategy& strategy, const search::Proposal& p) {
    measure::Measurement m;
    {
      std::lock_guard lock(results_mutex_);
      const results::VariantResult* before = out_.run.find(p.variant.key());
      if (!before) return false;
      m.result = *before;
    }
    std::lock_guard lock(observe_mutex_);
    strategy.observe(p, m);
    return true;
  }

  // The strategies one after the other: the space's cross product, then the --tune tuner (none
  // with off) and the loop alignment of its winner, each measuring what it proposes until it
  // proposes nothing more.
  void search() {
    install_stop_handler();
    watch_the_build();
    search::CrossProduct space(todo_);
    std::optional<results::TuningLog> log;
    std::unique_ptr<search::SearchStrategy> tuner;
    search::AlignTrial align;
    std::vector<search::SearchStrategy*> strategies = {&space};
    if (const search::TunerEntry* entry = search::find_tuner(o_.tune)) {
      search::TunerContext context{log.emplace(history_path_)};
      tuner = entry->make(context);
      strategies.push_back(tuner.get());
      strategies.push_back(&align);
    }
    if (out_.resumed && !o_.quiet)
      fmt::print(stderr, "resuming {}: {} variants measured before, {} to go\n", out_.out_dir.string(),
                 space_.size() - todo_.size(), todo_.size());
    for (search::SearchStrategy* strategy : strategies) {
      while (!g_stop) {
        const search::SearchState state{out_.run, space_, setup_, limits_, o_.objective};
        const std::vector<search::Proposal> batch = strategy->next(state);
        if (batch.empty()) break;
        measure_batch(*strategy, batch, strategy == &space);
      }
    }
    if (tuner) {
      out_.run.tuning = tuner->tuning();
      if (const std::string note = tuner->note(); !note.empty() && !o_.quiet) fmt::print(stderr, "aotbench: {}\n", note);
      if (const std::string note = align.note(); !note.empty()) {
        if (out_.run.tuning) out_.run.tuning->note += "; " + note;
        if (!o_.quiet) fmt::print(stderr, "aotbench: {}\n", note);
      }
    }
  }

  // A rebuild while the sweep runs (its executable, the device runtime, the timing plugin) stops
  // it at once, as Ctrl-C does: what it measured next would mix two builds, and an emulator or a
  // firmware of the old build may never answer the new (each such wait would last its whole
  // timeout, minutes). The children are killed, so every wait in flight ends now; the results
  // measured so far stay, and --resume measures the rest.
  void watch_the_build() {
    build_watch_.emplace(base::FileWatch(files_from_the_build(setup_)), std::chrono::seconds(1),
                         [this](const std::vector<std::string>& changed) { stop_for_rebuild(changed); });
  }

  void stop_for_rebuild(const std::vector<std::string>& changed) {
    std::call_once(rebuilt_once_, [&] {
      out_.rebuilt = changed;
      g_stop = true;  // before the kill: a worker takes the loss for the stop, not a failure
      base::kill_all_children();
    });
  }

  // Asked before a failure is kept: one the rebuild may have caused (a link that read half a
  // runtime library, an emulator that cannot load the plugin) in the second before the watch
  // sees it must not stay as the variant's result.
  bool rebuilt_now() {
    const std::vector<std::string> changed = build_watch_ ? build_watch_->watch().changes() : std::vector<std::string>{};
    if (!changed.empty()) stop_for_rebuild(changed);
    return !changed.empty();
  }

  // Measures a batch in parallel workers. Results are kept (saved at once); measurement images
  // only feed the strategy. The space's batch shows progress against the whole space.
  void measure_batch(search::SearchStrategy& strategy, const std::vector<search::Proposal>& batch, bool space) {
    Progress progress(space ? space_.size() : batch.size(), space ? space_.size() - todo_.size() : 0, o_.quiet);
    if (!space && !o_.quiet) {
      const auto images = std::count_if(batch.begin(), batch.end(), [](const auto& p) { return !p.result; });
      progress.note(images ? fmt::format("{}: {} measurement image(s)", strategy.name(), images)
                           : fmt::format("{}: {} variant(s) composed", strategy.name(), batch.size()));
    }
    // A failure for a cause that may pass (failure_cause.hpp) is tried once more when the rest of
    // the batch is done; what fails again is kept as retryable (--resume measures it again).
    std::vector<std::size_t> order(batch.size()), again;
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    bool last_try = false;
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
      for (std::size_t n; !g_stop && (n = next++) < order.size();) {
        const search::Proposal& p = batch[order[n]];
        const std::string key = p.variant.key();
        if (p.result && reuse(strategy, p)) continue;
        measure::Measurement m = measure::measure_variant(setup_, p.variant, [&](measure::Stage s) { progress.stage(key, s); }, g_stop);
        {
          std::lock_guard lock(observe_mutex_);
          out_.times += m.times;
          out_.link += m.link;
        }
        if (m.result.status != results::Status::ok && rebuilt_now()) continue;
        if (m.interrupted || g_stop) continue;  // not a result: --resume measures it again
        if (m.result.retryable && !last_try) {
          std::lock_guard lock(observe_mutex_);
          again.push_back(order[n]);
          progress.note(fmt::format("{}: {}; trying it again at the end", key, m.result.message.substr(0, 300)));
          continue;
        }
        progress.finished(m.result, results::unit(out_.run.info.counter));
        {
          std::lock_guard lock(observe_mutex_);
          strategy.observe(p, m);
          if (m.result.retryable) out_.retryable.emplace_back(p.result ? key : "measurement image " + key, m.result.message);
        }
        if (!p.result) continue;
        m.result.fingerprint = variant_fingerprint(identity_, key);
        keep(p.variant, std::move(m.result));
        ++out_.measured_now;
      }
    };
    std::string capped;
    const int jobs = worker_count(o_.jobs, &capped);
    if (!capped.empty() && space) fmt::print(stderr, "aotbench: {}\n", capped);
    auto run_workers = [&] {
      next = 0;
      std::vector<std::thread> threads;
      for (int t = 1; t < jobs && static_cast<std::size_t>(t) < order.size(); ++t) threads.emplace_back(worker);
      worker();
      for (auto& t : threads) t.join();
    };
    run_workers();
    if (!again.empty() && !g_stop) {
      std::sort(again.begin(), again.end());  // the planned order
      order = std::move(again);
      last_try = true;
      run_workers();
    }
    progress.close();
  }

  // Per-operator cycles: the winner (or every variant that ran) again, built with profile=ops.
  void profile_ops() {
    results::Run scratch = out_.run;
    const auto winner = choice::select_winner(scratch, limits_, o_.objective);
    for (std::size_t i = 0; i < out_.run.variants.size() && !g_stop; ++i) {
      results::VariantResult& v = out_.run.variants[i];
      const bool wanted = o_.per_op == PerOp::all ? v.status == results::Status::ok : winner == i;
      if (!wanted || !v.ops.empty()) continue;
      codegen::Variant profiled = variants_.at(v.key);
      profiled.set("profile", "ops");
      if (!o_.quiet) fmt::print(stderr, "per-operator profile of {}\n", v.key);
      measure::Measurement m = measure::measure_variant(setup_, profiled, [](measure::Stage) {}, g_stop);
      out_.link += m.link;
      if (m.result.status != results::Status::ok) {
        fmt::print(stderr, "aotbench: per-operator profile of {} failed: {}\n", v.key, m.result.message);
        continue;
      }
      v.ops = std::move(m.ops);
      std::lock_guard lock(results_mutex_);
      history_->record(out_.run, v);
    }
  }

  void finish() {
    // The planned order, whatever order the workers finished in: a resumed sweep ends identical.
    std::vector<results::VariantResult> ordered;
    for (const auto& v : space_)
      if (auto* r = out_.run.find(v.key())) ordered.push_back(std::move(*r));
    for (auto& r : out_.run.variants)  // then what the tuner composed, in the order measured
      if (!r.key.empty() && std::none_of(ordered.begin(), ordered.end(), [&](const auto& o) { return o.key == r.key; }))
        ordered.push_back(std::move(r));
    out_.run.variants = std::move(ordered);
    out_.winner = choice::select_winner(out_.run, limits_, o_.objective);
    out_.files = results::write_outputs(out_.run, out_.out_dir);
    history_->append(out_.run);
    out_.files.push_back(history_path_);
    if (out_.winner && !g_stop) {
      choice::write_best_config(out_.out_dir / "best.toml", o_.model, out_.run, out_.run.variants[*out_.winner]);
      out_.files.push_back(out_.out_dir / "best.toml");
    }
    prune_build_cache();
  }

  // The build cache stays under its bound ($AOTBENCH_CACHE_MAX); a failure here costs no result.
  // Walked only when its ledger says the bound is passed, or every ten minutes.
  void prune_build_cache() {
    try {
      const build::PruneResult r = build::prune_cache_when_due(build::cache_dir(), build::cache_limit());
      if (r.removed && !o_.quiet)
        fmt::print(stderr, "aotbench: build cache pruned: {} old entries removed ({:.0f} MiB), {:.0f} MiB left\n",
                   r.removed, static_cast<double>(r.freed) / (1 << 20), static_cast<double>(r.left) / (1 << 20));
    } catch (const std::exception& e) {
      fmt::print(stderr, "aotbench: the build cache was not pruned: {}\n", e.what());
    }
  }

  const SweepOptions& o_;
  RunIdentity identity_;
  std::optional<RunFolder> folder_;  // held (locked) from before the first write to the end
  SweepOutcome out_;
  measure::MeasureSetup setup_;
  infer::LoadedModel model_;
  std::vector<codegen::Variant> space_, todo_;
  // Every variant of out_.run by its key: a result keeps the knobs, the sweep the typed variant.
  std::map<std::string, codegen::Variant> variants_;
  choice::Limits limits_;
  fs::path history_path_;
  std::unique_ptr<results::History> history_;
  std::optional<flash::EmulatorPool> emulators_;  // emulated boards: kept up across variants
  std::optional<flash::BoardPool> boards_;        // boards on the network, shared out among the workers
  std::optional<base::FileWatcher> build_watch_;  // while measuring: stops the sweep on a rebuild
  std::once_flag rebuilt_once_;
  std::mutex results_mutex_, device_lock_;
  std::mutex observe_mutex_;  // strategies and the stage times: one measurement at a time
};

}  // namespace

fs::path default_history(const SweepOptions& o) {
  if (!o.history.empty()) return o.history;
  if (!o.out_dir.empty()) return o.out_dir / "history.sqlite";
  return o.results_root / "history.sqlite";
}

int worker_count(int asked, std::string* note) {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int cap = std::min(cores, kMaxJobs);
  if (asked <= 0) return cap;
  if (asked > cap && note)
    *note = fmt::format("-j {} capped to {}: {} (each worker runs a compiler or an emulator)", asked, cap,
                        cap == cores ? fmt::format("this host has {} cores", cores)
                                     : fmt::format("at most {} workers", kMaxJobs));
  return std::min(asked, cap);
}

SweepOutcome run_sweep(const SweepOptions& options) { return Sweep(options).run(); }

}  // namespace aotbench::sweep
