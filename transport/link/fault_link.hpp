#pragma once
// Fault injection on the host's side of a link, for tests and lab diagnosis (`--link-faults`).
// Faults hit whole frames, in both directions: the byte stream is cut after every 0x00 delimiter,
// and each piece with data in it (a frame, or garbage up to the next delimiter) is dropped,
// corrupted (one of its bytes, the delimiter included, XORed with a random non-zero value) or
// duplicated, each with its own probability, drawn independently. Seeded: the same seed and the
// same traffic give the same faults.
#include <cstdint>
#include <deque>
#include <random>
#include <string>
#include <vector>

#include "transport/link/link.hpp"

namespace aotbench::transport {

struct LinkFaults {
  double drop = 0, corrupt = 0, dup = 0;  // per frame and direction, 0..1
  std::uint64_t seed = 1;

  bool any() const { return drop > 0 || corrupt > 0 || dup > 0; }
  std::string describe() const;  // "drop=0.01,corrupt=0.01,dup=0,seed=1"
  // "drop=P,corrupt=P,dup=P,seed=S", any subset in any order; throws std::invalid_argument saying
  // which part is wrong and what to give instead.
  static LinkFaults parse(const std::string& spec);
};

// What a FaultyLink did, per direction (up: host to device).
struct FaultCounts {
  std::uint64_t frames = 0, dropped = 0, corrupted = 0, duplicated = 0;
  FaultCounts& operator+=(const FaultCounts& o);
};

class FaultyLink final : public Link {
 public:
  FaultyLink(Link& inner, LinkFaults faults);
  void write(std::span<const std::uint8_t> data, Clock::time_point deadline) override;
  std::size_t read_some(std::span<std::uint8_t> buf, Clock::time_point deadline) override;
  std::string describe() const override;

  const FaultCounts& up() const { return up_; }
  const FaultCounts& down() const { return down_; }

 private:
  // Cuts `data` into pieces ending in 0x00 (a partial piece waits in `partial`) and appends what
  // survives the faults to `out`.
  void pass(std::span<const std::uint8_t> data, std::vector<std::uint8_t>& partial, FaultCounts& counts,
            std::vector<std::uint8_t>& out);
  void inflict(std::vector<std::uint8_t>& piece, FaultCounts& counts, std::vector<std::uint8_t>& out);
  double uniform();

  Link& inner_;
  LinkFaults faults_;
  std::mt19937_64 rng_;
  std::vector<std::uint8_t> up_partial_, down_partial_;
  std::deque<std::uint8_t> ready_;  // received bytes that passed, not yet read
  FaultCounts up_, down_;
};

}  // namespace aotbench::transport
