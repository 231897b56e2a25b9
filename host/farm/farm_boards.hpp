#pragma once
// The places a sweep measures on, as boards its workers share (flash::BoardPool): for
// labgrid:PLACE that place; for labgrid:TAG=VALUE the place the coordinator allocates to our
// reservation (after waiting our turn), then every other place with those tags and the same board
// profile that is free at that moment, so one sweep spreads over all free boards of its kind.
// Places held by others, or allocated to their reservations, are left to them.
#include <string>
#include <vector>

#include "host/farm/client.hpp"
#include "host/flash/board_pool.hpp"

namespace aotbench::farm {

struct FarmBoards {
  std::vector<Lease> leases;               // held until the sweep ends
  std::string board;                       // the profile every place carries (tag aotbench-board)
  std::vector<flash::RemoteBoard> boards;  // one per lease
};

// A place's endpoints as a board to load and talk to: the GDB server, the UART (tcp: for raw,
// rfc2217: for RFC 2217), the exporter as its host.
flash::RemoteBoard remote_board(const PlaceResources& r);

// `max_places` 0: every free one. `note` hears which places were added or left out, and why.
FarmBoards take_farm_boards(const Client& client, const FarmSpec& spec, int max_places, const ReserveOptions& o,
                            const std::function<void(const std::string&)>& note);

}  // namespace aotbench::farm
