// See farm_boards.hpp.
#include "host/farm/farm_boards.hpp"

#include <fmt/core.h>

#include "host/farm/errors.hpp"

namespace aotbench::farm {

flash::RemoteBoard remote_board(const PlaceResources& r) {
  const auto probe = r.tags.find(kProbeTag);
  flash::BoardAccess access;
  access.flasher = r.flasher;
  access.serial = (r.serial_kind == "rfc2217" ? "rfc2217:" : "tcp:") + r.serial.str();
  access.probe = probe == r.tags.end() ? "" : probe->second;
  access.gdb = r.gdb.str();
  return {r.place, r.exporter, access};
}

FarmBoards take_farm_boards(const Client& client, const FarmSpec& spec, int max_places, const ReserveOptions& o,
                            const std::function<void(const std::string&)>& note) {
  FarmBoards out;
  out.leases.push_back(client.lease(spec, o));
  out.board = out.leases.front().resources().board;
  if (spec.by_tags()) {
    for (const PlaceInfo& p : client.places()) {
      if (max_places > 0 && static_cast<int>(out.leases.size()) >= max_places) break;
      if (p.name == out.leases.front().place() || !place_has_tags(p, spec.tags)) continue;
      if (!p.acquired.empty() || !p.reservation.empty()) {
        note(fmt::format("place {} has the tags but is {}: not used", p.name,
                         p.acquired.empty() ? "allocated to another reservation" : "held by " + p.acquired));
        continue;
      }
      const auto board = p.tags.find(kBoardTag);
      if (board == p.tags.end() || board->second != out.board) {
        note(fmt::format("place {} has the tags but another board ({}): not used", p.name,
                         board == p.tags.end() ? "none" : board->second));
        continue;
      }
      try {
        out.leases.push_back(client.acquire(p.name));
      } catch (const FarmError& e) {  // taken meanwhile, or not usable: the others still are
        note(fmt::format("place {}: not used: {}", p.name, e.what()));
      }
    }
  }
  for (const Lease& l : out.leases) out.boards.push_back(remote_board(l.resources()));
  return out;
}

}  // namespace aotbench::farm
