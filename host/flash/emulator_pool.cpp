// See emulator_pool.hpp.
#include "host/flash/emulator_pool.hpp"

#include <exception>
#include <future>

namespace aotbench::flash {

EmulatorPool::EmulatorPool(board::Profile p, QemuOptions o)
    : profile_(std::move(p)), options_(std::move(o)), starter_([this] { starter_loop(); }) {}

EmulatorPool::~EmulatorPool() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  starter_.join();
}  // the idle emulators are stopped by their destructors

void EmulatorPool::starter_loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return quit_ || !requests_.empty(); });
    if (quit_) return;
    std::vector<std::function<void()>> now;
    now.swap(requests_);
    lock.unlock();
    for (auto& request : now) request();
    lock.lock();
  }
}

std::unique_ptr<QemuInstance> EmulatorPool::start_one() {
  std::packaged_task<std::unique_ptr<QemuInstance>()> task(
      [this] { return std::make_unique<QemuInstance>(profile_, options_); });
  std::future<std::unique_ptr<QemuInstance>> started = task.get_future();
  {
    std::lock_guard lock(mutex_);
    ++started_;
    requests_.emplace_back([&task] { task(); });
  }
  wake_.notify_all();
  return started.get();  // rethrows the start's exception
}

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
  }
  return Lease(*this, start_one());
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
