#include "results/tests/sample_run.hpp"

#include <cmath>

#include "results/pareto.hpp"

namespace aotbench::results::testing {

const char* const kSlowerKey = "api=unpacked,interface=c,workspace=static,params=direct,index=i64,opt=Os,prefix=mnv2";
const char* const kBiggerKey = "api=packed,interface=c,workspace=static,params=direct,index=i32,opt=Os,prefix=mnv2";
const char* const kBrokenKey = "api=unpacked,interface=packed,workspace=static,params=lookup,index=i32,opt=Os,prefix=mnv2";
const char* const kFasterKey = "api=packed,interface=packed,workspace=dynamic,params=direct,index=i64,opt=Os,prefix=mnv2";
const char* const kDroppedKey = "api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=O2,prefix=mnv2";
const char* const kAddedKey =
    "api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=O3,prefix=mnv2,cc=clang";
const char* const kHostileModel = "mnv2 <script>alert(\"pwned\")</script> & 'co'";

namespace {

const char* const kBuildFailedKey =
    "api=packed,interface=c,workspace=dynamic,params=lookup,index=i64,opt=Os,prefix=mnv2";
const char* const kSkippedKey =
    "api=unpacked,interface=packed,workspace=dynamic,params=direct,index=i32,opt=Os,prefix=mnv2";
const char* const kTooBigKey = "api=packed,interface=packed,workspace=static,params=direct,index=i64,opt=O0,prefix=mnv2";
const char* const kWinnerKey = "api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=O3,prefix=mnv2";

uint64_t scaled(double base, double factor) { return static_cast<uint64_t>(std::llround(base * factor)); }

// A measured variant whose numbers follow from its knobs the way the real ones roughly do.
VariantResult measured(const Knobs& knobs, int n) {
  VariantResult v;
  v.knobs = knobs;
  v.key = key_of(knobs);
  auto is = [&](const char* k, const char* value) { return v.knob(k) == value; };
  const std::string opt = v.knob("opt");
  double speed = (is("api", "packed") ? 1.06 : 1.0) * (is("interface", "packed") ? 1.005 : 1.0) *
                 (is("workspace", "dynamic") ? 1.02 : 1.0) * (is("params", "lookup") ? 1.01 : 1.0) *
                 (is("index", "i64") ? 1.04 : 1.0) *
                 (opt == "O0" ? 3.1 : opt == "O2" ? 0.93 : opt == "O3" ? 0.90 : 1.0);
  double code = (opt == "O0" ? 2.2 : opt == "O3" ? 1.3 : opt == "O2" ? 1.1 : 1.0);
  uint64_t c = scaled(12'000'000, speed);
  v.counts = summarize({c + static_cast<uint64_t>(n % 3), c, c + 2 * static_cast<uint64_t>(n % 5)});
  SizeSplit flash;
  flash.model_code = scaled(9000 + (is("api", "packed") ? 3500 : 0) + (is("interface", "packed") ? 400 : 0) +
                                (is("workspace", "dynamic") ? 300 : 0) + (is("params", "lookup") ? 700 : 0) +
                                (is("index", "i64") ? 1200 : 0),
                            code);
  flash.parameters = 410'112;
  flash.kernels = scaled(22'000, opt == "O0" ? 2.0 : opt == "O3" ? 1.25 : 1.0);
  flash.runtime = 6000 + (is("workspace", "dynamic") ? 1200 : 0);
  flash.rpc_server = 14'336;
  v.flash = flash;
  v.arena_bytes = 150'528;
  SizeSplit ram;
  ram.model_code = is("workspace", "static") ? 150'528 : 0;
  ram.parameters = is("params", "lookup") ? 64 : 0;
  ram.runtime = 512 + (is("workspace", "dynamic") ? 150'528 + 256 : 0);
  ram.rpc_server = 2048;
  v.ram = ram;
  v.stack_bytes = scaled((is("api", "packed") ? 2900 : 1200) + (is("interface", "packed") ? 200 : 0),
                         opt == "O0" ? 1.8 : 1.0);
  v.fits = true;
  v.outputs_match = true;
  v.status = Status::ok;
  return v;
}

Knobs knobs_of(const char* api, const char* iface, const char* ws, const char* params, const char* index,
               const char* opt) {
  return {{"api", api},         {"interface", iface}, {"workspace", ws}, {"params", params},
          {"index", index},     {"opt", opt},         {"prefix", "mnv2"}};
}

// Keeps only the key and knobs: a variant that was never measured.
void unmeasured(VariantResult& v, Status status, const std::string& message) {
  VariantResult fresh;
  fresh.key = v.key;
  fresh.knobs = v.knobs;
  fresh.status = status;
  fresh.message = message;
  v = fresh;
}

void add_failures(Run& run) {
  unmeasured(*run.find(kBuildFailedKey), Status::build_failed,
             "error: 'tvmgen_<default>' \"conflicting types\", line 3\nnote: see <lookup.h>, here");
  unmeasured(*run.find(kSkippedKey), Status::skipped, "excluded by --variants 'workspace=static'");
  VariantResult* v = run.find(kTooBigKey);
  v->status = Status::does_not_fit;
  v->message = "RAM 192 KiB < static 153 600 B + stack 5 580 B + margin";
  v->counts.reset();
  v->stack_bytes.reset();
  v->outputs_match.reset();
  v->fits = false;
}

void add_ops(VariantResult& v) {
  v.ops = {{0, "CONV_2D", 1'900'000, 1'204'224, "dsp_im2col"}, {1, "DEPTHWISE_CONV_2D", 2'100'000, 401'408, "dsp_dw"},
           {2, "CONV_2D", 3'600'000, 2'408'448, "dsp_1x1"},      {3, "ADD", 410'000, 0, "ref"},
           {4, "<b>MEAN</b> & \"avg\"", 95'000, 0, "ref"},     {5, "FULLY_CONNECTED", 880'000, 640'000, "ref"},
           {6, "RESHAPE", 1'200, 0, "ref"}};
  for (const auto& op : v.ops) v.layers.push_back({op.index, op.type, op.schedule});
}

// The winner's layers tuned: each layer's candidates, the chosen one the fastest, one close call.
void add_tuning(Run& run) {
  const VariantResult& from = *run.find(kWinnerKey);
  Tuning t;
  t.base_key = kWinnerKey;
  t.tuned_key = kWinnerKey;
  t.images = 3;
  t.measured = 9;
  t.from_log = 2;
  t.note = "composed 9000000 = the chosen layers' 8986200 + 13800 outside the operators (0.15%) <i>&</i>";
  for (const auto& op : from.ops) {
    TunedLayer l;
    l.index = op.index;
    l.type = op.type;
    l.shape = "48x48x8 -> 48x48x16 <s>";
    l.macs = op.macs;
    l.schedule = op.schedule;
    l.counts = op.counts;
    l.spread = op.index == 1 ? 4000 : 0;
    const bool ref = op.schedule == "ref";
    l.reference = ref ? op.counts : op.counts * 7;
    l.close_call = op.index == 1;
    l.candidates = {{"ref", *l.reference}};
    if (!ref) l.candidates.emplace_back(op.schedule, op.counts);
    if (op.index == 1) l.candidates.emplace_back("dsp_dw_alt", op.counts + 3000);
    t.layers_sum += l.counts;
    t.layers.push_back(std::move(l));
  }
  t.corrections.push_back({"CONV_2D", "48x48x8 -> 48x48x16 <s>", "ref", "0", 3200000, "0 counts <b>&</b>"});
  t.corrections.push_back({"SOFTMAX", "1x12 -> 1x12", "ref", "counts is stored as 1e+30", std::nullopt, "damaged"});
  run.tuning = std::move(t);
}

}  // namespace

Run sample_run() {
  Run run;
  RunInfo& i = run.info;
  i.date_utc = "2026-11-20T03:00:00Z";
  i.aotbench_commit = "0ee63d10857a5a5000699f09c5214b7d42c3d0cf";
  i.toolchain = "arm-none-eabi-gcc 12.2.1 20221205";
  i.qemu = "7.2.9 (Debian 1:7.2+dfsg-7+deb12u7)";
  i.board = "stm32";
  i.target = Target::emulated;
  i.counter = CounterKind::instructions;
  i.clock_hz = 168'000'000;
  i.model = kHostileModel;
  i.model_sha256 = "3f1c9e0b5a7d2c4e6f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6";
  i.objective = "cycles";
  i.command_line = "aotbench --board stm32 --model mnv2 --out \"out, dir\"";
  i.run_id = make_run_id(i);

  int n = 0;
  for (const char* api : {"packed", "unpacked"})
    for (const char* iface : {"packed", "c"})
      for (const char* ws : {"static", "dynamic"})
        for (const char* params : {"direct", "lookup"})
          for (const char* index : {"i64", "i32"}) run.variants.push_back(measured(knobs_of(api, iface, ws, params, index, "Os"), n++));
  for (const char* opt : {"O0", "O2", "O3"}) {
    run.variants.push_back(measured(knobs_of("packed", "packed", "static", "direct", "i64", opt), n++));
    run.variants.push_back(measured(knobs_of("unpacked", "c", "static", "direct", "i32", opt), n++));
  }
  add_failures(run);
  VariantResult* winner = run.find(kWinnerKey);
  winner->selected = true;
  add_ops(*winner);
  run.selection_reason = "fewest instructions of the 35 fitting variants; O3 costs +30% model code vs <Os> & \"O2\"";
  mark_pareto(run);
  return run;
}

Run changed_run() {
  Run run = sample_run();
  run.info.date_utc = "2026-11-21T03:00:00Z";
  run.info.run_id = make_run_id(run.info);
  auto rescale = [](VariantResult& v, double f) {
    std::vector<uint64_t> reps;
    for (uint64_t r : v.counts->repeats) reps.push_back(scaled(static_cast<double>(r), f));
    v.counts = summarize(reps);
  };
  rescale(*run.find(kSlowerKey), 1.10);
  rescale(*run.find(kFasterKey), 0.95);
  run.find(kBiggerKey)->flash->model_code = scaled(static_cast<double>(run.find(kBiggerKey)->flash->model_code), 1.03);
  VariantResult* broken = run.find(kBrokenKey);
  broken->status = Status::mismatch;
  broken->outputs_match = false;
  broken->message = "output 0 differs at byte 17: 0x7f != 0x80 (expected)";
  std::erase_if(run.variants, [](const VariantResult& v) { return v.key == kDroppedKey; });
  VariantResult added = *run.find(kWinnerKey);
  added.knobs.emplace_back("cc", "clang");
  added.key = key_of(added.knobs);
  added.selected = false;
  added.ops.clear();
  rescale(added, 1.02);
  run.variants.push_back(added);
  add_tuning(run);
  mark_pareto(run);
  return run;
}

}  // namespace aotbench::results::testing
