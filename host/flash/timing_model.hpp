#pragma once
// The timing model an emulated board runs under when its counter is cycles: QEMU loads the
// plugin (device/qemu_timing) with the board's [timing] data, and the plugin writes its counts to
// a file of this host that the firmware reads (see timing_plugin.c). One file per emulator.
#include <filesystem>
#include <string>

#include "host/board/profile.hpp"

namespace aotbench::flash {

// libab_timing.so: $AOTBENCH_TIMING_PLUGIN, else the installed one, else the build tree's.
// Throws base::ProcessError when it is not there.
std::filesystem::path timing_plugin_path();

// QEMU's -plugin argument for board p writing its counts to `counts_file`; throws base::ProcessError
// when the board has no [timing] table.
std::string timing_plugin_arg(const board::Profile& p, const std::filesystem::path& counts_file);

// What identifies the model an estimate on this board comes from: 12 hex digits of SHA-256 over
// the plugin's bytes and the board's plugin arguments. Figures under another build of the model,
// or other [timing] data, have another (the tuning log keeps them apart). Empty without [timing].
std::string timing_model_fingerprint(const board::Profile& p);

// What an estimate on this board is, for reports: "Cortex-M4 TRM timings; STM32F405 ...".
std::string timing_model_label(const board::Profile& p);

}  // namespace aotbench::flash
