// The shared C framing (COBS + CRC-32 + sequence number): round trips, and a corrupted stream
// (flipped, dropped, inserted bytes) that never crashes the receiver and never yields a frame
// that was not sent.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <random>
#include <vector>

#include "transport/framing/ab_frame.h"

namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes encode(std::uint8_t flags, std::uint16_t seq, const Bytes& payload) {
  Bytes out(AB_FRAME_WIRE_MAX(payload.size()));
  std::size_t n = ab_frame_encode(flags, seq, payload.data(), payload.size(), out.data(), out.size());
  EXPECT_GT(n, 0u);
  out.resize(n);
  return out;
}

struct Received {
  std::uint8_t flags;
  std::uint16_t seq;
  Bytes payload;
};

// Feeds a byte stream to a fresh receiver with a buffer of `cap` bytes.
std::vector<Received> receive(const Bytes& stream, std::size_t cap, std::uint32_t* dropped = nullptr) {
  Bytes buf(cap);
  ab_deframer d;
  ab_deframer_init(&d, buf.data(), buf.size());
  std::vector<Received> got;
  for (std::uint8_t b : stream) {
    ab_frame f;
    if (ab_deframer_push(&d, b, &f) == AB_RX_FRAME)
      got.push_back({f.flags, f.seq, Bytes(f.payload, f.payload + f.len)});
  }
  if (dropped) *dropped = d.dropped;
  return got;
}

Bytes random_payload(std::mt19937& rng, std::size_t max) {
  Bytes p(rng() % (max + 1));
  int style = static_cast<int>(rng() % 4);  // zeros and long non-zero runs stress COBS
  for (auto& b : p) b = style == 0 ? 0 : style == 1 ? static_cast<std::uint8_t>(1 + rng() % 255) : static_cast<std::uint8_t>(rng());
  return p;
}

TEST(Crc32, MatchesTheStandardCheckValue) {
  const char* check = "123456789";  // CRC-32/ISO-HDLC check value from the CRC catalogue
  EXPECT_EQ(ab_crc32(0, reinterpret_cast<const std::uint8_t*>(check), 9), 0xCBF43926u);
  EXPECT_EQ(ab_crc32(0, nullptr, 0), 0u);
  // Incremental use gives the same result as one call.
  EXPECT_EQ(ab_crc32(ab_crc32(0, reinterpret_cast<const std::uint8_t*>(check), 4),
                     reinterpret_cast<const std::uint8_t*>(check) + 4, 5),
            0xCBF43926u);
}

TEST(Framing, WireFormHasZeroOnlyAsDelimiters) {
  Bytes payload(600, 0);
  Bytes wire = encode(0, 0, payload);
  ASSERT_GE(wire.size(), 2u);
  EXPECT_EQ(wire.front(), 0);
  EXPECT_EQ(wire.back(), 0);
  for (std::size_t i = 1; i + 1 < wire.size(); ++i) ASSERT_NE(wire[i], 0) << "at " << i;
  EXPECT_LE(wire.size(), AB_FRAME_WIRE_MAX(payload.size()));
}

TEST(Framing, RoundTripsPayloadsOfEveryShape) {
  std::mt19937 rng(1);
  std::vector<Bytes> payloads = {{}, Bytes(1, 0), Bytes(253, 7), Bytes(254, 7), Bytes(255, 7), Bytes(508, 9),
                                 Bytes(1042, 0xFF)};
  for (int i = 0; i < 300; ++i) payloads.push_back(random_payload(rng, 1100));
  for (std::size_t i = 0; i < payloads.size(); ++i) {
    std::uint16_t seq = static_cast<std::uint16_t>(rng());
    auto got = receive(encode(static_cast<std::uint8_t>(i & 1), seq, payloads[i]), 1100 + AB_FRAME_OVERHEAD);
    ASSERT_EQ(got.size(), 1u) << "payload " << i;
    EXPECT_EQ(got[0].seq, seq);
    EXPECT_EQ(got[0].flags, i & 1);
    EXPECT_EQ(got[0].payload, payloads[i]) << "payload " << i;
  }
}

TEST(Framing, EncoderRefusesATooSmallBuffer) {
  Bytes payload(100, 1), out(50);
  EXPECT_EQ(ab_frame_encode(0, 1, payload.data(), payload.size(), out.data(), out.size()), 0u);
}

TEST(Framing, OversizedFrameIsDroppedAndTheNextOneArrives) {
  Bytes stream = encode(0, 1, Bytes(300, 5));
  Bytes next = encode(0, 2, Bytes(10, 6));
  stream.insert(stream.end(), next.begin(), next.end());
  std::uint32_t dropped = 0;
  auto got = receive(stream, 100, &dropped);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].seq, 2);
  EXPECT_EQ(dropped, 1u);
}

TEST(Framing, ResynchronisesAfterGarbage) {
  std::mt19937 rng(2);
  Bytes stream;
  for (int i = 0; i < 500; ++i) stream.push_back(static_cast<std::uint8_t>(rng()));
  Bytes frame = encode(0, 77, Bytes{1, 2, 3, 0, 4});
  stream.insert(stream.end(), frame.begin(), frame.end());
  auto got = receive(stream, 2048);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].seq, 77);
  EXPECT_EQ(got[0].payload, (Bytes{1, 2, 3, 0, 4}));
}

// Every accepted frame must be one that was sent, byte for byte; most intact frames get through.
TEST(Framing, CorruptedStreamYieldsOnlyFramesThatWereSent) {
  std::mt19937 rng(3);
  std::map<std::uint16_t, Bytes> sent;
  Bytes clean;
  for (std::uint16_t seq = 0; seq < 20000; ++seq) {
    Bytes p = random_payload(rng, 200);
    sent[seq] = p;
    Bytes f = encode(0, seq, p);
    clean.insert(clean.end(), f.begin(), f.end());
  }
  Bytes noisy;
  std::size_t flips = 0, drops = 0, inserts = 0;
  for (std::uint8_t b : clean) {
    unsigned r = rng() % 2000;  // about 0.15% of bytes each: flipped, dropped, or an extra one inserted
    if (r < 3) {
      noisy.push_back(static_cast<std::uint8_t>(b ^ (1u << (rng() % 8)))), flips++;
    } else if (r < 6) {
      drops++;
    } else if (r < 9) {
      noisy.push_back(b);
      noisy.push_back(static_cast<std::uint8_t>(rng())), inserts++;
    } else {
      noisy.push_back(b);
    }
  }
  std::uint32_t dropped = 0;
  auto got = receive(noisy, 256 + AB_FRAME_OVERHEAD, &dropped);
  for (auto& g : got) {
    auto it = sent.find(g.seq);
    ASSERT_NE(it, sent.end()) << "accepted a frame with unknown seq " << g.seq;
    ASSERT_EQ(g.payload, it->second) << "accepted a corrupted frame, seq " << g.seq;
    ASSERT_EQ(g.flags, 0);
  }
  EXPECT_GT(flips + drops + inserts, 1000u);
  EXPECT_GT(dropped, 500u);             // the damaged frames were noticed...
  EXPECT_GT(got.size(), sent.size() / 2);  // ...and the intact ones still arrive
}

}  // namespace
