#pragma once
// aotbench as a labgrid client: list places, take one by name, or reserve by tags and wait for
// whichever matching place is free first (labgrid's coordinator schedules; we never pick a place
// ourselves). Every call runs labgrid-client (labgrid_cli.hpp), 1-2 s each.
#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "host/farm/board_spec.hpp"
#include "host/farm/labgrid_cli.hpp"
#include "host/farm/labgrid_records.hpp"
#include "host/farm/lease.hpp"

namespace aotbench::farm {

// While a reservation waits: how long, how many reservations are ahead of it, and the places it
// waits for with their holders.
struct ReserveProgress {
  std::string token;
  std::map<std::string, std::string> tags;
  double seconds = 0;
  int ahead = 0;                       // waiting reservations the coordinator serves first
  std::vector<PlaceInfo> candidates;   // places with the tags (acquired: who holds each)
};
std::string describe(const ReserveProgress& p);  // one line for a terminal

struct ReserveOptions {
  std::chrono::milliseconds timeout{0};  // 0: wait as long as it takes
  std::chrono::milliseconds progress_every{std::chrono::seconds(5)};
  std::function<void(const ReserveProgress&)> progress;  // called while waiting, first at once
  int prio = 0;                                          // labgrid's reservation priority
};

class Client {
 public:
  // `coordinator`: HOST:PORT, or empty for $LG_COORDINATOR or labgrid's default (127.0.0.1:20408).
  explicit Client(const std::string& coordinator = "");

  const LabgridCli& cli() const { return cli_; }
  const std::string& coordinator() const { return cli_.coordinator(); }

  std::vector<PlaceInfo> places() const;
  std::vector<ReservationInfo> reservations() const;
  PlaceInfo show(const std::string& place) const;  // with its resources

  // The place named `place` (or with that alias), now or an error saying who holds it.
  Lease acquire(const std::string& place) const;
  // A reservation for places with all `tags`; waits for the coordinator to allocate one, then
  // acquires it. The reservation is cancelled on every path (the lock is what holds the place).
  Lease reserve(const std::map<std::string, std::string>& tags, const ReserveOptions& o = {}) const;
  // Either, as the spec says.
  Lease lease(const FarmSpec& spec, const ReserveOptions& o = {}) const;

 private:
  LabgridCli cli_;
  [[noreturn]] void explain_acquire_failure(const std::string& place, const std::string& output) const;
  Lease take(const std::string& place, const std::string& asked) const;
};

}  // namespace aotbench::farm
