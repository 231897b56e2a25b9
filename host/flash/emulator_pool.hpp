#pragma once
// Emulators that stay up across firmwares, as boards on a bench do: a sweep's worker leases one,
// loads its variant into it through the gdbstub (QemuInstance::load: reset, load, verify, run),
// measures, and gives it back. No more run at once than are leased at once, i.e. one per worker.
// One that exited (a firmware that locks the core up ends QEMU) or that a failed measurement
// left in doubt is discarded, and the next lease starts a fresh one.
//
// The emulators are started by the pool's own thread, not the worker's: the kernel kills a child
// when the thread that forked it ends (PR_SET_PDEATHSIG), and a worker thread may end while
// another worker still measures on the emulator it started.
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "host/board/profile.hpp"
#include "host/flash/qemu.hpp"

namespace aotbench::flash {

class EmulatorPool {
 public:
  EmulatorPool(board::Profile p, QemuOptions o);
  ~EmulatorPool();  // stops the idle emulators and the starting thread
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

  // An idle emulator, or a new one started halted; throws base::ProcessError when QEMU cannot start.
  Lease lease();
  int started() const;  // emulators started so far

 private:
  void give_back(std::unique_ptr<QemuInstance> emulator);
  std::unique_ptr<QemuInstance> start_one();  // on the starter thread; throws what QemuInstance throws
  void starter_loop();

  board::Profile profile_;
  QemuOptions options_;
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<QemuInstance>> idle_;
  int started_ = 0;
  // The starter thread's queue: each request is run there and wakes its caller.
  std::condition_variable wake_;
  std::vector<std::function<void()>> requests_;
  bool quit_ = false;
  std::thread starter_;
};

}  // namespace aotbench::flash
