#pragma once
// Choosing the winner: among variants that ran, gave the reference outputs and fit the limits
// (the board's flash and RAM unless overridden), the best on the objective. Also marks the
// Pareto front of (counts, flash, stack) and writes why the winner won.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "host/board/profile.hpp"
#include "results/record.hpp"

namespace aotbench::choice {

struct Limits {
  uint64_t flash = 0, ram = 0;    // bytes
  std::optional<uint64_t> stack;  // bytes; no limit of its own by default (RAM bounds it)
};

// The board's memories, each overridden by the option when given.
Limits board_limits(const board::Profile& p, std::optional<uint64_t> max_flash, std::optional<uint64_t> max_ram,
                    std::optional<uint64_t> max_stack);

// What the winner minimizes: counts, flash, RAM or stack, or their balance.
enum class Objective { cycles, flash, ram, stack, balanced };
const char* to_string(Objective o);
const std::vector<std::string>& objectives();  // the names: cycles, flash, ram, stack, balanced
// Throws std::invalid_argument, naming the choices, for an unknown name.
Objective parse_objective(const std::string& name);

// Sets `fits` of every measured variant, then `selected`, `pareto` and the run's selection reason.
// Returns the winner's index, if any variant qualifies.
std::optional<std::size_t> select_winner(results::Run& run, const Limits& limits, Objective objective);

// RAM a variant needs: static RAM (.data + .bss, arena included) plus its measured stack.
std::optional<uint64_t> ram_needed(const results::VariantResult& v);

}  // namespace aotbench::choice
