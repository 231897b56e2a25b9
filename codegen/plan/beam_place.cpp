// Placement over time: the operators in execution order, the buffers each one writes placed
// among those still alive, keeping the `width` best partial plans (a beam search; unbounded,
// an exhaustive search over these positions). The greedy orders place a buffer once for its
// whole life; here each choice is weighed against the others made at the same operator, and a
// chain of operators in place (each output below its input) cannot drift down to the bottom of
// the arena and stop there: another partial plan has put the chain's start higher.
#include <algorithm>
#include <map>
#include <limits>
#include <numeric>

#include "codegen/plan/greedy.hpp"

namespace aotbench::codegen::plan_detail {
namespace {

constexpr int64_t kUnplaced = std::numeric_limits<int64_t>::min();

// Offsets may be negative while the search runs (a chain in place grows downwards); the plan is
// shifted up at the end. What counts is the extent, from the lowest byte used to the highest.
struct Partial {
  std::vector<int64_t> offset;  // kUnplaced: not placed yet
  int64_t low = 0, high = 0;    // the bytes used so far: [low, high)
  int64_t live_span = 0;        // sum of the ends of the buffers alive after the operator, less low
  bool any = false;             // whether a buffer is placed (low and high mean something)
  int64_t extent() const { return high - low; }
};

}  // namespace

std::vector<int64_t> place_by_time(const std::vector<BufferLife>& buffers, int64_t alignment,
                                   const std::vector<PairWindow>& windows, std::size_t width,
                                   bool* exhaustive) {
  int last = -1;
  for (const BufferLife& b : buffers) last = std::max(last, b.last_op);
  std::vector<std::vector<int>> born(static_cast<std::size_t>(last + 1));
  for (std::size_t i = 0; i < buffers.size(); ++i) born[static_cast<std::size_t>(buffers[i].first_op)].push_back(static_cast<int>(i));
  for (auto& v : born) {
    std::stable_sort(v.begin(), v.end(), [&](int a, int b) { return buffers[a].bytes > buffers[b].bytes; });
  }
  std::vector<std::vector<const PairWindow*>> windows_of(buffers.size());
  for (const PairWindow& w : windows) {
    windows_of[static_cast<std::size_t>(w.input)].push_back(&w);
    windows_of[static_cast<std::size_t>(w.output)].push_back(&w);
  }
  if (exhaustive) *exhaustive = true;

  std::vector<Partial> beam{Partial{std::vector<int64_t>(buffers.size(), kUnplaced), 0, 0, 0, false}};
  std::vector<int> live;
  for (int op = 0; op <= last; ++op) {
    for (int b : born[static_cast<std::size_t>(op)]) {
      std::vector<Partial> next;
      for (const Partial& s : beam) {
        live.clear();
        for (std::size_t p = 0; p < buffers.size(); ++p)
          if (s.offset[p] != kUnplaced && buffers[p].last_op >= op) live.push_back(static_cast<int>(p));
        auto window = [&](int p, bool& is_output) -> const PairWindow* {
          for (const PairWindow* w : windows_of[static_cast<std::size_t>(b)]) {
            if (w->output == b && w->input == p) return is_output = true, w;
            if (w->input == b && w->output == p) return is_output = false, w;
          }
          return nullptr;
        };
        // The bottom and the top of what is used so far, right above or below each live buffer,
        // and where each window lets it overlap.
        const int64_t bytes = buffers[b].bytes;
        std::vector<int64_t> candidates{s.low, floor_to(s.high - bytes, alignment)};
        for (int p : live) {
          candidates.push_back(align_up(s.offset[p] + buffers[p].bytes, alignment));
          candidates.push_back(floor_to(s.offset[p] - bytes, alignment));
          bool is_output = false;
          if (const PairWindow* w = window(p, is_output)) {
            const int64_t step = std::lcm(alignment, w->modulus);
            const int64_t in_bytes = buffers[is_output ? p : b].bytes, out_bytes = buffers[is_output ? b : p].bytes;
            for (int64_t limit : {int64_t{0}, in_bytes - out_bytes}) {
              const int64_t delta = floor_to(std::min(w->max_delta, limit), step);
              candidates.push_back(is_output ? s.offset[p] + delta : s.offset[p] - delta);
            }
          }
        }
        std::sort(candidates.begin(), candidates.end());
        candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
        for (int64_t at : candidates) {
          bool fits = true;
          for (int p : live) {
            bool is_output = false;
            const PairWindow* w = window(p, is_output);
            if (!may_coexist(at, bytes, s.offset[p], buffers[p].bytes, w, is_output)) {
              fits = false;
              break;
            }
          }
          if (!fits) continue;
          Partial n = s;
          n.offset[b] = at;
          n.low = n.any ? std::min(n.low, at) : at;
          n.high = n.any ? std::max(n.high, at + bytes) : at + bytes;
          n.any = true;
          next.push_back(std::move(n));
        }
      }
      beam = std::move(next);
    }
    // Partial plans that agree on every buffer still alive (relative to their lowest byte) have
    // the same future: keep the one with the smallest extent. Then the best `width`, by extent
    // and by how high the live buffers end.
    std::map<std::vector<int64_t>, std::size_t> seen;
    std::vector<Partial> kept;
    for (Partial& s : beam) {
      std::vector<int64_t> key;
      s.live_span = 0;
      for (std::size_t p = 0; p < buffers.size(); ++p) {
        if (s.offset[p] != kUnplaced && buffers[p].last_op > op) {
          key.push_back(static_cast<int64_t>(p));
          key.push_back(s.offset[p] - s.low);
          s.live_span += s.offset[p] + buffers[p].bytes - s.low;
        }
      }
      auto [it, fresh] = seen.try_emplace(std::move(key), kept.size());
      if (fresh) {
        kept.push_back(std::move(s));
      } else if (s.extent() < kept[it->second].extent()) {
        kept[it->second] = std::move(s);
      }
    }
    std::stable_sort(kept.begin(), kept.end(), [](const Partial& a, const Partial& b) {
      return a.extent() != b.extent() ? a.extent() < b.extent() : a.live_span < b.live_span;
    });
    if (kept.size() > width) {
      kept.resize(width);
      if (exhaustive) *exhaustive = false;
    }
    beam = std::move(kept);
  }
  std::vector<int64_t> offset = std::move(beam.front().offset);
  const int64_t low = beam.front().low;  // a multiple of the alignment, like every offset
  for (int64_t& o : offset) o -= low;
  return offset;
}

}  // namespace aotbench::codegen::plan_detail
