#pragma once
// A variant: one value for every knob, with a canonical key such as
// "api=unpacked,interface=c,workspace=static,params=direct,index=i32,opt=Os".
// The knobs are data (knob_table()), so the tuner and the sweep treat all of them alike. A variant
// has two parts: its knob values, and its per-layer schedules (`layers`), a map of its own that
// becomes text only in its key and spec.
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "codegen/variant/layer_schedules.hpp"

namespace aotbench::codegen {

class VariantError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Which stage reads a knob: code generation, or only the C compiler (build_config.hpp). Variants
// that differ in build knobs alone generate the same code.
enum class KnobStage { generate, build };
const char* stage_name(KnobStage s);  // "generate", "build"

struct KnobInfo {
  std::string name;
  std::vector<std::string> values;  // empty: free-form (checked by the knob's own rule)
  std::string default_value;        // empty for `prefix`: derived from the model name
  bool in_key_always;               // core knobs always appear in the key; others when not default
  KnobStage stage;
  std::string help;
  std::string form = {};   // a free-form knob: what its values look like, for `aotbench variants`
  std::string unset = {};  // what an empty default means
};

// Every knob, in canonical key order.
const std::vector<KnobInfo>& knob_table();
const KnobInfo& knob_info(std::string_view name);  // throws VariantError naming the known knobs

class Variant {
 public:
  Variant();  // every knob at its default

  // "api=packed,index=i64": the named knobs set, the others at their defaults. Whitespace around
  // items is ignored. Throws VariantError for an unknown knob, a bad value or a repeated knob.
  static Variant parse(std::string_view spec);

  // A knob's value; `layers` is a map, read through layer_schedules().
  const std::string& get(std::string_view knob) const;
  // Validates. `layers` takes its text form here (LAYER:SCHEDULE/...), as a spec gives it.
  void set(std::string_view knob, std::string_view value);
  // Any knob's value as the key, the spec and results write it (`layers` in full).
  std::string text(std::string_view knob) const;

  const LayerSchedules& layer_schedules() const { return layers_; }
  void set_layer_schedules(LayerSchedules layers);  // throws VariantError for a bad schedule name

  // The variant with its build knobs at their defaults: what identifies the code it generates.
  Variant generation_part() const;

  // Canonical key: core knobs always, in table order, then non-default extra knobs. A `layers`
  // assignment longer than kMaxLayersInKey characters appears as "#<64-bit digest>": a tuned
  // model's assignment names every layer (results and best.toml keep it whole).
  std::string key() const;
  // The knobs as parse() takes them back, `layers` in full.
  std::string spec() const;
  static constexpr std::size_t kMaxLayersInKey = 64;
  static constexpr std::size_t kMaxPrefix = 63;  // C99's significant initial characters

  bool operator==(const Variant& o) const = default;

  // Convenience accessors for the knobs the emitter branches on.
  bool packed_api() const { return get("api") == "packed"; }
  bool packed_interface() const { return get("interface") == "packed"; }
  bool static_workspace() const { return get("workspace") == "static"; }
  bool lookup_params() const { return get("params") == "lookup"; }
  int index_bits() const { return get("index") == "i64" ? 64 : 32; }
  // TVM's packed calling convention (DLTensor, TVMValue) anywhere, or TVM's workspace calls
  // (TVMBackendAllocWorkspace takes a DLDeviceType): the code needs dlpack.h.
  bool uses_dlpack() const { return packed_api() || packed_interface() || !static_workspace(); }
  bool profile_ops() const { return get("profile") == "ops"; }

 private:
  std::map<std::string, std::string, std::less<>> values_;  // every knob but `layers`
  LayerSchedules layers_;
};

}  // namespace aotbench::codegen
