#pragma once
// A labgrid place held by this aotbench: released when the Lease goes out of scope, and by the
// signal cleanup (base::install_signal_cleanup) on Ctrl-C, SIGTERM or SIGHUP. Only a SIGKILL
// (or a power cut) leaves the lock: `labgrid-client who` shows it, `-p PLACE release` clears it.
#include <memory>
#include <string>

#include "base/process.hpp"
#include "host/farm/labgrid_cli.hpp"
#include "host/farm/place_resources.hpp"

namespace aotbench::farm {

class Lease {
 public:
  // Takes over `place`, which `cli` has just acquired.
  Lease(LabgridCli cli, std::string place);
  ~Lease();  // release(); a failure is printed on stderr, not thrown
  Lease(Lease&& other) noexcept;
  Lease& operator=(Lease&&) = delete;
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;

  const std::string& place() const { return place_; }
  const PlaceResources& resources() const { return resources_; }
  void set_resources(PlaceResources r) { resources_ = std::move(r); }
  bool held() const { return held_; }

  // Releases the place now (idempotent). Throws FarmError when labgrid refuses, e.g. when someone
  // has kicked us out and acquired it (the place is not ours to release then).
  void release();

 private:
  LabgridCli cli_;
  std::string place_;
  PlaceResources resources_;
  bool held_ = true;
  std::unique_ptr<base::SignalCleanupCommand> on_signal_;
};

}  // namespace aotbench::farm
