// libFuzzer target for the firmware's RPC server, built for the host (device/runtime with the
// device/host port and the in-process test model): any bytes from the host. Every frame the
// server writes must be one whole frame that passes its CRC and decodes as what its flags say
// (a Response, a Progress, or an empty NACK) within the buffers the firmware has; anything else,
// a crash or a sanitizer report is a finding.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "aotbench.pb.h"
#include "transport/framing/ab_frame.h"
#include "port_host.h"
#include "server.h"

extern "C" {
#include "ab_port.h"
#include "pb_decode.h"
}

namespace {

void check_frame(const std::uint8_t* data, std::size_t len, void*) {
  if (len > AB_FRAME_WIRE_MAX(aotbench_Response_size)) std::abort();
  std::vector<std::uint8_t> buf(len);
  ab_deframer d;
  ab_deframer_init(&d, buf.data(), buf.size());
  int frames = 0;
  for (std::size_t i = 0; i < len; ++i) {
    ab_frame f;
    const ab_rx_result r = ab_deframer_push(&d, data[i], &f);
    if (r == AB_RX_DROPPED) std::abort();
    if (r != AB_RX_FRAME) continue;
    frames++;
    pb_istream_t in = pb_istream_from_buffer(f.payload, f.len);
    if (f.flags == AB_FRAME_FLAG_NACK) {
      if (f.len != 0) std::abort();
    } else if (f.flags == AB_FRAME_FLAG_PROGRESS) {
      aotbench_Progress p = aotbench_Progress_init_zero;
      if (!pb_decode(&in, aotbench_Progress_fields, &p) || p.done >= p.total) std::abort();
    } else {
      aotbench_Response r = aotbench_Response_init_zero;
      if (f.flags != 0 || !pb_decode(&in, aotbench_Response_fields, &r)) std::abort();
    }
  }
  if (frames != 1) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool once = [] {
    ab_host_deny_files();  // LoadInput must not open whatever path the input names
    ab_host_set_writer(check_frame, nullptr);
    return true;
  }();
  (void)once;
  ab_server_init();
  ab_counter_set_icount_shift(-1);  // each input starts from a fresh device
  for (std::size_t i = 0; i < size; ++i) ab_server_feed(data[i]);
  ab_server_feed(0);  // ends whatever frame the input left open
  return 0;
}
