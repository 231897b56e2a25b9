// Fault injection (link/fault_link.hpp): the spec's validation, and what reaches the other side
// of a FaultyLink in each direction, frame by frame.
#include <gtest/gtest.h>

#include <deque>
#include <algorithm>

#include "transport/framing/ab_frame.h"
#include "transport/link/fault_link.hpp"

namespace {

using namespace aotbench::transport;
using Bytes = std::vector<std::uint8_t>;

// Records what is written; read_some hands out `incoming` at most `chunk` bytes at a time.
class TapeLink : public Link {
 public:
  void write(std::span<const std::uint8_t> data, Clock::time_point) override {
    written.insert(written.end(), data.begin(), data.end());
  }
  std::size_t read_some(std::span<std::uint8_t> buf, Clock::time_point) override {
    std::size_t n = std::min({buf.size(), incoming.size(), chunk});
    std::copy_n(incoming.begin(), n, buf.begin());
    incoming.erase(incoming.begin(), incoming.begin() + static_cast<long>(n));
    return n;
  }
  std::string describe() const override { return "tape"; }
  Bytes written;
  std::deque<std::uint8_t> incoming;
  std::size_t chunk = 1 << 20;
};

Bytes frame(std::uint16_t seq, std::size_t len) {
  Bytes payload(len);
  for (std::size_t i = 0; i < len; ++i) payload[i] = static_cast<std::uint8_t>(seq * 7 + i);
  Bytes out(AB_FRAME_WIRE_MAX(len));
  out.resize(ab_frame_encode(0, seq, payload.data(), payload.size(), out.data(), out.size()));
  return out;
}

std::string parse_error(const std::string& spec) {
  try {
    LinkFaults::parse(spec);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(LinkFaults, ParsesAnySubsetInAnyOrder) {
  LinkFaults f = LinkFaults::parse("seed=42,corrupt=0.01,drop=0.5");
  EXPECT_EQ(f.drop, 0.5);
  EXPECT_EQ(f.corrupt, 0.01);
  EXPECT_EQ(f.dup, 0);
  EXPECT_EQ(f.seed, 42u);
  EXPECT_TRUE(f.any());
  EXPECT_FALSE(LinkFaults::parse("seed=3").any());
  EXPECT_EQ(LinkFaults::parse(f.describe()).describe(), f.describe());
  EXPECT_EQ(LinkFaults::parse("dup=1").dup, 1.0);
}

TEST(LinkFaults, RejectsWhatIsNotASpecSayingWhatToGive) {
  EXPECT_NE(parse_error("drop=1.5").find("drop=1.5: '1.5' is not a probability from 0 to 1"), std::string::npos);
  EXPECT_NE(parse_error("drop=-0.1").find("not a probability from 0 to 1"), std::string::npos);
  EXPECT_NE(parse_error("corrupt=nan").find("not a probability"), std::string::npos);
  EXPECT_NE(parse_error("dup=1%").find("not a probability"), std::string::npos);
  EXPECT_NE(parse_error("drop=").find("not a probability"), std::string::npos);
  EXPECT_NE(parse_error("loss=0.1").find("unknown fault 'loss'; give drop=P"), std::string::npos);
  EXPECT_NE(parse_error("drop").find("'drop' is not KEY=VALUE"), std::string::npos);
  EXPECT_NE(parse_error("").find("is not KEY=VALUE"), std::string::npos);
  EXPECT_NE(parse_error("drop=0.1,").find("is not KEY=VALUE"), std::string::npos);
  EXPECT_NE(parse_error("drop=0.1,drop=0.2").find("drop is given twice"), std::string::npos);
  EXPECT_NE(parse_error("seed=-1").find("not a whole number"), std::string::npos);
}

TEST(FaultyLink, WithoutFaultsEveryByteGoesThroughBothWays) {
  TapeLink tape;
  FaultyLink link(tape, LinkFaults::parse("seed=1"));
  Bytes a = frame(1, 40), b = frame(2, 0);
  Bytes both = a;
  both.insert(both.end(), b.begin(), b.end());
  link.write(both, Clock::now());
  EXPECT_EQ(tape.written, both);
  tape.incoming.assign(both.begin(), both.end());
  tape.incoming.push_back(0x55);  // garbage without a delimiter yet: held back until it ends
  Bytes got(4096);
  got.resize(link.read_some(got, Clock::now()));
  EXPECT_EQ(got, both);
  EXPECT_EQ(link.up().frames, 2u);
  EXPECT_EQ(link.down().frames, 2u);
}

// Frame by frame: each arrives intact, not at all, with exactly one byte changed, or twice.
TEST(FaultyLink, DropsCorruptsAndDuplicatesWholeFramesAtTheGivenRates) {
  TapeLink tape;
  FaultyLink link(tape, LinkFaults::parse("drop=0.1,corrupt=0.2,dup=0.05,seed=9"));
  int intact = 0, missing = 0, changed = 0, twice = 0;
  for (std::uint16_t s = 0; s < 20000; ++s) {
    const Bytes f = frame(s, s % 50);
    tape.written.clear();
    link.write(f, Clock::now());
    // The leading delimiter is no frame and always passes; what follows is the frame's fate.
    ASSERT_FALSE(tape.written.empty());
    ASSERT_EQ(tape.written[0], 0);
    const Bytes body(f.begin() + 1, f.end()), got(tape.written.begin() + 1, tape.written.end());
    auto one_byte_off = [&](auto from) {
      int d = 0;
      for (std::size_t i = 0; i < body.size(); ++i) d += body[i] != *(from + static_cast<long>(i));
      return d == 1;
    };
    if (got == body) intact++;
    else if (got.empty()) missing++;
    else if (got.size() == body.size() && one_byte_off(got.begin())) changed++;
    else if (got.size() == 2 * body.size() && std::equal(body.begin(), body.end(), got.begin()) &&
             std::equal(body.begin(), body.end(), got.begin() + static_cast<long>(body.size()))) twice++;
    else if (got.size() == 2 * body.size() && one_byte_off(got.begin()) &&
             std::equal(got.begin(), got.begin() + static_cast<long>(body.size()), got.begin() + static_cast<long>(body.size())))
      changed++, twice++;
    else FAIL() << "frame " << s << " arrived as neither intact, missing, one byte off nor twice";
  }
  EXPECT_NEAR(missing, 2000, 200);
  EXPECT_NEAR(changed, 0.9 * 4000, 300);  // a dropped frame is not also corrupted
  EXPECT_NEAR(twice, 0.9 * 1000, 150);
  EXPECT_EQ(link.up().frames, 20000u);
  EXPECT_EQ(link.up().dropped, static_cast<std::uint64_t>(missing));
  EXPECT_EQ(link.up().corrupted, static_cast<std::uint64_t>(changed));
  EXPECT_EQ(link.up().duplicated, static_cast<std::uint64_t>(twice));
  EXPECT_GT(intact, 13000);
}

// Received bytes go through the same cut and the same draws as written ones, however the reads
// split them.
TEST(FaultyLink, ReadsSplitAnywhereGetTheSameFaultsAsWrites) {
  Bytes stream;
  for (std::uint16_t s = 0; s < 2000; ++s) {
    Bytes f = frame(s, s % 40);
    stream.insert(stream.end(), f.begin(), f.end());
  }
  const LinkFaults faults = LinkFaults::parse("drop=0.1,corrupt=0.1,dup=0.1,seed=3");
  TapeLink up_tape;
  FaultyLink up(up_tape, faults);
  up.write(stream, Clock::now());

  TapeLink down_tape;
  down_tape.chunk = 7;
  down_tape.incoming.assign(stream.begin(), stream.end());
  FaultyLink down(down_tape, faults);
  Bytes received, buf(5);
  while (std::size_t n = down.read_some(buf, Clock::now())) received.insert(received.end(), buf.begin(), buf.begin() + n);
  EXPECT_EQ(received, up_tape.written);
  EXPECT_EQ(down.down().dropped, up.up().dropped);
  EXPECT_GT(down.down().dropped, 100u);
}

TEST(FaultyLink, TheSameSeedGivesTheSameFaults) {
  auto run = [](std::uint64_t seed) {
    TapeLink tape;
    LinkFaults f = LinkFaults::parse("drop=0.2,corrupt=0.2,dup=0.2");
    f.seed = seed;
    FaultyLink link(tape, f);
    for (std::uint16_t s = 0; s < 200; ++s) link.write(frame(s, 10), Clock::now());
    return tape.written;
  };
  EXPECT_EQ(run(5), run(5));
  EXPECT_NE(run(5), run(6));
}

}  // namespace
