// `aotbench farm places` and `aotbench farm lease SPEC`: look at a labgrid board farm, and take one
// of its boards as a sweep will (`--board labgrid:PLACE` or `labgrid:TAG=VALUE`), print what the
// place exports, hold it if asked, and release it.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <atomic>
#include <csignal>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "host/cli/commands.hpp"
#include "host/farm/board_spec.hpp"
#include "host/farm/client.hpp"
#include "host/farm/errors.hpp"

namespace aotbench::cli {
namespace {

struct Options {
  std::string coordinator;
  bool json = false;
  std::string spec;
  std::optional<double> hold_s;
  double timeout_s = 0;
};

nlohmann::json place_json(const farm::PlaceInfo& p) {
  return {{"name", p.name}, {"aliases", p.aliases}, {"comment", p.comment}, {"tags", p.tags},
          {"board", p.tags.count(farm::kBoardTag) ? p.tags.at(farm::kBoardTag) : ""},
          {"acquired", p.acquired.empty() ? nlohmann::json(nullptr) : nlohmann::json(p.acquired)},
          {"changed", p.changed}, {"reservation", p.reservation.empty() ? nlohmann::json(nullptr) : nlohmann::json(p.reservation)},
          {"matches", p.matches}};
}

void places(const Options& o) {
  const farm::Client client(o.coordinator);
  const auto list = client.places();
  if (o.json) {
    nlohmann::json j = {{"coordinator", client.coordinator()}, {"places", nlohmann::json::array()}};
    for (const auto& p : list) j["places"].push_back(place_json(p));
    fmt::print("{}\n", j.dump(2));
    return;
  }
  fmt::print("labgrid coordinator {}: {} place(s)\n", client.coordinator(), list.size());
  for (const auto& p : list)
    fmt::print("{:<20} {:<18} {:<24} {}\n", p.name,
               p.tags.count(farm::kBoardTag) ? p.tags.at(farm::kBoardTag) : "(no aotbench-board)",
               p.acquired.empty() ? (p.reservation.empty() ? "free" : "reserved " + p.reservation) : "held by " + p.acquired,
               farm::tags_str(p.tags));
}

// Ctrl-C and SIGTERM while holding: this flag is set, the signal cleanup (chained in front)
// releases the place, and `lease` ends with 130.
std::atomic<bool> g_stop{false};
void on_stop(int) { g_stop = true; }

void lease(const Options& o) {
  const farm::FarmSpec spec = farm::parse_board_spec(o.spec);
  struct sigaction sa {};
  sa.sa_handler = on_stop;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  base::install_signal_cleanup();  // after ours, so that it runs first and chains to ours

  const farm::Client client(o.coordinator);
  farm::ReserveOptions ro;
  ro.timeout = std::chrono::milliseconds(static_cast<long>(o.timeout_s * 1000));
  ro.progress = [](const farm::ReserveProgress& p) { fmt::print(stderr, "aotbench: {}\n", farm::describe(p)); };
  std::optional<farm::Lease> held;
  try {
    held.emplace(client.lease(spec, ro));
  } catch (const farm::FarmError&) {
    if (g_stop) throw CLI::RuntimeError(kExitInterrupted);  // the signal ended the wait; nothing is held
    throw;
  }
  const farm::PlaceResources& r = held->resources();
  if (o.json) {
    nlohmann::json j = r.to_json();
    j["coordinator"] = client.coordinator();
    fmt::print("{}\n", j.dump(2));
  } else {
    fmt::print("place {} (board {}) acquired by {} at {}\n  serial {} ({}, {} baud), exporter {}\n  gdb    {}{}\n",
               r.place, r.board, r.owner, client.coordinator(), r.serial.str(), r.serial_kind, r.serial_speed,
               r.exporter, r.gdb.str(), r.flasher.empty() ? "" : " (" + r.flasher + ")");
  }
  std::fflush(stdout);
  if (o.hold_s) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(static_cast<long>(*o.hold_s * 1000));
    while (!g_stop && (*o.hold_s == 0 || std::chrono::steady_clock::now() < until))
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  held.reset();  // releases (unless the signal cleanup already did)
  if (!o.json) fmt::print(stderr, "aotbench: released place {}\n", r.place);
  if (g_stop) throw CLI::RuntimeError(kExitInterrupted);
}

}  // namespace

void add_farm(CLI::App& app) {
  static Options o;
  auto* farm = app.add_subcommand("farm", "a labgrid board farm: its places, and taking one of its boards");
  farm->require_subcommand(1);
  auto coordinator = [](CLI::App* c) {
    c->add_option("--coordinator", o.coordinator,
                  "labgrid coordinator HOST:PORT (default: $LG_COORDINATOR, else 127.0.0.1:20408)");
    c->add_flag("--json", o.json, "print JSON on stdout");
  };
  auto* p = farm->add_subcommand("places", "list the places: board profile (tag aotbench-board), holder, tags");
  coordinator(p);
  p->callback([] { places(o); });

  auto* l = farm->add_subcommand(
      "lease", "take a board as `--board labgrid:...` will: acquire the place (or reserve by tags and wait for one), "
               "print its UART and GDB server, hold it if asked, release it; exit 130 on Ctrl-C, released");
  l->add_option("spec", o.spec, "labgrid:PLACE or labgrid:TAG=VALUE[,TAG=VALUE]")->required();
  coordinator(l);
  l->add_option("--hold", o.hold_s, "hold the place SECONDS before releasing it; 0: until Ctrl-C or SIGTERM")
      ->check(CLI::Range(0.0, 86400.0));
  l->add_option("--timeout", o.timeout_s, "reserving by tags: give up after SECONDS (default 0: wait as long as it takes)")
      ->check(CLI::Range(0.0, 86400.0));
  l->callback([] { lease(o); });
}

}  // namespace aotbench::cli
