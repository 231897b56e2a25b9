// The start-up banner of the real self-test firmware under QEMU (one emulator at a time): it
// arrives before anything is asked, with the board's facts; a Session takes it as its first
// evidence; a board that resets under the client's feet is reported, one told to reset is not.
#include <gtest/gtest.h>

#include "host/board/registry.hpp"
#include "host/build/elf_info.hpp"
#include "host/build/firmware_builder.hpp"
#include "host/flash/qemu.hpp"
#include "host/flash/session.hpp"
#include "transport/framing/ab_frame.h"
#include "transport/rpc/codec.hpp"
#include "aotbench.pb.h"

namespace {

using namespace aotbench;
using namespace std::chrono_literals;
using Bytes = std::vector<std::uint8_t>;

const board::Profile& board_named(const std::string& name) {
  static board::Registry reg;
  return reg.get(name, {});
}

std::filesystem::path selftest(const std::string& board) { return build::FirmwareBuilder().selftest_elf(board_named(board)); }

bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

class BannerOnQemu : public testing::TestWithParam<std::string> {};

TEST_P(BannerOnQemu, ArrivesBeforeAnyRequestWithTheBoardsFacts) {
  const board::Profile& p = board_named(GetParam());
  const auto elf = selftest(p.name);
  flash::QemuInstance qemu(p, elf);
  transport::RpcClient c(qemu.link(), {500ms, 3, "qemu " + p.name});
  const auto t0 = transport::Clock::now();
  const std::optional<transport::Banner> b = c.await_banner(5s);
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(transport::Clock::now() - t0);
  ASSERT_TRUE(b.has_value()) << "no banner within 5 s";
  EXPECT_EQ(c.stats().requests, 0u);
  EXPECT_EQ(c.stats().bytes_sent, 0u);
  EXPECT_EQ(b->protocol_version, 3u);
  EXPECT_EQ(b->board, p.name);
  EXPECT_EQ(b->clock_hz, p.cpu.clock_hz);  // no [clock] table: the clock it starts with
  EXPECT_EQ(b->clock_setup, transport::ClockSetup::none);
  EXPECT_EQ(b->counter, results::CounterKind::cycles_systick);  // QEMU has no DWT; no -icount shift yet
  EXPECT_EQ(b->build_id, build::elf_build_id(elf));
  EXPECT_EQ(b->build_id.size(), 40u);
  // Then GetInfo, which says the same.
  const transport::DeviceInfo i = c.connect(5s);
  EXPECT_EQ(i.board, b->board);
  EXPECT_EQ(i.build_id, b->build_id);
  EXPECT_EQ(i.clock_hz, b->clock_hz);
  EXPECT_EQ(c.stats().banners, 1u);
  RecordProperty("banner_ms", std::to_string(took.count()));
}

INSTANTIATE_TEST_SUITE_P(BannerBoards, BannerOnQemu, testing::Values("netduinoplus2", "mps2-an385", "mps2-an386", "mps2-an500"),
                         [](const auto& info) {
                           std::string s = info.param;
                           for (char& ch : s)
                             if (ch == '-') ch = '_';
                           return s;
                         });

TEST(BannerSession, TheSessionReadsTheBannerFirst) {
  const auto elf = selftest("netduinoplus2");
  flash::Session s(board_named("netduinoplus2"), elf);
  ASSERT_TRUE(s.banner().has_value());
  EXPECT_EQ(s.banner()->build_id, build::elf_build_id(elf));
  EXPECT_LT(s.banner_after(), 1000ms);
  EXPECT_EQ(s.rpc().stats().banners, 1u);
  EXPECT_EQ(s.info().counter, results::CounterKind::instructions);  // set up after the banner
}

// Another board's firmware (the MPS2 boards share a memory map): named from the banner, or, when
// the session does not wait for one, from GetInfo's answer (the banner then comes with it).
TEST(BannerSession, AnotherBoardIsNamedFromTheBannerOrFromGetInfo) {
  for (auto wait : {1000ms, 0ms}) {
    flash::SessionOptions o;
    o.banner_timeout = wait;
    std::string error = "(no error)";
    try {
      flash::Session s(board_named("mps2-an500"), selftest("mps2-an386"), o);
    } catch (const transport::TransportError& e) {
      error = e.what();
    }
    EXPECT_TRUE(contains(error, "answers as board mps2-an386 at 25000000 Hz, not mps2-an500 at 25000000 Hz")) << error;
    EXPECT_TRUE(contains(error, wait > 0ms ? "(its start-up banner)" : "(its answer to GetInfo)")) << error;
  }
}

// One Reset request sent past the client (sequence number 0, which the client never uses): the
// firmware answers it, resets (SYSRESETREQ) and announces itself again, as a board that reset on
// its own would. The client's next request reports it instead of talking to a fresh device.
TEST(BannerSession, AResetTheClientDidNotAskForIsReported) {
  flash::Session s(board_named("netduinoplus2"), selftest("netduinoplus2"));
  EXPECT_EQ(s.rpc().echo(Bytes{1, 2, 3}), (Bytes{1, 2, 3}));
  aotbench_Request req = aotbench_Request_init_zero;
  req.which_body = aotbench_Request_reset_tag;
  const Bytes payload = transport::pb_encode_message(aotbench_Request_fields, &req);
  Bytes frame(AB_FRAME_WIRE_MAX(payload.size()));
  frame.resize(ab_frame_encode(0, AB_FRAME_SEQ_BANNER, payload.data(), payload.size(), frame.data(), frame.size()));
  s.qemu()->link().write(frame, transport::Clock::now() + 1s);
  std::string error = "(no error)";
  try {
    s.rpc().echo(Bytes{4, 5, 6});
  } catch (const transport::DeviceReset& e) {
    error = e.what();
  }
  EXPECT_TRUE(contains(error, "the device reset while Echo awaited its answer: its start-up banner arrived (board "
                              "netduinoplus2 at 168000000 Hz, build-id " +
                                  build::elf_build_id(selftest("netduinoplus2")).substr(0, 12) + ")"))
      << error;
}

// A Reset the client asks for: its answer leaves the UART whole before the reset (both UART
// drivers), the banner that follows is expected, and the firmware answers again.
TEST(BannerSession, AResetTheClientAskedForIsNot) {
  for (const char* board : {"netduinoplus2", "mps2-an385"}) {
    SCOPED_TRACE(board);
    flash::Session s(board_named(board), selftest(board));
    const std::uint64_t attempts = s.rpc().stats().attempts;
    s.rpc().reset(false);
    EXPECT_EQ(s.rpc().stats().attempts, attempts + 1) << "the Reset's answer was lost, or cut off";
    EXPECT_EQ(s.rpc().echo(Bytes{7, 8}), (Bytes{7, 8}));
    EXPECT_EQ(s.rpc().stats().banners, 2u);
    ASSERT_TRUE(s.rpc().banner().has_value());
    EXPECT_EQ(s.rpc().banner()->counter, results::CounterKind::cycles_systick);  // started afresh
    EXPECT_EQ(s.rpc().get_info().counter, results::CounterKind::cycles_systick);
  }
}

}  // namespace
