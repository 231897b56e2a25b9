// See client.hpp. The reservation flow is labgrid's: `reserve TAG=VALUE` -> token; `wait TOKEN`
// polls until the coordinator allocates a place (polling also keeps the reservation alive: an
// unpolled one expires after 60 s); `-p +TOKEN acquire` locks the allocated place. We then cancel
// the reservation: the lock protects the place, and a released place whose reservation is still
// allocated stays unavailable to the next one for up to a minute.
#include "host/farm/client.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <thread>

#include "base/files.hpp"
#include "host/farm/errors.hpp"
#include "host/farm/place_resources.hpp"

namespace aotbench::farm {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr std::chrono::seconds kCancelTimeout{15};

// The place an acquire locked, from its answer.
std::string acquired_name(const nlohmann::json& answer) {
  if (!answer.is_object() || !answer.contains("place") || !answer["place"].is_string())
    throw FarmError(fmt::format("cannot read the place labgrid acquired: {}", answer.dump()));
  return answer["place"].get<std::string>();
}

std::vector<PlaceInfo> with_tags(const std::vector<PlaceInfo>& places, const std::map<std::string, std::string>& tags) {
  std::vector<PlaceInfo> out;
  for (const auto& p : places)
    if (place_has_tags(p, tags)) out.push_back(p);
  return out;
}

std::string holder_text(const PlaceInfo& p) {
  if (p.acquired.empty()) return p.reservation.empty() ? "free" : "allocated to reservation " + p.reservation;
  const auto slash = p.acquired.find('/');
  return fmt::format("held by {} on {} since {}", p.acquired.substr(slash + 1), p.acquired.substr(0, slash),
                     p.changed.substr(0, p.changed.find('.')));
}

std::string places_with_tags(const std::vector<PlaceInfo>& places) {
  std::vector<std::string> out;
  for (const auto& p : places) out.push_back(p.tags.empty() ? p.name + " (no tags)" : p.name + " (" + tags_str(p.tags) + ")");
  return out.empty() ? "none" : fmt::format("{}", fmt::join(out, ", "));
}

// A reservation of ours: cancelled when it goes out of scope, or by the signal cleanup.
class ReservationGuard {
 public:
  ReservationGuard(const LabgridCli& cli, std::string token)
      : cli_(cli),
        token_(std::move(token)),
        on_signal_(std::make_unique<base::SignalCleanupCommand>(cli_.command({"cancel-reservation", token_}),
                                                                 kCancelTimeout)) {}
  ~ReservationGuard() { cancel(); }
  void cancel() noexcept {
    if (!on_signal_) return;
    if (!on_signal_->taken()) {
      try {
        const auto r = cli_.run({"cancel-reservation", token_});
        if (r.exit_code != 0 && r.output.find("does not exist") == std::string::npos)
          fmt::print(stderr, "aotbench: could not cancel labgrid reservation {}: {}\n", token_, labgrid_error(r.output));
      } catch (const std::exception& e) {
        fmt::print(stderr, "aotbench: could not cancel labgrid reservation {}: {}\n", token_, e.what());
      }
    }
    on_signal_.reset();
  }

 private:
  const LabgridCli& cli_;
  std::string token_;
  std::unique_ptr<base::SignalCleanupCommand> on_signal_;
};

}  // namespace

std::string describe(const ReserveProgress& p) {
  std::vector<std::string> places;
  for (const auto& c : p.candidates) places.push_back(c.name + " " + holder_text(c));
  return fmt::format("waiting for a place with {} ({:.0f} s, {} reservation(s) ahead): {}", tags_str(p.tags),
                     p.seconds, p.ahead, fmt::join(places, "; "));
}

Client::Client(const std::string& coordinator) : cli_(resolve_coordinator(coordinator)) {}

std::vector<PlaceInfo> Client::places() const { return places_from_json(cli_.query({"places"})); }

std::vector<ReservationInfo> Client::reservations() const { return reservations_from_json(cli_.query({"reservations"})); }

PlaceInfo Client::show(const std::string& place) const {
  nlohmann::json answer;
  const base::CommandResult r = cli_.run_query({"show", place}, answer);
  if (r.exit_code != 0) explain_acquire_failure(place, r.output);
  return place_from_json(answer);
}

void Client::explain_acquire_failure(const std::string& place, const std::string& output) const {
  const std::string why = labgrid_error(output);
  const std::string who = cli_.shown({"who"});
  if (why.find("matches nothing") != std::string::npos) {
    throw FarmError(fmt::format("no place named {} at the labgrid coordinator {}; its places: {} (`aotbench farm "
                                "places --coordinator {}`)",
                                place, coordinator(), places_with_tags(places()), coordinator()));
  }
  if (why.find("matches multiple places") != std::string::npos)
    throw FarmError(fmt::format("{} names several places at {} ({}): give one's full name", place, coordinator(), why));
  if (why.find("already acquired") != std::string::npos) {
    PlaceInfo p;
    try {
      p = show(place);
    } catch (const FarmError&) {
      throw FarmError(fmt::format("place {} is held by someone else: {} (`{}` lists every holder)", place, why, who));
    }
    if (p.acquired == labgrid_identity())
      throw FarmError(fmt::format(
          "place {} is already {} — you ({}): another aotbench or labgrid-client of yours is using it, or one was killed "
          "(kill -9) and left its lock. If none is running, `{}` frees it",
          p.name, holder_text(p), p.acquired, cli_.shown({"-p", p.name, "release"})));
    throw FarmError(fmt::format("place {} is {}: wait, ask them, or take any free board like it with "
                                "--board labgrid:{}=... (`{}` lists every holder)",
                                p.name, holder_text(p), kBoardTag, who));
  }
  if (why.find("has no matching remote resource") != std::string::npos)
    throw FarmError(fmt::format("place {}: {}: is its exporter running and connected to {}? (`{}`)", place, why,
                                coordinator(), cli_.shown({"-p", place, "show"})));
  throw FarmError(fmt::format("labgrid could not acquire place {}: {}", place, why));
}

// After labgrid-client said "acquired place NAME": the lease, its resources, and whether NAME is
// the place asked for (labgrid matches -p as a substring of names and aliases; `asked` is empty
// for the place a reservation was given).
Lease Client::take(const std::string& name, const std::string& asked) const {
  Lease lease(cli_, name);
  const PlaceInfo info = show(name);
  if (!asked.empty() && asked != name && std::find(info.aliases.begin(), info.aliases.end(), asked) == info.aliases.end())
    throw FarmError(fmt::format("no place is named {} at {}: labgrid took it for place {} (it matches parts of "
                                "names); give the full name",
                                asked, coordinator(), name));
  lease.set_resources(resolve_resources(info, coordinator()));
  return lease;
}

Lease Client::acquire(const std::string& place) const {
  nlohmann::json answer;
  const base::CommandResult r = cli_.run_query({"acquire", place}, answer);
  if (r.exit_code != 0) explain_acquire_failure(place, r.output);
  return take(acquired_name(answer), place);
}

Lease Client::reserve(const std::map<std::string, std::string>& tags, const ReserveOptions& o) const {
  const auto all = places();
  if (with_tags(all, tags).empty())
    throw FarmError(fmt::format("no place at the labgrid coordinator {} has the tags {}: its places are {}; tag one "
                                "with `{}`",
                                coordinator(), tags_str(tags), places_with_tags(all),
                                cli_.shown({"-p", "PLACE", "set-tags", tags_str(tags)})));

  std::vector<std::string> args = {"reserve"};
  if (o.prio != 0) args.insert(args.end(), {"--prio", std::to_string(o.prio)});
  for (const auto& [k, v] : tags) args.push_back(k + "=" + v);
  const ReservationInfo made = reservation_from_json(cli_.query(args));
  if (made.token.empty()) throw FarmError(fmt::format("labgrid made a reservation for {} without a token", tags_str(tags)));
  const std::string token = made.token;
  ReservationGuard guard(cli_, token);

  if (made.state != "allocated") {
    const fs::path log = fs::temp_directory_path() / fmt::format("aotbench-labgrid-wait-{}-{}.log", getpid(), token);
    const QueryAnswerFile answer;
    base::ChildProcess waiter(cli_.query_command({"wait", token}, answer.path()), log);
    const auto start = Clock::now();
    auto next_progress = start;
    while (waiter.running()) {
      const auto now = Clock::now();
      if (o.timeout.count() > 0 && now - start > o.timeout) {
        std::vector<std::string> held;
        for (const auto& p : with_tags(places(), tags)) held.push_back(p.name + " " + holder_text(p));
        fs::remove(log);
        throw FarmError(fmt::format("no place with {} was free within {} s: {}", tags_str(tags), o.timeout.count() / 1000,
                                    fmt::join(held, "; ")));
      }
      if (o.progress && now >= next_progress) {
        ReserveProgress pr;
        pr.token = token;
        pr.tags = tags;
        pr.seconds = std::chrono::duration<double>(now - start).count();
        for (const auto& r : reservations()) {  // in the order the coordinator serves them: priority, then age
          if (r.token == token) break;
          pr.ahead += r.state == "waiting";
        }
        pr.candidates = with_tags(places(), tags);
        o.progress(pr);
        next_progress = Clock::now() + o.progress_every;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    const std::string out = base::read_text(log);
    fs::remove(log);
    std::string state;
    if (waiter.exit_code() == 0) state = reservation_from_json(read_query_answer(answer.path())).state;
    if (state != "allocated")
      throw FarmError(fmt::format("labgrid reservation {} for {} ended {}: {}", token, tags_str(tags),
                                  state.empty() ? "without an allocation" : state, labgrid_error(out)));
  }

  nlohmann::json acquired;
  const base::CommandResult r = cli_.run_query({"acquire", "+" + token}, acquired);
  if (r.exit_code != 0)
    throw FarmError(fmt::format("labgrid allocated a place to reservation {} but it could not be acquired: {}", token,
                                labgrid_error(r.output)));
  Lease lease = take(acquired_name(acquired), "");
  guard.cancel();
  return lease;
}

Lease Client::lease(const FarmSpec& spec, const ReserveOptions& o) const {
  return spec.by_tags() ? reserve(spec.tags, o) : acquire(spec.place);
}

}  // namespace aotbench::farm
