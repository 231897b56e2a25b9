#pragma once
// One variant through the pipeline: generate its C, cross-build the firmware, boot or flash it,
// set the input, run (warm-up + repeats, plus a stack-painted run), read and compare the outputs,
// and read flash/RAM from the ELF. Every failure becomes a status with a message, never an
// exception, so one bad variant never stops a sweep.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "host/board/profile.hpp"
#include "host/flash/board_access.hpp"
#include "host/flash/board_pool.hpp"
#include "host/flash/emulator_pool.hpp"
#include "host/flash/qemu.hpp"
#include "host/infer/infer.hpp"
#include "transport/link/fault_link.hpp"
#include "results/record.hpp"
#include "transport/rpc/link_report.hpp"
#include "codegen/variant/variant.hpp"

namespace aotbench::measure {

enum class Stage { generate, build, flash, run, done };
const char* stage_name(Stage s);

// Wall time spent per stage (summed over variants; under --jobs N the sum exceeds the wall time).
struct StageTimes {
  double generate = 0, build = 0, flash = 0, run = 0;
  int builds = 0, boots = 0;  // firmware images built (linked) and booted
  void add(Stage s, double seconds);
  StageTimes& operator+=(const StageTimes& o);
};

struct MeasureSetup {
  board::Profile board;
  const infer::LoadedModel* model = nullptr;
  std::vector<std::vector<uint8_t>> inputs;     // one per graph input
  std::vector<std::filesystem::path> input_files;  // the same bytes in files (LoadInput under QEMU)
  std::vector<std::vector<uint8_t>> reference;  // expected outputs, one per graph output
  int warmup = 0, repeat = 1;
  // The longest the device may be silent during a Run: about one workload call, as it reports
  // progress between calls. A hang detector; lost frames are asked for again within seconds.
  std::chrono::milliseconds max_silence{300000};
  flash::BoardAccess access;                    // as given; its link faults seeded per variant from its key
  flash::QemuOptions qemu;                      // emulated boards: how the ELF is loaded
  flash::EmulatorPool* emulators = nullptr;     // emulated boards: loaded into these, kept up (else one per variant)
  flash::BoardPool* boards = nullptr;           // boards on the network shared by the workers (a labgrid farm)
  std::mutex* device_lock = nullptr;            // held while flashing and running (one real board)
  std::vector<std::string> extra_cflags;        // added to every variant's compile (tests)
  // Under the timing model: which model (flash::timing_model_fingerprint). A layer's figure under
  // another is not comparable, so the tuning log keys on it.
  std::string counter_version;
};

// The counter a run on this set-up records: DWT cycles on hardware, under QEMU the timing model's
// cycles or -icount's instructions. Every device run must report the same (transport refuses
// counts of another: CounterMismatch).
results::CounterKind run_counter(const MeasureSetup& setup);

struct Measurement {
  results::VariantResult result;
  std::vector<results::OpProfile> ops;  // with profile=ops: per-operator counts and MACs
  StageTimes times;
  transport::LinkReport link;  // what the link went through while measuring it
  bool interrupted = false;  // stopped by Ctrl-C: not a result, measure it again on --resume
  std::filesystem::path elf;  // the image built (in the build cache), once the build stage passed
};

// `on_stage` is called as each stage starts; `stop` aborts between stages.
Measurement measure_variant(const MeasureSetup& setup, const codegen::Variant& variant,
                            const std::function<void(Stage)>& on_stage, const std::atomic<bool>& stop);

// The knobs of a variant as the results schema lists them (the key's order), and back, for results
// read from a file (a key may name a long per-layer assignment by its digest only; the knobs hold
// all of it). results/ knows nothing of codegen: these two are the only crossings.
results::Knobs knobs_of(const codegen::Variant& v);
codegen::Variant variant_of(const results::Knobs& knobs);

}  // namespace aotbench::measure
