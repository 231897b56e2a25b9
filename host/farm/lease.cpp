// See lease.hpp.
#include "host/farm/lease.hpp"

#include <fmt/core.h>

#include "host/farm/errors.hpp"

namespace aotbench::farm {

// The handler waits this long for labgrid-client (a Python start-up and one RPC: 1-2 s).
constexpr std::chrono::seconds kSignalReleaseTimeout{15};

Lease::Lease(LabgridCli cli, std::string place)
    : cli_(std::move(cli)),
      place_(std::move(place)),
      on_signal_(std::make_unique<base::SignalCleanupCommand>(cli_.command({"-p", place_, "release"}),
                                                               kSignalReleaseTimeout)) {
  resources_.place = place_;
}

Lease::Lease(Lease&& o) noexcept
    : cli_(std::move(o.cli_)),
      place_(std::move(o.place_)),
      resources_(std::move(o.resources_)),
      held_(o.held_),
      on_signal_(std::move(o.on_signal_)) {
  o.held_ = false;
}

Lease::~Lease() {
  try {
    release();
  } catch (const std::exception& e) {
    fmt::print(stderr, "aotbench: {}\n", e.what());
  }
}

void Lease::release() {
  if (!held_) return;
  held_ = false;
  // The signal cleanup took the release over (Ctrl-C): it has run, or is running, the same command.
  if (on_signal_ && on_signal_->taken()) {
    on_signal_.reset();
    return;
  }
  // Still registered while it runs: a Ctrl-C now kills this client and the handler releases.
  const base::CommandResult r = cli_.run({"-p", place_, "release"});
  const bool by_signal = on_signal_ && on_signal_->taken();
  on_signal_.reset();
  const std::string why = labgrid_error(r.output);
  if (r.exit_code == 0 || by_signal || why.find("is not acquired") != std::string::npos) return;  // free now
  throw FarmError(fmt::format("could not release place {}: {} (`{}`)", place_, why,
                              cli_.shown({"-p", place_, "release"})));
}

}  // namespace aotbench::farm
