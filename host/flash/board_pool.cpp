// See board_pool.hpp.
#include "host/flash/board_pool.hpp"

#include <stdexcept>

namespace aotbench::flash {

BoardPool::BoardPool(std::vector<RemoteBoard> boards)
    : boards_(std::move(boards)), busy_(boards_.size(), false), out_(boards_.size(), false) {
  if (boards_.empty()) throw std::invalid_argument("a board pool needs at least one board");
}

BoardPool::Lease::~Lease() {
  if (pool_) pool_->give_back(index_, "");
}

void BoardPool::Lease::retire(const std::string& why) {
  if (!pool_) return;
  pool_->give_back(index_, why.empty() ? "retired" : why);
  pool_ = nullptr;
}

std::optional<BoardPool::Lease> BoardPool::lease() {
  std::unique_lock lock(mutex_);
  for (;;) {
    bool any_in_service = false;
    for (std::size_t i = 0; i < boards_.size(); ++i) {
      if (out_[i]) continue;
      any_in_service = true;
      if (busy_[i]) continue;
      busy_[i] = true;
      return Lease(*this, i);
    }
    if (!any_in_service) return std::nullopt;
    freed_.wait(lock);
  }
}

std::size_t BoardPool::in_service() const {
  std::lock_guard lock(mutex_);
  std::size_t n = 0;
  for (bool out : out_) n += !out;
  return n;
}

std::vector<std::pair<std::string, std::string>> BoardPool::retired() const {
  std::lock_guard lock(mutex_);
  return retired_;
}

void BoardPool::give_back(std::size_t index, const std::string& retired_why) {
  {
    std::lock_guard lock(mutex_);
    busy_[index] = false;
    if (!retired_why.empty()) {
      out_[index] = true;
      retired_.emplace_back(boards_[index].name, retired_why);
    }
  }
  freed_.notify_all();
}

}  // namespace aotbench::flash
