#pragma once
// The device's RPC server (host build, device/host) on a thread of its own behind a byte queue
// each way, so the client's waits are real: a model call takes wall time (ab_test_model_hook),
// and frames the device sends can be lost on the way (drop). Like the firmware it announces itself
// with a banner when it starts, and starts again (a new banner) after a Reset or restart().
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "ab_port.h"
#include "transport/framing/ab_frame.h"
#include "transport/link/link.hpp"
#include "port_host.h"
#include "server.h"

extern "C" void (*ab_test_model_hook)(void);  // loopback_model.c: called by every model run

namespace aotbench::transport::test {

// The flags byte of one whole frame as the device writes it (0x00, COBS, 0x00).
inline std::uint8_t frame_flags(const std::uint8_t* wire, std::size_t len) {
  std::vector<std::uint8_t> buf(len);
  ab_deframer d;
  ab_deframer_init(&d, buf.data(), buf.size());
  for (std::size_t i = 0; i < len; ++i) {
    ab_frame f;
    if (ab_deframer_push(&d, wire[i], &f) == AB_RX_FRAME) return f.flags;
  }
  return 0xFF;
}

class ThreadedDevice : public Link {
 public:
  // Given each frame the device sends; true loses it.
  std::function<bool(std::uint8_t flags)> drop;

  ThreadedDevice() {
    ab_host_set_writer(&ThreadedDevice::from_device, this);
    start();
    thread_ = std::thread([this] { serve(); });
  }
  ~ThreadedDevice() override {
    {
      std::lock_guard<std::mutex> l(m_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
    ab_host_set_writer(nullptr, nullptr);
  }

  void write(std::span<const std::uint8_t> data, Clock::time_point) override {
    {
      std::lock_guard<std::mutex> l(m_);
      to_device_.insert(to_device_.end(), data.begin(), data.end());
    }
    cv_.notify_all();
  }
  std::size_t read_some(std::span<std::uint8_t> buf, Clock::time_point deadline) override {
    std::unique_lock<std::mutex> l(m_);
    cv_.wait_until(l, deadline, [&] { return !to_host_.empty(); });
    std::size_t n = std::min(buf.size(), to_host_.size());
    std::copy_n(to_host_.begin(), n, buf.begin());
    to_host_.erase(to_host_.begin(), to_host_.begin() + static_cast<long>(n));
    return n;
  }
  std::string describe() const override { return "threaded device"; }

  // The device starts again on its own (a watchdog, a brown-out, the reset button): what it has
  // not read yet is lost, then it announces itself.
  void restart() {
    {
      std::lock_guard<std::mutex> l(m_);
      restart_ = true;
    }
    cv_.notify_all();
  }

  // What the firmware does when it starts (device/arm/main.c), on the device's thread.
  static void start() {
    ab_counter_init();
    ab_server_init();
    ab_server_banner();
  }

 private:
  void serve() {
    for (;;) {
      std::uint8_t b;
      {
        std::unique_lock<std::mutex> l(m_);
        cv_.wait(l, [&] { return stop_ || restart_ || !to_device_.empty(); });
        if (stop_) return;
        if (restart_) {
          restart_ = false;
          to_device_.clear();
          l.unlock();
          start();
          continue;
        }
        b = to_device_.front();
        to_device_.pop_front();
      }
      const int resets = ab_host_reset_count();
      ab_server_feed(b);  // runs requests, the model included, on this thread
      if (ab_host_reset_count() != resets && ab_host_reset_requested() == 1) start();  // Reset, not exit
    }
  }
  static void from_device(const std::uint8_t* data, std::size_t len, void* ctx) {
    auto* self = static_cast<ThreadedDevice*>(ctx);
    if (self->drop && self->drop(frame_flags(data, len))) return;
    {
      std::lock_guard<std::mutex> l(self->m_);
      self->to_host_.insert(self->to_host_.end(), data, data + len);
    }
    self->cv_.notify_all();
  }

  std::mutex m_;
  std::condition_variable cv_;
  std::deque<std::uint8_t> to_device_, to_host_;
  bool stop_ = false, restart_ = false;
  std::thread thread_;
};

}  // namespace aotbench::transport::test
