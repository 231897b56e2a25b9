#include "host/search/cross_product/cross_product.hpp"

namespace aotbench::search {

std::vector<Proposal> CrossProduct::next(const SearchState&) {
  if (proposed_) return {};
  proposed_ = true;
  std::vector<Proposal> batch;
  for (const auto& v : todo_) batch.push_back({v, true});
  return batch;
}

}  // namespace aotbench::search
