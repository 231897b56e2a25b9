#pragma once
// Emulators that stay up across firmwares, as boards on a bench do: a sweep's worker leases one,
// loads its variant into it through the gdbstub (QemuInstance::load: reset, load, verify, run),
// measures, and gives it back. No more run at once than are leased at once, i.e. one per worker.
// One that exited (a firmware that locks the core up ends QEMU) or that a failed measurement
// left in doubt is discarded, and the next lease starts a fresh one.
#include <memory>
#include <mutex>
#include <vector>

#include "board/profile.hpp"
#include "flash/qemu.hpp"

namespace aotbench::flash {

class EmulatorPool {
 public:
  EmulatorPool(board::Profile p, QemuOptions o);
  ~EmulatorPool();
  EmulatorPool(const EmulatorPool&) = delete;
  EmulatorPool& operator=(const EmulatorPool&) = delete;

  class Lease {
   public:
    Lease(EmulatorPool& pool, std::unique_ptr<QemuInstance> emulator);
    Lease(Lease&&) = default;
    ~Lease();  // back to the pool, unless discarded or no longer running
    QemuInstance& operator*() { return *emulator_; }
    QemuInstance* operator->() { return emulator_.get(); }
    void discard() { discard_ = true; }  // stopped instead of reused

   private:
    EmulatorPool* pool_;
    std::unique_ptr<QemuInstance> emulator_;
    bool discard_ = false;
  };

  // An idle emulator, or a new one started halted; throws ProcessError when QEMU cannot start.
  Lease lease();
  int started() const;  // emulators started so far

 private:
  void give_back(std::unique_ptr<QemuInstance> emulator);

  board::Profile profile_;
  QemuOptions options_;
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<QemuInstance>> idle_;
  int started_ = 0;
};

}  // namespace aotbench::flash
