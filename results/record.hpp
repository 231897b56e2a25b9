#pragma once
// The result schema: what one sweep measured. Plain data; the sweep fills it, the writers
// (CSV, Google Benchmark JSON, SQLite history, HTML) and the baseline comparison read it.
// Everything measured is optional: a variant that failed to build has no sizes, one that failed
// to run has sizes but no counts. A missing value is written as empty/absent, never as 0.
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "results/counter.hpp"

namespace aotbench::results {

// Bad input to a reader (malformed results.json, unknown enum text, ...).
class ResultsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class Target { emulated, hardware };
enum class Status { ok, build_failed, flash_failed, run_failed, mismatch, does_not_fit, skipped };

const char* to_string(Target t);
const char* to_string(Status s);
// How reports name the counts: "instructions", "cycles", "cycles (estimated: <timing model>)".
std::string counter_label(CounterKind c, const std::string& timing_model);
// Inverses; throw ResultsError naming the accepted words. parse_counter takes "cycles", what
// results written before the timing model say, as cycles_dwt; it takes only the counters a sweep
// records (cycles_dwt, instructions, cycles_model).
Target parse_target(const std::string& s);
CounterKind parse_counter(const std::string& s);
Status parse_status(const std::string& s);

// Run metadata: one per sweep.
struct RunInfo {
  std::string run_id;           // unique per sweep, kept by --resume (see make_run_id)
  std::string date_utc;         // ISO 8601, e.g. "2026-11-20T03:00:00Z"
  std::string aotbench_commit;  // git commit of aotbench
  std::string toolchain;        // e.g. "arm-none-eabi-gcc 12.2.1"
  std::string qemu;             // QEMU version; empty on hardware
  std::string board;
  Target target = Target::emulated;
  CounterKind counter = CounterKind::instructions;
  std::string timing_model;     // cycles_model: what the estimate is made of (the board's [timing])
  uint64_t clock_hz = 0;        // board core clock, converts counts to µs
  // The board's flash and RAM (0 when unknown, as in results of older versions): the headroom a
  // variant leaves for the application is measured against them.
  uint64_t flash_capacity = 0, ram_capacity = 0;
  std::string model;
  std::string model_sha256;
  std::string objective;        // cycles | flash | ram | stack | balanced
  std::string command_line;
};

// Variant knobs in the variant's canonical order: api, interface, workspace, params, ... A new
// knob is one more entry, never a schema change.
using Knobs = std::vector<std::pair<std::string, std::string>>;

// Counts over the repeats of one inference (cycles or instructions, see RunInfo::counter).
struct Counts {
  uint64_t min = 0;
  uint64_t median = 0;  // lower middle value when the number of repeats is even
  uint64_t max = 0;
  std::vector<uint64_t> repeats;  // every repeat, in run order (may be empty if not kept)
};
// min/median/max of `repeats`; throws ResultsError when empty.
Counts summarize(std::vector<uint64_t> repeats);

// Bytes of one memory (flash or RAM) split by who owns them in the ELF.
struct SizeSplit {
  uint64_t model_code = 0;  // generated operator and runner code
  uint64_t parameters = 0;  // weights, biases, quantization constants
  uint64_t kernels = 0;     // int8 kernel library
  uint64_t runtime = 0;     // AOT backend runtime, startup, libc
  uint64_t rpc_server = 0;  // measurement firmware: RPC server, nanopb, UART
  uint64_t total() const { return model_code + parameters + kernels + runtime + rpc_server; }
};

// One operator of a per-operator profile (profile=ops).
struct OpProfile {
  int index = 0;       // operator index in the graph
  std::string type;    // e.g. CONV_2D (model data: escape before display)
  uint64_t counts = 0; // cycles or instructions, like the variant's counts
  uint64_t macs = 0;
  std::string schedule;  // the kernel schedule that ran it, e.g. "dsp_1x1"; empty if unknown
  uint64_t spread = 0;   // max - min of counts over the repeats (0 under QEMU)
  // counts per MAC; empty when the operator has no MACs (e.g. RESHAPE)
  std::optional<double> counts_per_mac() const;
};

// The kernel schedule code generation chose for one layer (operator) of a variant.
struct LayerSchedule {
  int index = 0;         // operator index in the graph
  std::string type;      // e.g. CONV_2D
  std::string schedule;  // e.g. "ref", "dsp_1x1"
  // The static arena while it runs, up to its highest byte in use (the memory timeline); -1 when
  // unknown (a dynamic workspace, or results from before).
  int64_t arena_top = -1;
  uint64_t param_bytes = 0;  // flash of its constants (weights, biases, what its schedule generated)
};

// Where a variant ran, when a sweep shares its variants out over several boards (a labgrid farm).
struct MeasuredOn {
  std::string place;  // the board's name there (labgrid place)
  std::string host;   // the host it hangs off (exporter)
  std::string probe;  // its debug probe's serial number, when known
  bool operator==(const MeasuredOn&) const = default;
};

struct VariantResult {
  std::string key;  // canonical variant key, e.g. "api=unpacked,interface=c,...,opt=Os"
  Knobs knobs;
  Status status = Status::skipped;
  std::string message;  // why it failed or was skipped; empty when ok
  // Failed for a cause that may pass when tried again (a full disk, the link, the flasher or its
  // probe, a lost emulator), not for anything of the variant's own (it does not fit, its code
  // does not compile, its outputs are wrong): --resume measures it again.
  bool retryable = false;

  std::optional<Counts> counts;
  std::optional<Counts> instructions;  // cycles_model: the executed instructions beside the cycles
  std::optional<uint64_t> stack_bytes;  // stack high-water of one inference
  std::optional<SizeSplit> flash;       // .text + .rodata + .data init
  std::optional<SizeSplit> ram;         // .data + .bss (static RAM)
  std::optional<uint64_t> arena_bytes;  // planned workspace
  // Metrics without a field of their own (results/metrics.cpp's rows without accessors), by name.
  std::map<std::string, uint64_t, std::less<>> more_metrics;
  std::optional<bool> fits;             // within the board's flash/RAM/stack limits
  std::optional<bool> outputs_match;    // outputs byte-equal to the reference
  std::vector<OpProfile> ops;           // empty unless profiled per operator
  std::vector<LayerSchedule> layers;    // every layer's schedule (empty before generation)
  // SHA-256 of everything the measurement depended on (model, board profile, tools, inputs,
  // repeats, key): --resume reuses the result only when this run's equals it. Empty in results
  // of older aotbench versions.
  std::string fingerprint;
  std::optional<MeasuredOn> measured_on;  // with several boards: which one

  bool selected = false;  // the tuner's winner
  bool pareto = false;    // on the Pareto front of (counts, flash, stack)

  // Value of a knob, or empty when the variant does not have it.
  std::string knob(const std::string& name) const;
};

// One layer of a per-layer tuning: the schedule chosen for it and what every candidate cost.
struct TunedLayer {
  int index = 0;         // operator index in the graph
  std::string type;      // e.g. CONV_2D (model data: escape before display)
  std::string shape;     // e.g. "48x48x8 -> 48x48x16"
  uint64_t macs = 0;
  std::string schedule;  // the fastest candidate
  uint64_t counts = 0;   // its counts (median over repeats)
  uint64_t spread = 0;   // their max - min (0 under QEMU)
  std::optional<uint64_t> reference;  // the reference kernel's counts for the layer
  bool close_call = false;            // the runner-up is within the spread: not a trustworthy choice
  bool from_log = false;              // every candidate's figure came from the tuning log
  std::vector<std::pair<std::string, uint64_t>> candidates;  // schedule -> counts, every one measured

  std::optional<double> counts_per_mac() const;
  std::optional<double> gain() const;  // reference / counts
};

// A tuning-log figure the tuner did not trust, and what it measured instead.
struct LogCorrection {
  std::string type;      // operator, e.g. CONV_2D (model data: escape before display)
  std::string shape;     // e.g. "48x48x8 -> 48x48x16"
  std::string schedule;  // e.g. "ref"
  std::string logged;    // what the log held, as stored ("0", "1e+30", "36503868")
  std::optional<uint64_t> measured;  // what this run measured; empty when it could not
  std::string why;       // why the figure was not trusted
};

// What the per-layer tuner did in a sweep.
struct Tuning {
  std::string base_key;   // the untuned variant it started from
  std::string tuned_key;  // the composed variant (a result of the run)
  int images = 0;         // firmware images built to measure candidates (profile=ops)
  int measured = 0;       // candidate figures measured now
  int from_log = 0;       // candidate figures taken from the tuning log
  uint64_t layers_sum = 0;  // the chosen layers' counts added up
  std::string note;       // how the composed total compares with layers_sum, and anything skipped
  std::vector<TunedLayer> layers;
  std::vector<LogCorrection> corrections;  // log figures found wrong, measured again and replaced
};

struct Run {
  RunInfo info;
  std::string selection_reason;  // the tuner's "why this winner", shown in the report
  std::vector<VariantResult> variants;
  std::optional<Tuning> tuning;  // set when the sweep tuned schedules per layer

  const VariantResult* find(const std::string& key) const;
  VariantResult* find(const std::string& key);
  const VariantResult* winner() const;
  // Knob names over all variants, in first-seen order (CSV/table columns).
  std::vector<std::string> knob_names() const;
};

// Median counts in µs at the board clock; empty without counts or clock.
std::optional<double> time_us(const RunInfo& info, const VariantResult& v);

// "api=packed,opt=Os": knobs joined in their order (the form DESIGN.md uses for keys).
std::string key_of(const Knobs& knobs);
// A stable id for a sweep: "<date_utc>_<board>_<model>_<sha256 prefix>", safe in file names.
std::string make_run_id(const RunInfo& info);

// Throws ResultsError when the run is unusable: empty/duplicate variant keys, more than one winner.
void validate(const Run& run);

}  // namespace aotbench::results
