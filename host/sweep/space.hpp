#pragma once
// The variants a sweep measures. A space is a union of cross products (scenarios/sweeps/*.toml);
// `--variants` edits it with a small language of ';'-separated terms:
//
//   KNOB=A|B,KNOB2=C   keep only the variants matching every listed knob (narrow)
//   +KNOB=A|B,KNOB2=*  add the cross product; unlisted knobs at their defaults, * = every value (widen)
//   @NAME              start from scenarios/sweeps/NAME.toml instead (@none: empty)
//
// e.g. "api=packed" (the default sweep's packed half), "@corners;opt=O3", "+profile=ops,api=*".
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "codegen/variant/variant.hpp"

namespace aotbench::sweep {

struct SpaceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// $AOTBENCH_SWEEPS_DIR, else scenarios/sweeps of the source tree.
std::filesystem::path default_sweeps_dir();
std::vector<std::string> sweep_names(const std::filesystem::path& dir = default_sweeps_dir());

// The variants of scenarios/sweeps/NAME.toml, in file order, without duplicates.
std::vector<codegen::Variant> load_space(const std::string& name,
                                         const std::filesystem::path& dir = default_sweeps_dir());

// The default space edited by `spec` (empty: unchanged). Throws SpaceError or VariantError.
std::vector<codegen::Variant> resolve_space(const std::string& spec,
                                            const std::filesystem::path& dir = default_sweeps_dir());

// Removes the variants whose kernel family the target's CPU cannot run (kernels=dsp on a core
// without the DSP extension); returns one line per reason, e.g. "3 variants with kernels=dsp:
// ...". Throws SpaceError when nothing is left.
std::vector<std::string> drop_unrunnable(std::vector<codegen::Variant>& space,
                                         const std::vector<std::string>& cpu_features, const std::string& board);

// Help text: the language and the named spaces.
std::string space_help(const std::filesystem::path& dir = default_sweeps_dir());

}  // namespace aotbench::sweep
