// Seeds for the link fuzzers: make_seeds SERVER_DIR FRAME_DIR.
// SERVER_DIR gets request frames as the host sends them (each kind alone, and a whole measurement
// in one stream); FRAME_DIR gets the device's side of a whole conversation in frame_fuzzer.cpp's
// record format, and the same answers as raw wire bytes.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "aotbench.pb.h"
#include "transport/framing/ab_frame.h"
#include "pb_encode.h"

namespace {

using Bytes = std::vector<std::uint8_t>;

template <typename Msg>
Bytes encode(const pb_msgdesc_t* fields, const Msg& m) {
  Bytes out(2048);
  pb_ostream_t s = pb_ostream_from_buffer(out.data(), out.size());
  if (!pb_encode(&s, fields, &m)) std::fprintf(stderr, "make_seeds: %s\n", PB_GET_ERROR(&s)), std::exit(1);
  out.resize(s.bytes_written);
  return out;
}

Bytes frame(std::uint8_t flags, std::uint16_t seq, const Bytes& payload) {
  Bytes wire(AB_FRAME_WIRE_MAX(payload.size()));
  wire.resize(ab_frame_encode(flags, seq, payload.data(), payload.size(), wire.data(), wire.size()));
  return wire;
}

void write(const std::string& path, const Bytes& b) {
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(b.data()), static_cast<long>(b.size()));
}

aotbench_Request request(pb_size_t tag) {
  aotbench_Request r = aotbench_Request_init_zero;
  r.which_body = tag;
  return r;
}

std::vector<aotbench_Request> requests() {
  std::vector<aotbench_Request> q;
  q.push_back(request(aotbench_Request_get_info_tag));
  auto counter = request(aotbench_Request_set_counter_tag);
  counter.body.set_counter.icount_shift = 4;
  q.push_back(counter);
  auto input = request(aotbench_Request_set_input_tag);
  input.body.set_input.data.size = 64;
  for (int i = 0; i < 64; ++i) input.body.set_input.data.bytes[i] = static_cast<std::uint8_t>(i * 7);
  q.push_back(input);
  auto run = request(aotbench_Request_run_tag);
  run.body.run = {2, 1, aotbench_Workload_WORKLOAD_MODEL, 0, true, true};
  q.push_back(run);
  auto loop = request(aotbench_Request_run_tag);
  loop.body.run = {3, 0, aotbench_Workload_WORKLOAD_CAL_LOOP, 1000, false, false};
  q.push_back(loop);
  auto output = request(aotbench_Request_get_output_tag);
  output.body.get_output = {0, 0, 1024};
  q.push_back(output);
  q.push_back(request(aotbench_Request_get_profile_tag));
  auto tensor = request(aotbench_Request_get_tensor_tag);
  tensor.body.get_tensor.output = true;
  q.push_back(tensor);
  auto echo = request(aotbench_Request_echo_tag);
  echo.body.echo.data.size = 3;
  std::memcpy(echo.body.echo.data.bytes, "abc", 3);
  q.push_back(echo);
  auto load = request(aotbench_Request_load_input_tag);
  std::strcpy(load.body.load_input.path, "/nonexistent/input0.raw");
  q.push_back(load);
  q.push_back(request(aotbench_Request_reset_tag));
  return q;
}

// frame_fuzzer.cpp's records: kind 0 answers the last request, 3 is a progress frame, 16 a banner.
void record(Bytes& out, std::uint8_t kind, const Bytes& payload) {
  out.push_back(kind);
  out.push_back(static_cast<std::uint8_t>(payload.size()));
  out.insert(out.end(), payload.begin(), payload.end());
}

aotbench_Response response(pb_size_t tag) {
  aotbench_Response r = aotbench_Response_init_zero;
  r.which_body = tag;
  return r;
}

// The device's side of RpcClient's conversation in frame_fuzzer.cpp (answers under 256 bytes).
std::vector<std::pair<std::uint8_t, Bytes>> answers() {
  std::vector<std::pair<std::uint8_t, Bytes>> a;
  auto info = response(aotbench_Response_get_info_tag);
  auto& i = info.body.get_info;
  i.protocol_version = aotbench_ProtocolVersion_PROTOCOL_VERSION_CURRENT;
  std::strcpy(i.board, "fuzz");
  i.counter = aotbench_CounterKind_COUNTER_ICOUNT_INSTRUCTIONS;
  i.num_inputs = i.num_outputs = 1;
  i.max_frame = 1100;
  i.max_chunk = 16;
  i.num_ops = 2;
  i.max_iterations = 32;
  a.emplace_back(0, encode(aotbench_Response_fields, info));
  auto spec = response(aotbench_Response_get_tensor_tag);
  spec.body.get_tensor.has_spec = true;
  spec.body.get_tensor.spec.bytes = 20;
  a.emplace_back(0, encode(aotbench_Response_fields, spec));  // input 0
  a.emplace_back(0, encode(aotbench_Response_fields, spec));  // output 0
  auto counter = response(aotbench_Response_set_counter_tag);
  counter.body.set_counter.counter = aotbench_CounterKind_COUNTER_ICOUNT_INSTRUCTIONS;
  a.emplace_back(0, encode(aotbench_Response_fields, counter));
  for (std::uint32_t done = 0; done < 3; ++done)
    a.emplace_back(3, encode(aotbench_Progress_fields, aotbench_Progress{done, 4}));
  auto run = response(aotbench_Response_run_tag);
  run.body.run.counter = aotbench_CounterKind_COUNTER_ICOUNT_INSTRUCTIONS;
  run.body.run.counts_count = 2;
  run.body.run.counts[0] = run.body.run.counts[1] = 3000;
  run.body.run.stack_bytes = 96;
  run.body.run.ops_profiled = 2;
  a.emplace_back(0, encode(aotbench_Response_fields, run));
  for (std::uint32_t off = 0; off < 20; off += 16) {
    auto out = response(aotbench_Response_get_output_tag);
    out.body.get_output.total = 20;
    out.body.get_output.data.size = static_cast<pb_size_t>(off == 0 ? 16 : 4);
    a.emplace_back(0, encode(aotbench_Response_fields, out));
  }
  auto profile = response(aotbench_Response_get_profile_tag);
  profile.body.get_profile.num_ops = 2;
  profile.body.get_profile.counts_count = 2;
  profile.body.get_profile.counts[0] = 1000;
  profile.body.get_profile.counts[1] = 2000;
  a.emplace_back(0, encode(aotbench_Response_fields, profile));
  auto echo = response(aotbench_Response_echo_tag);
  echo.body.echo.data.size = 3;
  std::memcpy(echo.body.echo.data.bytes, "\x01\x02\x03", 3);
  a.emplace_back(0, encode(aotbench_Response_fields, echo));
  a.emplace_back(0, encode(aotbench_Response_fields, response(aotbench_Response_reset_tag)));
  return a;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: make_seeds SERVER_DIR FRAME_DIR\n");
    return 2;
  }
  const std::string server = argv[1], frames = argv[2];
  Bytes all;
  std::uint16_t seq = 1;
  for (const auto& r : requests()) {
    Bytes f = frame(0, seq++, encode(aotbench_Request_fields, r));
    write(server + "/request" + std::to_string(seq - 1) + ".bin", f);
    all.insert(all.end(), f.begin(), f.end());
  }
  write(server + "/measurement.bin", all);

  // The firmware's start-up banner first, as a real one sends it.
  aotbench_Banner banner = aotbench_Banner_init_zero;
  banner.protocol_version = aotbench_ProtocolVersion_PROTOCOL_VERSION_CURRENT;
  std::strcpy(banner.board, "fuzz");
  banner.clock_hz = 168000000;
  banner.counter = aotbench_CounterKind_COUNTER_SYSTICK_CYCLES;
  std::strcpy(banner.build_id, "0123456789abcdef0123456789abcdef01234567");
  const Bytes banner_payload = encode(aotbench_Banner_fields, banner);
  constexpr std::uint8_t kBannerRecord = AB_FRAME_FLAG_BANNER << 2;
  Bytes records, wire = frame(AB_FRAME_FLAG_BANNER, AB_FRAME_SEQ_BANNER, banner_payload);
  record(records, kBannerRecord, banner_payload);
  seq = 1;
  Bytes reset;  // the conversation with a device that resets before the Run answers
  for (const auto& [kind, payload] : answers()) {
    record(records, kind, payload);
    if (kind == 3 && reset.empty()) {
      reset = records;
      record(reset, kBannerRecord, banner_payload);
    }
    Bytes f = frame(kind == 3 ? AB_FRAME_FLAG_PROGRESS : 0, seq++, payload);
    wire.insert(wire.end(), f.begin(), f.end());
  }
  write(frames + "/conversation.bin", records);
  write(frames + "/reset.bin", reset);
  write(frames + "/wire.bin", wire);
  Bytes nack = frame(AB_FRAME_FLAG_NACK, 7, {});
  write(frames + "/nack.bin", nack);
  return 0;
}
