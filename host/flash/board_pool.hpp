#pragma once
// Boards reached over the network that a sweep shares out among its workers: each one a GDB
// server to load through and a serial port on TCP (a served emulator, a farm's board behind a
// labgrid exporter). A worker leases a free board for one variant and gives it back; a board that
// stopped answering is retired, with the reason, and its variant goes to another.
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "host/flash/board_access.hpp"

namespace aotbench::flash {

struct RemoteBoard {
  std::string name;  // what results call it: a labgrid place, or the GDB address
  std::string host;  // the host it hangs off (a labgrid exporter), for provenance
  // gdb: HOST:PORT of its GDB server (a gdbstub, OpenOCD, pyOCD); serial: tcp:HOST:PORT (raw) or
  // rfc2217:HOST:PORT of its UART; probe: the probe's serial number, when known (provenance);
  // flasher: the GDB server's kind, a flash tool's name (empty: the profile's).
  BoardAccess access;
};

class BoardPool {
 public:
  explicit BoardPool(std::vector<RemoteBoard> boards);
  BoardPool(const BoardPool&) = delete;
  BoardPool& operator=(const BoardPool&) = delete;

  class Lease {
   public:
    Lease(BoardPool& pool, std::size_t index) : pool_(&pool), index_(index) {}
    Lease(Lease&& o) noexcept : pool_(o.pool_), index_(o.index_) { o.pool_ = nullptr; }
    Lease& operator=(Lease&&) = delete;
    ~Lease();  // back to the pool, unless retired
    const RemoteBoard& operator*() const { return pool_->boards_[index_]; }
    const RemoteBoard* operator->() const { return &pool_->boards_[index_]; }
    // Out of service for the rest of the sweep: it failed in a way that says the board or its
    // host is gone (no GDB server, a closed serial port), not that the firmware misbehaved.
    void retire(const std::string& why);

   private:
    BoardPool* pool_;
    std::size_t index_;
  };

  // Waits for a free board; empty once every board is retired.
  std::optional<Lease> lease();
  std::size_t in_service() const;
  // Retired boards and why, in the order they were retired.
  std::vector<std::pair<std::string, std::string>> retired() const;

 private:
  void give_back(std::size_t index, const std::string& retired_why);

  std::vector<RemoteBoard> boards_;
  mutable std::mutex mutex_;
  std::condition_variable freed_;
  std::vector<bool> busy_, out_;
  std::vector<std::pair<std::string, std::string>> retired_;
};

}  // namespace aotbench::flash
