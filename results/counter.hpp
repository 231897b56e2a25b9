#pragma once
// What a count counts: one kind, reported by the device (or emulator) that counted and carried
// from its reply into every record, report, history row and tuning-log key. The protocol numbers
// it its own way (transport/proto/aotbench.proto); the RPC client maps those numbers to this.
// Header only: transport includes it without the writers of results/.

namespace aotbench::results {

enum class CounterKind {
  none,            // nothing counted yet (never in a result)
  cycles_dwt,      // DWT CYCCNT on real silicon: core clock cycles
  cycles_systick,  // SysTick on the core clock where there is no DWT: cycles
  instructions,    // SysTick under QEMU -icount: exactly the executed instructions
  cycles_model,    // under QEMU, the timing model's estimate: cycles
};

// The word results are written with: "none", "cycles_dwt", "cycles_systick", "instructions",
// "cycles_model" (parse_counter in record.hpp is the inverse).
constexpr const char* to_string(CounterKind c) {
  switch (c) {
    case CounterKind::none: return "none";
    case CounterKind::cycles_dwt: return "cycles_dwt";
    case CounterKind::cycles_systick: return "cycles_systick";
    case CounterKind::instructions: return "instructions";
    case CounterKind::cycles_model: return "cycles_model";
  }
  return "?";
}

// What one count is in: "cycles" or "instructions" ("none" when nothing counted).
constexpr const char* unit(CounterKind c) {
  switch (c) {
    case CounterKind::none: return "none";
    case CounterKind::instructions: return "instructions";
    default: return "cycles";
  }
}

// What did the counting, as `aotbench device` and the doctor name it: "dwt", "systick",
// "qemu-icount", "qemu-timing-model", "none".
constexpr const char* counter_source(CounterKind c) {
  switch (c) {
    case CounterKind::none: return "none";
    case CounterKind::cycles_dwt: return "dwt";
    case CounterKind::cycles_systick: return "systick";
    case CounterKind::instructions: return "qemu-icount";
    case CounterKind::cycles_model: return "qemu-timing-model";
  }
  return "?";
}

}  // namespace aotbench::results
