// libFuzzer target for the host's side of the link: what a device (or a damaged line) sends.
// The input is read twice:
//  1. as raw bytes on the wire, through the receiver the RPC client uses (its buffer size), each
//     frame decoded as a Response, a Progress and a Banner; a frame that passes must encode back to
//     the same flags, sequence number and payload;
//  2. as the device's side of a conversation with a real RpcClient (records: see FuzzDevice), which
//     must end in an answer or a TransportError (DeviceReset for a banner where none may come), with
//     and without waiting for a start-up banner first; any other exception, crash or sanitizer
//     report is a finding.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "aotbench.pb.h"
#include "transport/framing/ab_frame.h"
#include "transport/rpc/codec.hpp"
#include "transport/rpc/rpc_client.hpp"

namespace {

using namespace aotbench::transport;
using Bytes = std::vector<std::uint8_t>;

void raw_frames(const std::uint8_t* data, std::size_t size) {
  Bytes buf(aotbench_Response_size + AB_FRAME_OVERHEAD);
  ab_deframer d;
  ab_deframer_init(&d, buf.data(), buf.size());
  for (std::size_t i = 0; i < size; ++i) {
    ab_frame f;
    if (ab_deframer_push(&d, data[i], &f) != AB_RX_FRAME) continue;
    if (f.len > buf.size() - AB_FRAME_OVERHEAD) std::abort();
    aotbench_Response r = aotbench_Response_init_zero;
    pb_decode_message(aotbench_Response_fields, &r, f.payload, f.len);
    aotbench_Progress p = aotbench_Progress_init_zero;
    pb_decode_message(aotbench_Progress_fields, &p, f.payload, f.len);
    aotbench_Banner b = aotbench_Banner_init_zero;
    pb_decode_message(aotbench_Banner_fields, &b, f.payload, f.len);
    // The frame again, through the encoder and a fresh receiver: the same frame.
    const Bytes payload(f.payload, f.payload + f.len);
    Bytes wire(AB_FRAME_WIRE_MAX(payload.size()));
    wire.resize(ab_frame_encode(f.flags, f.seq, payload.data(), payload.size(), wire.data(), wire.size()));
    Bytes buf2(payload.size() + AB_FRAME_OVERHEAD);
    ab_deframer d2;
    ab_deframer_init(&d2, buf2.data(), buf2.size());
    int frames = 0;
    for (std::uint8_t b : wire) {
      ab_frame g;
      if (ab_deframer_push(&d2, b, &g) != AB_RX_FRAME) continue;
      frames++;
      if (g.flags != f.flags || g.seq != f.seq || Bytes(g.payload, g.payload + g.len) != payload) std::abort();
    }
    if (frames != 1) std::abort();
  }
}

// The device: every write of the client is a request whose sequence number it notes; reads come
// from the input, record by record: kind (1 byte), length (1 byte), then that many bytes. kind % 4:
// 0 a frame answering the last request (flags kind / 4: 4 and up carry the banner flag, a banner
// that comes first or a device that reset), 1 the same with an older sequence number, 2 the bytes
// as they are, 3 a progress frame. The input's end closes the link.
class FuzzDevice final : public Link {
 public:
  FuzzDevice(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  void write(std::span<const std::uint8_t> data, Clock::time_point) override {
    Bytes buf(data.size());
    ab_deframer d;
    ab_deframer_init(&d, buf.data(), buf.size());
    for (std::uint8_t b : data) {
      ab_frame f;
      if (ab_deframer_push(&d, b, &f) == AB_RX_FRAME) seq_ = f.seq;
    }
  }

  std::size_t read_some(std::span<std::uint8_t> buf, Clock::time_point) override {
    while (pending_.empty()) next_record();
    const std::size_t n = std::min(buf.size(), pending_.size());
    std::memcpy(buf.data(), pending_.data(), n);
    pending_.erase(pending_.begin(), pending_.begin() + static_cast<long>(n));
    return n;
  }

  std::string describe() const override { return "fuzz device"; }

 private:
  void next_record() {
    if (at_ + 2 > size_) throw LinkClosed("fuzz device: end of input");
    const std::uint8_t kind = data_[at_];
    const std::size_t len = std::min<std::size_t>(data_[at_ + 1], size_ - at_ - 2);
    const std::uint8_t* body = data_ + at_ + 2;
    at_ += 2 + len;
    if (kind % 4 == 2) {
      pending_.assign(body, body + len);
      return;
    }
    const std::uint8_t flags = kind % 4 == 3 ? AB_FRAME_FLAG_PROGRESS : static_cast<std::uint8_t>(kind / 4);
    const std::uint16_t seq = kind % 4 == 1 ? static_cast<std::uint16_t>(seq_ - 1) : seq_;
    pending_.resize(AB_FRAME_WIRE_MAX(len));
    pending_.resize(ab_frame_encode(flags, seq, body, len, pending_.data(), pending_.size()));
  }

  const std::uint8_t* data_;
  std::size_t size_, at_ = 0;
  std::uint16_t seq_ = 0;
  Bytes pending_;
};

// With `banner_first`, the client waits for a start-up banner before it asks anything, as a
// session does after a boot; without, a banner can only come with the first answer or later.
void conversation(const std::uint8_t* data, std::size_t size, bool banner_first) {
  using namespace std::chrono_literals;
  FuzzDevice device(data, size);
  RpcClient c(device, {1ms, 3, "fuzz device", 1ms});
  try {
    if (banner_first) c.await_banner(1ms);
    DeviceInfo info = c.connect(1s);
    c.set_icount_shift(4);
    RunResult r = c.run({2, 1, Workload::model, 0, true, true});
    if (r.counts.size() > kMaxIterations) std::abort();
    for (std::uint32_t i = 0; i < info.num_outputs && i < 2; ++i) c.get_output(i);
    c.get_profile();
    c.echo(Bytes{1, 2, 3});
    c.reset(false);
  } catch (const TransportError&) {
    // The expected outcome of a device that says something wrong, or too little.
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  raw_frames(data, size);
  conversation(data, size, false);
  conversation(data, size, true);
  return 0;
}
