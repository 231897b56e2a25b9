// nanopb encoding of every protocol message: each Request and Response kind, filled to its
// limits, decodes to exactly what was encoded; truncated and random input is rejected cleanly.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <random>
#include <set>

#include "aotbench.pb.h"
#include "transport/rpc/codec.hpp"

namespace {

using aotbench::transport::pb_decode_message;
using aotbench::transport::pb_encode_message;

void fill_spec(aotbench_TensorSpec& s, int k) {
  std::snprintf(s.name, sizeof s.name, "tensor_%d_with_a_long_sanitized_name_%d", k, k * 7);
  s.dtype = aotbench_DType_DTYPE_FLOAT32;
  s.shape_count = 6;
  for (int i = 0; i < 6; ++i) s.shape[i] = (k + 1) * (i + 2);
  s.bytes = 1000000u + k;
  s.scale = 0.0123f * (k + 1);
  s.zero_point = -100 + k;
}

template <typename T, std::size_t N>
void fill_bytes(T (&a)[N], std::mt19937& rng) {
  for (auto& b : a) b = static_cast<T>(rng());
}

// Every Request kind, with values at the edges of their ranges.
std::vector<aotbench_Request> all_requests() {
  std::mt19937 rng(11);
  std::vector<aotbench_Request> out;
  auto make = [&](pb_size_t tag, const std::function<void(aotbench_Request&)>& fill) {
    aotbench_Request r;
    std::memset(&r, 0, sizeof r);
    r.which_body = tag;
    fill(r);
    out.push_back(r);
  };
  make(aotbench_Request_get_info_tag, [](auto&) {});
  make(aotbench_Request_set_counter_tag, [](auto& r) { r.body.set_counter.icount_shift = -1; });
  make(aotbench_Request_set_counter_tag, [](auto& r) { r.body.set_counter.icount_shift = 7; });
  make(aotbench_Request_set_input_tag, [&](auto& r) {
    r.body.set_input.index = 3;
    r.body.set_input.offset = 0xFFFFFFFFu;
    r.body.set_input.data.size = 1024;
    fill_bytes(r.body.set_input.data.bytes, rng);
  });
  make(aotbench_Request_run_tag, [](auto& r) {
    auto& run = r.body.run;
    run.iterations = 32;
    run.warmup = 5;
    run.workload = aotbench_Workload_WORKLOAD_CAL_LOOP;
    run.param = 123456789u;
    run.measure_stack = run.profile = true;
  });
  make(aotbench_Request_get_output_tag, [](auto& r) {
    r.body.get_output.index = 1;
    r.body.get_output.offset = 4096;
    r.body.get_output.length = 1024;
  });
  make(aotbench_Request_get_profile_tag, [](auto& r) { r.body.get_profile.first_op = 200; });
  make(aotbench_Request_echo_tag, [&](auto& r) {
    r.body.echo.data.size = 1024;
    fill_bytes(r.body.echo.data.bytes, rng);
  });
  make(aotbench_Request_echo_tag, [](auto& r) { r.body.echo.data.size = 0; });
  make(aotbench_Request_reset_tag, [](auto& r) { r.body.reset.exit = true; });
  make(aotbench_Request_get_tensor_tag, [](auto& r) {
    r.body.get_tensor.output = true;
    r.body.get_tensor.index = 9;
  });
  return out;
}

std::vector<aotbench_Response> all_responses() {
  std::mt19937 rng(12);
  std::vector<aotbench_Response> out;
  auto make = [&](pb_size_t tag, const std::function<void(aotbench_Response&)>& fill) {
    aotbench_Response r;
    std::memset(&r, 0, sizeof r);
    r.which_body = tag;
    fill(r);
    out.push_back(r);
  };
  make(aotbench_Response_get_info_tag, [](auto& r) {
    auto& i = r.body.get_info;
    i.protocol_version = aotbench_ProtocolVersion_PROTOCOL_VERSION_CURRENT;
    std::strcpy(i.board, "stm32f746g-disco");
    std::strcpy(i.cpu, "cortex-m7");
    i.clock_hz = 216000000u;
    i.counter = aotbench_CounterKind_COUNTER_DWT_CYCLES;
    std::memset(i.build_id, 'a', 40);
    std::memset(i.model_key, 'k', sizeof i.model_key - 1);
    i.num_inputs = 5;
    i.num_outputs = 7;
    i.inputs_count = i.outputs_count = 2;
    for (int k = 0; k < 2; ++k) fill_spec(i.inputs[k], k), fill_spec(i.outputs[k], k + 2);
    i.max_frame = 1042;
    i.max_chunk = 1024;
    i.num_ops = 256;
    i.frames_dropped = 3;
    i.max_iterations = 32;
    i.stack_free = 180000;
    i.icount_shift = 4;
  });
  make(aotbench_Response_set_counter_tag, [](auto& r) { r.body.set_counter.counter = aotbench_CounterKind_COUNTER_ICOUNT_INSTRUCTIONS; });
  make(aotbench_Response_set_input_tag, [](auto& r) { r.body.set_input.bytes = 150528; });
  make(aotbench_Response_run_tag, [](auto& r) {
    auto& run = r.body.run;
    run.model_status = -5;
    run.counter = aotbench_CounterKind_COUNTER_SYSTICK_CYCLES;
    run.counts_count = 32;
    for (int k = 0; k < 32; ++k) run.counts[k] = 0xFFFFFFFFFFull * (k + 1);
    run.stack_bytes = 4444;
    run.ops_profiled = 66;
  });
  make(aotbench_Response_get_output_tag, [&](auto& r) {
    r.body.get_output.total = 1000;
    r.body.get_output.data.size = 1000;
    for (int k = 0; k < 1000; ++k) r.body.get_output.data.bytes[k] = static_cast<std::uint8_t>(rng());
  });
  make(aotbench_Response_get_profile_tag, [](auto& r) {
    auto& p = r.body.get_profile;
    p.counter = aotbench_CounterKind_COUNTER_DWT_CYCLES;
    p.num_ops = 100;
    p.first_op = 48;
    p.counts_count = 48;
    for (int k = 0; k < 48; ++k) p.counts[k] = 1000u * k;
  });
  make(aotbench_Response_echo_tag, [&](auto& r) {
    r.body.echo.data.size = 1024;
    fill_bytes(r.body.echo.data.bytes, rng);
  });
  make(aotbench_Response_reset_tag, [](auto&) {});
  make(aotbench_Response_get_tensor_tag, [](auto& r) {
    r.body.get_tensor.has_spec = true;
    fill_spec(r.body.get_tensor.spec, 5);
  });
  make(0, [](auto& r) {  // an error answer without a body
    r.status = aotbench_Status_STATUS_OUT_OF_RANGE;
    std::strcpy(r.error, "input chunk past the tensor's end");
  });
  return out;
}

template <typename T>
void expect_round_trip(const pb_msgdesc_t* fields, const T& msg, std::size_t max_size) {
  auto bytes = pb_encode_message(fields, &msg);
  EXPECT_LE(bytes.size(), max_size);
  T back;
  std::memset(&back, 0, sizeof back);
  ASSERT_TRUE(pb_decode_message(fields, &back, bytes.data(), bytes.size()));
  EXPECT_EQ(std::memcmp(&back, &msg, sizeof msg), 0);
  EXPECT_EQ(pb_encode_message(fields, &back), bytes);
}

TEST(Proto, EveryRequestRoundTrips) {
  auto reqs = all_requests();
  std::set<pb_size_t> kinds;
  for (auto& r : reqs) {
    SCOPED_TRACE(r.which_body);
    kinds.insert(r.which_body);
    expect_round_trip(aotbench_Request_fields, r, aotbench_Request_size);
  }
  EXPECT_EQ(kinds.size(), 9u);  // GetInfo SetCounter SetInput Run GetOutput GetProfile Echo Reset GetTensor
}

TEST(Proto, EveryResponseRoundTrips) {
  auto resps = all_responses();
  for (auto& r : resps) {
    SCOPED_TRACE(r.which_body);
    expect_round_trip(aotbench_Response_fields, r, aotbench_Response_size);
  }
  EXPECT_EQ(resps.size(), 10u);
}

TEST(Proto, SpotChecksDecodedValues) {
  auto resps = all_responses();
  auto bytes = pb_encode_message(aotbench_Response_fields, &resps[3]);  // Run
  aotbench_Response back = aotbench_Response_init_zero;
  ASSERT_TRUE(pb_decode_message(aotbench_Response_fields, &back, bytes.data(), bytes.size()));
  ASSERT_EQ(back.which_body, aotbench_Response_run_tag);
  EXPECT_EQ(back.body.run.model_status, -5);
  EXPECT_EQ(back.body.run.counts_count, 32);
  EXPECT_EQ(back.body.run.counts[31], 0xFFFFFFFFFFull * 32);
}

// A Request is one length-delimited field (its oneof body): every cut ends inside that field's tag,
// length or payload, so no truncated Request may decode, whatever the cut.
TEST(Proto, TruncatedMessagesAreRejected) {
  std::size_t tried = 0;
  for (auto& r : all_requests()) {
    auto bytes = pb_encode_message(aotbench_Request_fields, &r);
    ASSERT_GE(bytes.size(), 2u);  // tag and length at least
    EXPECT_EQ(bytes[0] >> 3, r.which_body) << "the body is the first and only field";
    for (std::size_t cut = 1; cut < bytes.size(); ++cut, ++tried) {
      aotbench_Request back = aotbench_Request_init_zero;
      EXPECT_FALSE(pb_decode_message(aotbench_Request_fields, &back, bytes.data(), bytes.size() - cut))
          << "request kind " << r.which_body << " decoded with its last " << cut << " of " << bytes.size()
          << " bytes cut off";
    }
  }
  EXPECT_GT(tried, 1000u);
}

TEST(Proto, OverLimitFieldsAreRejected) {
  // SetInput with 1025 data bytes (limit 1024): tag 3 (set_input), length, then field 3 (data).
  std::vector<std::uint8_t> data(1025, 0x55);
  std::vector<std::uint8_t> inner = {0x1A, 0x81, 0x08};  // field 3, length 1025 (varint 0x81 0x08)
  inner.insert(inner.end(), data.begin(), data.end());
  std::vector<std::uint8_t> msg = {0x1A};
  std::size_t n = inner.size();
  msg.push_back(static_cast<std::uint8_t>(0x80 | (n & 0x7F)));
  msg.push_back(static_cast<std::uint8_t>(n >> 7));
  msg.insert(msg.end(), inner.begin(), inner.end());
  aotbench_Request back = aotbench_Request_init_zero;
  EXPECT_FALSE(pb_decode_message(aotbench_Request_fields, &back, msg.data(), msg.size()));
}

TEST(Proto, RandomBytesNeverCrashTheDecoder) {
  std::mt19937 rng(13);
  int decoded = 0;
  for (int i = 0; i < 20000; ++i) {
    std::vector<std::uint8_t> junk(rng() % 64);
    for (auto& b : junk) b = static_cast<std::uint8_t>(rng());
    aotbench_Response back = aotbench_Response_init_zero;
    decoded += pb_decode_message(aotbench_Response_fields, &back, junk.data(), junk.size());
  }
  EXPECT_LT(decoded, 20000);
}

}  // namespace
