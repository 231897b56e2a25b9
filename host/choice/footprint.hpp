#pragma once
// The flash and RAM a schedule assignment will need, predicted without compiling: a measured base
// variant's figures plus what code generation says changes (the constants emitted into flash,
// the arena or pool in RAM). Kernel code is not predicted; a measured variant that misses the
// limits anyway corrects later predictions by what it missed.
#include <cstdint>
#include <string>

#include "host/choice/select.hpp"
#include "codegen/emit/emitter.hpp"
#include "results/record.hpp"

namespace aotbench::choice {

struct Footprint {
  int64_t flash = 0, ram = 0;  // bytes; RAM includes the stack, as the limits do
};

// What generation adds for a variant that cannot be generated (patches=K refused under its
// schedules: no band group lowers their arena): it fits nothing.
constexpr int64_t kCannotGenerate = int64_t{1} << 40;

class FootprintModel {
 public:
  // `measured`: the base variant's result (ok, with its flash, RAM and stack figures).
  FootprintModel(const codegen::Graph& g, codegen::EmitOptions options, const codegen::Variant& base,
                 const results::VariantResult& measured);

  Footprint predict(const codegen::Variant& v) const;
  // Bytes over each limit (0 where it fits).
  static Footprint overshoot(const Footprint& f, const Limits& limits);
  static bool fits(const Footprint& f, const Limits& limits);
  // `v` was measured as `measured` and missed the limits by more than predicted: widen the margin.
  void correct(const codegen::Variant& v, const results::VariantResult& measured, const Limits& limits);

 private:
  struct Generated {
    int64_t flash_data = 0, ram_work = 0;
  };
  Generated generated(const codegen::Variant& v) const;

  const codegen::Graph& graph_;
  codegen::EmitOptions options_;
  Footprint base_;
  Generated base_generated_;
  Footprint margin_;
};

// The bytes by which the linker said a memory region overflowed ("region `FLASH' overflowed by N
// bytes"), 0 when the message does not say.
int64_t linker_overflow(const std::string& message, const std::string& region);

}  // namespace aotbench::choice
