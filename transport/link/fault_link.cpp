// See fault_link.hpp.
#include "transport/link/fault_link.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <set>
#include <stdexcept>

namespace aotbench::transport {
namespace {

constexpr const char* kSyntax = "give drop=P,corrupt=P,dup=P,seed=S (any of them; P from 0 to 1, e.g. drop=0.01)";
// A piece this long without a delimiter is not a frame of ours: it passes untouched.
constexpr std::size_t kLongestPiece = 8192;

double probability(const std::string& key, const std::string& value) {
  double p = -1;
  const char* end = value.data() + value.size();
  const auto [at, ec] = std::from_chars(value.data(), end, p);
  if (ec != std::errc() || at != end || !(p >= 0 && p <= 1))
    throw std::invalid_argument(
        fmt::format("{}={}: '{}' is not a probability from 0 to 1; give e.g. {}=0.01", key, value, value, key));
  return p;
}

}  // namespace

std::string LinkFaults::describe() const { return fmt::format("drop={},corrupt={},dup={},seed={}", drop, corrupt, dup, seed); }

LinkFaults LinkFaults::parse(const std::string& spec) {
  LinkFaults f;
  std::set<std::string> seen;
  std::size_t begin = 0;
  while (begin <= spec.size()) {
    std::size_t end = spec.find(',', begin);
    if (end == std::string::npos) end = spec.size();
    const std::string term = spec.substr(begin, end - begin);
    begin = end + 1;
    const std::size_t eq = term.find('=');
    if (term.empty() || eq == std::string::npos)
      throw std::invalid_argument(fmt::format("'{}' is not KEY=VALUE; {}", term, kSyntax));
    const std::string key = term.substr(0, eq), value = term.substr(eq + 1);
    if (!seen.insert(key).second) throw std::invalid_argument(fmt::format("{} is given twice; {}", key, kSyntax));
    if (key == "drop") f.drop = probability(key, value);
    else if (key == "corrupt") f.corrupt = probability(key, value);
    else if (key == "dup") f.dup = probability(key, value);
    else if (key == "seed") {
      const char* e = value.data() + value.size();
      const auto [at, ec] = std::from_chars(value.data(), e, f.seed);
      if (ec != std::errc() || at != e || value.empty())
        throw std::invalid_argument(fmt::format("seed={}: '{}' is not a whole number >= 0; give e.g. seed=7", value, value));
    } else {
      throw std::invalid_argument(fmt::format("unknown fault '{}'; {}", key, kSyntax));
    }
  }
  return f;
}

FaultCounts& FaultCounts::operator+=(const FaultCounts& o) {
  frames += o.frames;
  dropped += o.dropped;
  corrupted += o.corrupted;
  duplicated += o.duplicated;
  return *this;
}

FaultyLink::FaultyLink(Link& inner, LinkFaults faults) : inner_(inner), faults_(faults), rng_(faults.seed) {}

std::string FaultyLink::describe() const { return inner_.describe(); }

double FaultyLink::uniform() { return static_cast<double>(rng_() >> 11) * 0x1.0p-53; }

void FaultyLink::inflict(std::vector<std::uint8_t>& piece, FaultCounts& counts, std::vector<std::uint8_t>& out) {
  if (piece.size() == 1 && piece[0] == 0) {  // a lone delimiter between frames: not a frame
    out.push_back(0);
    return;
  }
  counts.frames++;
  // Three draws per frame whatever happens, so one fault does not shift the ones after it.
  const bool drop = uniform() < faults_.drop;
  const bool corrupt = uniform() < faults_.corrupt;
  const bool dup = uniform() < faults_.dup;
  const std::size_t at = rng_() % piece.size();
  const auto flip = static_cast<std::uint8_t>(1 + rng_() % 255);
  if (drop) {
    counts.dropped++;
    return;
  }
  if (corrupt) {
    counts.corrupted++;
    piece[at] ^= flip;
  }
  out.insert(out.end(), piece.begin(), piece.end());
  if (dup) {
    counts.duplicated++;
    out.insert(out.end(), piece.begin(), piece.end());
  }
}

void FaultyLink::pass(std::span<const std::uint8_t> data, std::vector<std::uint8_t>& partial, FaultCounts& counts,
                      std::vector<std::uint8_t>& out) {
  for (std::uint8_t b : data) {
    partial.push_back(b);
    if (b == 0) {
      inflict(partial, counts, out);
      partial.clear();
    } else if (partial.size() >= kLongestPiece) {
      out.insert(out.end(), partial.begin(), partial.end());
      partial.clear();
    }
  }
}

void FaultyLink::write(std::span<const std::uint8_t> data, Clock::time_point deadline) {
  std::vector<std::uint8_t> out, partial;
  pass(data, partial, up_, out);
  out.insert(out.end(), partial.begin(), partial.end());  // a write is never held back
  if (!out.empty()) inner_.write(out, deadline);
}

std::size_t FaultyLink::read_some(std::span<std::uint8_t> buf, Clock::time_point deadline) {
  std::vector<std::uint8_t> raw(buf.size()), out;
  while (ready_.empty()) {
    const std::size_t n = inner_.read_some(raw, deadline);
    if (n == 0) return 0;
    out.clear();
    pass({raw.data(), n}, down_partial_, down_, out);
    ready_.insert(ready_.end(), out.begin(), out.end());
  }
  const std::size_t n = std::min(buf.size(), ready_.size());
  std::copy_n(ready_.begin(), n, buf.begin());
  ready_.erase(ready_.begin(), ready_.begin() + static_cast<long>(n));
  return n;
}

}  // namespace aotbench::transport
