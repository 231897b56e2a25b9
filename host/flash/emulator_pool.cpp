// See emulator_pool.hpp.
#include "flash/emulator_pool.hpp"

namespace aotbench::flash {

EmulatorPool::EmulatorPool(board::Profile p, QemuOptions o) : profile_(std::move(p)), options_(std::move(o)) {}

EmulatorPool::~EmulatorPool() = default;

EmulatorPool::Lease::Lease(EmulatorPool& pool, std::unique_ptr<QemuInstance> emulator)
    : pool_(&pool), emulator_(std::move(emulator)) {}

EmulatorPool::Lease::~Lease() {
  if (!emulator_) return;  // moved from
  if (discard_ || !emulator_->running()) {
    emulator_->stop();
    return;
  }
  pool_->give_back(std::move(emulator_));
}

EmulatorPool::Lease EmulatorPool::lease() {
  {
    std::lock_guard lock(mutex_);
    while (!idle_.empty()) {
      std::unique_ptr<QemuInstance> e = std::move(idle_.back());
      idle_.pop_back();
      if (e->running()) return Lease(*this, std::move(e));
    }
    ++started_;
  }
  // Started outside the lock: another worker may lease or give back meanwhile.
  return Lease(*this, std::make_unique<QemuInstance>(profile_, options_));
}

int EmulatorPool::started() const {
  std::lock_guard lock(mutex_);
  return started_;
}

void EmulatorPool::give_back(std::unique_ptr<QemuInstance> emulator) {
  std::lock_guard lock(mutex_);
  idle_.push_back(std::move(emulator));
}

}  // namespace aotbench::flash
