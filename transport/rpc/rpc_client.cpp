// See rpc_client.hpp.
#include "transport/rpc/rpc_client.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <type_traits>

#include "aotbench.pb.h"
#include "transport/framing/ab_frame.h"
#include "transport/rpc/codec.hpp"
#include "transport/rpc/patience.hpp"

static_assert(aotbench::transport::kMaxIterations == pb_arraysize(aotbench_RunResponse, counts),
              "kMaxIterations must be RunResponse.counts max_count of proto/aotbench.options");

namespace aotbench::transport {
namespace {

using namespace std::chrono_literals;

// Until GetInfo has told us the device's buffer size, only requests this small are sent.
constexpr std::size_t kBootstrapFrame = 16;

const char* request_name(pb_size_t tag) {
  switch (tag) {
    case aotbench_Request_get_info_tag: return "GetInfo";
    case aotbench_Request_set_counter_tag: return "SetCounter";
    case aotbench_Request_set_input_tag: return "SetInput";
    case aotbench_Request_run_tag: return "Run";
    case aotbench_Request_get_output_tag: return "GetOutput";
    case aotbench_Request_get_profile_tag: return "GetProfile";
    case aotbench_Request_echo_tag: return "Echo";
    case aotbench_Request_reset_tag: return "Reset";
    case aotbench_Request_get_tensor_tag: return "GetTensor";
    case aotbench_Request_load_input_tag: return "LoadInput";
  }
  return "?";
}

// nanopb stores whatever number the wire carries in an enum field, and C++ must not load a value
// outside the enum's range (UBSan: "not a valid value for type"), so enum fields are read as the
// integers they hold.
template <typename E>
std::int64_t raw(const E& field) {
  std::underlying_type_t<E> v;
  static_assert(sizeof v == sizeof field);
  std::memcpy(&v, &field, sizeof v);
  return static_cast<std::int64_t>(v);
}

std::string status_name(std::int64_t s) {
  switch (s) {
    case aotbench_Status_STATUS_OK: return "ok";
    case aotbench_Status_STATUS_BAD_REQUEST: return "bad request";
    case aotbench_Status_STATUS_OUT_OF_RANGE: return "out of range";
    case aotbench_Status_STATUS_NO_MODEL: return "no model";
    case aotbench_Status_STATUS_MODEL_ERROR: return "model error";
    case aotbench_Status_STATUS_UNSUPPORTED: return "unsupported";
  }
  return fmt::format("unknown status {}", s);
}

TensorSpec from_pb(const aotbench_TensorSpec& s) {
  return {s.name, static_cast<int>(raw(s.dtype)), std::vector<std::int32_t>(s.shape, s.shape + s.shape_count),
          s.bytes, s.scale, s.zero_point};
}

// The protocol's numbers for the counter (aotbench.proto's CounterKind) as the one kind results carry.
results::CounterKind counter_of(std::int64_t k) {
  using results::CounterKind;
  switch (k) {
    case aotbench_CounterKind_COUNTER_DWT_CYCLES: return CounterKind::cycles_dwt;
    case aotbench_CounterKind_COUNTER_SYSTICK_CYCLES: return CounterKind::cycles_systick;
    case aotbench_CounterKind_COUNTER_ICOUNT_INSTRUCTIONS: return CounterKind::instructions;
    case aotbench_CounterKind_COUNTER_MODEL_CYCLES: return CounterKind::cycles_model;
    default: return CounterKind::none;
  }
}

ClockSetup clock_setup_of(std::int64_t s) {
  return s >= 0 && s <= aotbench_ClockSetup_CLOCK_SETUP_SWITCH ? static_cast<ClockSetup>(s) : ClockSetup::none;
}

Banner from_pb(const aotbench_Banner& b) {
  return {b.protocol_version, b.board, b.build_id, b.clock_hz, counter_of(raw(b.counter)), clock_setup_of(raw(b.clock_setup))};
}

DeviceInfo from_pb(const aotbench_GetInfoResponse& r) {
  DeviceInfo i;
  i.protocol_version = r.protocol_version;
  i.board = r.board;
  i.cpu = r.cpu;
  i.build_id = r.build_id;
  i.model_key = r.model_key;
  i.clock_hz = r.clock_hz;
  i.clock_setup = clock_setup_of(raw(r.clock_setup));
  i.counter = counter_of(raw(r.counter));
  i.num_inputs = r.num_inputs;
  i.num_outputs = r.num_outputs;
  for (pb_size_t k = 0; k < r.inputs_count; ++k) i.inputs.push_back(from_pb(r.inputs[k]));
  for (pb_size_t k = 0; k < r.outputs_count; ++k) i.outputs.push_back(from_pb(r.outputs[k]));
  i.max_frame = r.max_frame;
  i.max_chunk = r.max_chunk;
  i.num_ops = r.num_ops;
  i.frames_dropped = r.frames_dropped;
  i.max_iterations = r.max_iterations;
  i.stack_free = r.stack_free;
  i.icount_shift = r.icount_shift;
  return i;
}

}  // namespace

std::string to_string(ClockSetup s) {
  switch (s) {
    case ClockSetup::none: return "none";
    case ClockSetup::done: return "done";
    case ClockSetup::oscillator: return "the oscillator never became ready";
    case ClockSetup::overdrive: return "the regulator's over-drive never became ready";
    case ClockSetup::flash_latency: return "the flash did not take the wait states";
    case ClockSetup::pll_lock: return "the PLL never locked";
    case ClockSetup::switch_: return "the core never switched to the PLL";
  }
  return "?";
}

struct RpcClient::Impl {
  Link& link;
  Options opt;
  LinkStats stats;
  std::uint16_t seq;
  std::size_t max_frame = kBootstrapFrame;
  std::size_t max_chunk = 0;
  std::vector<std::uint8_t> rx_buf = std::vector<std::uint8_t>(aotbench_Response_size + AB_FRAME_OVERHEAD);
  ab_deframer rx{};
  std::vector<std::uint8_t> pending;  // bytes read past a frame that ended a wait, for the next one
  bool expect_banner = true;          // until the first answer, and after a Reset
  std::optional<Banner> banner;
  aotbench_Request req{};
  aotbench_Response resp{};

  Impl(Link& l, Options o) : link(l), opt(std::move(o)) {
    // A random start, so a board still holding an answer from an earlier session for sequence
    // number s is unlikely to be asked for s again (and a mismatch in kind is caught anyway).
    seq = static_cast<std::uint16_t>(std::random_device{}());
    ab_deframer_init(&rx, rx_buf.data(), rx_buf.size());
  }

  enum class Outcome { answer, nack, crc, garbled, timeout };

  // Bytes left over from the last wait first, then the link's; 0 when the deadline passed.
  std::size_t read(std::span<std::uint8_t> buf, Clock::time_point deadline) {
    if (!pending.empty()) {
      const std::size_t n = std::min(buf.size(), pending.size());
      std::copy_n(pending.begin(), n, buf.begin());
      pending.erase(pending.begin(), pending.begin() + static_cast<std::ptrdiff_t>(n));
      return n;
    }
    const std::size_t n = link.read_some(buf, deadline);
    stats.bytes_received += n;
    return n;
  }

  void keep_rest(const std::uint8_t* rest, const std::uint8_t* end) { pending.insert(pending.begin(), rest, end); }

  // After a rejected frame the request goes out again, so what else was read with it is stale:
  // dropped, but for a banner, which still says the device reset.
  void skip_rest(const std::uint8_t* rest, const std::uint8_t* end, pb_size_t tag) {
    for (; rest != end; ++rest) {
      ab_frame f;
      if (ab_deframer_push(&rx, *rest, &f) == AB_RX_FRAME && (f.flags & AB_FRAME_FLAG_BANNER) &&
          !(f.flags & AB_FRAME_FLAG_NACK))
        take_banner(f, tag);
    }
  }

  // A frame flagged as a banner: kept while one is expected, else the device has reset.
  void take_banner(const ab_frame& f, pb_size_t tag) {
    aotbench_Banner b = aotbench_Banner_init_zero;
    const bool decoded = pb_decode_message(aotbench_Banner_fields, &b, f.payload, f.len);
    if (expect_banner) {
      if (!decoded) {
        stats.crc_errors++;
        return;
      }
      banner = from_pb(b);
      stats.banners++;
      return;
    }
    const std::string said =
        decoded ? fmt::format("board {} at {} Hz, build-id {}", b.board, b.clock_hz, std::string(b.build_id).substr(0, 12))
                : "undecodable";
    throw DeviceReset(fmt::format("{}: the device reset while {} awaited its answer: its start-up banner arrived ({}); "
                                  "what it held (inputs, the counter's set-up, this request) is gone: start the session "
                                  "again",
                                  opt.who, request_name(tag), said));
  }

  // Reads until the answer to `want` arrives, or something says to send the request again, or
  // the device has been silent until the patience's next deadline (or `until`). Progress frames
  // of the request only show that the device is alive.
  Outcome await(std::uint16_t want, pb_size_t tag, Patience& patience, Clock::time_point until) {
    std::uint8_t buf[512];
    for (;;) {
      const bool fresh = pending.empty();
      std::size_t n = read(buf, std::min({patience.ask_again_at(), patience.give_up_at(), until}));
      if (n == 0) return Outcome::timeout;
      if (fresh) patience.heard(Clock::now());
      for (std::size_t i = 0; i < n; ++i) {
        ab_frame f;
        ab_rx_result r = ab_deframer_push(&rx, buf[i], &f);
        if (r == AB_RX_DROPPED) {
          skip_rest(buf + i + 1, buf + n, tag);
          return Outcome::crc;
        }
        if (r != AB_RX_FRAME) continue;
        if (f.flags & AB_FRAME_FLAG_NACK) {
          skip_rest(buf + i + 1, buf + n, tag);
          return Outcome::nack;
        }
        if (f.flags & AB_FRAME_FLAG_BANNER) {
          take_banner(f, tag);
          continue;
        }
        if (f.seq != want) {
          stats.stale_frames++;
          continue;
        }
        if (f.flags & AB_FRAME_FLAG_PROGRESS) {
          stats.progress_frames++;
          patience.progressed(Clock::now());
          continue;
        }
        keep_rest(buf + i + 1, buf + n);
        resp = aotbench_Response aotbench_Response_init_zero;
        if (!pb_decode_message(aotbench_Response_fields, &resp, f.payload, f.len)) return Outcome::garbled;
        bool matches = resp.which_body == tag + 2 || (raw(resp.status) != aotbench_Status_STATUS_OK && resp.which_body == 0);
        return matches ? Outcome::answer : Outcome::garbled;
      }
    }
  }

  // Silence before asking again, and `give_up` of silence fails the request. A quick request (all
  // but Run) is asked again every opt.timeout, twice that after unanswered questions, so every lost
  // frame costs one timeout and the request is sent about give_up / timeout times (20 by default)
  // before silence fails it: with 20 % of the frames dropped and 20 % corrupted each way, about 1
  // request in 40 000. (Its silences are lost frames, not the device's pauses: they do not stretch
  // the pace.) A Run, whose device works for long between progress frames, waits at least three of
  // its longest pauses, twice as long after each unanswered question, up to eight timeouts.
  Patience::Limits limits(std::chrono::milliseconds give_up, bool busy = false) const {
    return busy ? Patience::Limits{opt.timeout, opt.timeout * 8, give_up, 3}
                : Patience::Limits{opt.timeout, opt.timeout * 2, give_up, 0};
  }

  // Sends req and returns its answer (in resp), asking again as the class comment says. With
  // `until` (connect) the request is repeated until then, the first waits short.
  aotbench_Response& call(Patience::Limits lim, Clock::time_point until = Clock::time_point::max()) {
    pb_size_t tag = req.which_body;
    std::vector<std::uint8_t> payload = pb_encode_message(aotbench_Request_fields, &req);
    if (payload.size() > max_frame)
      throw TransportError(fmt::format("{}: a {} request of {} bytes exceeds the device's {}-byte buffer",
                                       opt.who, request_name(tag), payload.size(), max_frame));
    std::uint16_t s = ++seq;
    if (s == AB_FRAME_SEQ_BANNER) s = ++seq;  // never taken for a banner, nor a banner for its answer
    std::vector<std::uint8_t> frame(AB_FRAME_WIRE_MAX(payload.size()));
    frame.resize(ab_frame_encode(0, s, payload.data(), payload.size(), frame.data(), frame.size()));
    stats.requests++;
    const bool bounded = until != Clock::time_point::max();
    const auto started = Clock::now();
    int attempts = 0, rejected = 0;
    std::uint64_t timeouts = 0, crc = 0, nacks = 0, garbled = 0;
    auto send = [&] {
      attempts++;
      stats.attempts++;
      stats.bytes_sent += frame.size();
      link.write(frame, Clock::now() + lim.give_up);
    };
    send();
    Patience patience(lim, Clock::now());
    for (;;) {
      const Outcome o = await(s, tag, patience, until);
      const auto now = Clock::now();
      if (o == Outcome::answer) {
        expect_banner = false;  // the firmware is up: a banner from now on means it started again
        return check_status(tag);
      }
      // A link that reports silence before the deadline (the in-process test links) is asked again.
      if (o == Outcome::timeout && now < std::min({patience.ask_again_at(), patience.give_up_at(), until})) continue;
      switch (o) {
        case Outcome::nack: nacks++, stats.nacks++, rejected++; break;
        case Outcome::crc: crc++, stats.crc_errors++, rejected++; break;
        case Outcome::garbled: garbled++, stats.crc_errors++, rejected++; break;
        default: timeouts++, stats.timeouts++; break;
      }
      if (bounded ? now >= until : now >= patience.give_up_at() || rejected > opt.retries) break;
      patience.asked(now);  // a rejected frame is answered at once, silence once the patience ends
      send();
    }
    const auto ms = [](Clock::duration d) { return std::chrono::duration_cast<std::chrono::milliseconds>(d).count(); };
    const std::string why =
        bounded ? "nothing within the time allowed"
        : rejected > opt.retries
            ? fmt::format("{} frames rejected (the most is {})", rejected, opt.retries)
            : fmt::format("the device has been silent for {} ms, the limit (its longest pause before: {} ms); it is hung "
                          "or gone{}",
                          ms(patience.silent_since_heard(Clock::now())), ms(patience.longest_silence()),
                          tag == aotbench_Request_run_tag ? ", or one workload call takes longer than that" : "");
    throw TransportError(fmt::format(
        "{}: no valid answer to {}: {}; {} attempts in {} ms ({} asked again after silence, {} failed the CRC, {} "
        "undecodable, {} NACKed by the device)",
        opt.who, request_name(tag), why, attempts, ms(Clock::now() - started), timeouts, crc, garbled, nacks));
  }

  aotbench_Response& check_status(pb_size_t tag) {
    // Answers the caller handles itself: a model that failed, a firmware without LoadInput.
    const std::int64_t status = raw(resp.status);
    bool run_failed = tag == aotbench_Request_run_tag && status == aotbench_Status_STATUS_MODEL_ERROR;
    bool no_load = tag == aotbench_Request_load_input_tag && status == aotbench_Status_STATUS_UNSUPPORTED;
    if (status != aotbench_Status_STATUS_OK && !run_failed && !no_load)
      throw DeviceError(fmt::format("{}: {} failed on the device: {} ({})", opt.who, request_name(tag),
                                    resp.error, status_name(status)));
    return resp;
  }

  void begin(pb_size_t tag) {
    req = aotbench_Request aotbench_Request_init_zero;
    req.which_body = tag;
  }

  std::size_t chunk() const { return max_chunk ? max_chunk : 64; }
};

RpcClient::RpcClient(Link& link, Options options) : impl_(std::make_unique<Impl>(link, std::move(options))) {}
RpcClient::~RpcClient() = default;

const LinkStats& RpcClient::stats() const { return impl_->stats; }
const std::optional<Banner>& RpcClient::banner() const { return impl_->banner; }

std::optional<Banner> RpcClient::await_banner(std::chrono::milliseconds wait) {
  auto& m = *impl_;
  const auto deadline = Clock::now() + wait;
  std::uint8_t buf[512];
  while (!m.banner) {
    std::size_t n = m.read(buf, deadline);
    if (n == 0) {
      if (Clock::now() >= deadline) break;
      continue;  // a link that reports silence early (the in-process test links)
    }
    for (std::size_t i = 0; i < n; ++i) {
      ab_frame f;
      if (ab_deframer_push(&m.rx, buf[i], &f) != AB_RX_FRAME) continue;
      if (!(f.flags & AB_FRAME_FLAG_BANNER)) {
        m.stats.stale_frames++;  // what an earlier session left on the line
        continue;
      }
      m.expect_banner = true;  // asked for: whenever it comes, it is welcome
      m.take_banner(f, aotbench_Request_get_info_tag);
      if (m.banner) {
        m.keep_rest(buf + i + 1, buf + n);  // the answers to come
        break;
      }
    }
  }
  return m.banner;
}
const std::string& RpcClient::who() const { return impl_->opt.who; }

DeviceInfo RpcClient::connect(std::chrono::milliseconds budget) {
  auto& m = *impl_;
  m.begin(aotbench_Request_get_info_tag);
  // Short first attempts that grow: bytes sent before the firmware has enabled its UART are lost
  // (QEMU drops them), so the first GetInfo of a fresh boot often needs repeating.
  auto& r = m.call({std::chrono::milliseconds(100), m.opt.timeout, budget, 3}, Clock::now() + budget);
  DeviceInfo info = from_pb(r.body.get_info);
  if (info.protocol_version != aotbench_ProtocolVersion_PROTOCOL_VERSION_CURRENT)
    throw ProtocolMismatch(fmt::format(
        "{}: the firmware speaks protocol version {}, this aotbench speaks {}: rebuild and reflash the "
        "firmware from this checkout",
        m.opt.who, info.protocol_version, static_cast<int>(aotbench_ProtocolVersion_PROTOCOL_VERSION_CURRENT)));
  m.max_frame = info.max_frame;
  m.max_chunk = std::min<std::size_t>(info.max_chunk, sizeof(aotbench_EchoRequest_data_t::bytes));
  for (auto k = info.inputs.size(); k < info.num_inputs; ++k) info.inputs.push_back(get_tensor(false, k));
  for (auto k = info.outputs.size(); k < info.num_outputs; ++k) info.outputs.push_back(get_tensor(true, k));
  return info;
}

DeviceInfo RpcClient::get_info() {
  impl_->begin(aotbench_Request_get_info_tag);
  return from_pb(impl_->call(impl_->limits(impl_->opt.give_up)).body.get_info);
}

TensorSpec RpcClient::get_tensor(bool output, std::uint32_t index) {
  auto& m = *impl_;
  m.begin(aotbench_Request_get_tensor_tag);
  m.req.body.get_tensor.output = output;
  m.req.body.get_tensor.index = index;
  return from_pb(m.call(m.limits(m.opt.give_up)).body.get_tensor.spec);
}

results::CounterKind RpcClient::set_icount_shift(int shift, const std::string& model_file) {
  auto& m = *impl_;
  m.begin(aotbench_Request_set_counter_tag);
  m.req.body.set_counter.icount_shift = shift;
  auto& path = m.req.body.set_counter.model_file;
  if (model_file.size() >= sizeof path)
    throw TransportError(fmt::format("{}: the timing model's counts file path is longer than {} bytes: {}", m.opt.who,
                                     sizeof path - 1, model_file));
  std::memcpy(path, model_file.c_str(), model_file.size() + 1);
  return counter_of(raw(m.call(m.limits(m.opt.give_up)).body.set_counter.counter));
}

void RpcClient::set_input(std::uint32_t index, std::span<const std::uint8_t> data) {
  auto& m = *impl_;
  std::size_t offset = 0;
  do {
    std::size_t n = std::min(m.chunk(), data.size() - offset);
    m.begin(aotbench_Request_set_input_tag);
    auto& q = m.req.body.set_input;
    q.index = index;
    q.offset = static_cast<std::uint32_t>(offset);
    q.data.size = static_cast<pb_size_t>(n);
    std::memcpy(q.data.bytes, data.data() + offset, n);
    m.call(m.limits(m.opt.give_up));
    offset += n;
  } while (offset < data.size());
}

bool RpcClient::load_input(std::uint32_t index, const std::string& host_path) {
  auto& m = *impl_;
  m.begin(aotbench_Request_load_input_tag);
  auto& q = m.req.body.load_input;
  q.index = index;
  if (host_path.size() >= sizeof q.path)
    throw TransportError(fmt::format("{}: LoadInput path longer than {} bytes: {}", m.opt.who, sizeof q.path - 1, host_path));
  std::memcpy(q.path, host_path.c_str(), host_path.size() + 1);
  return raw(m.call(m.limits(m.opt.give_up)).status) == aotbench_Status_STATUS_OK;
}

RunResult RpcClient::run(const RunOptions& o) {
  auto& m = *impl_;
  m.begin(aotbench_Request_run_tag);
  auto& q = m.req.body.run;
  q.iterations = o.iterations;
  q.warmup = o.warmup;
  q.workload = static_cast<aotbench_Workload>(o.workload);
  q.param = o.param;
  q.measure_stack = o.measure_stack;
  q.profile = o.profile;
  auto& r = m.call(m.limits(o.max_silence, true));
  const auto& b = r.body.run;
  RunResult out{b.model_status, counter_of(raw(b.counter)), std::vector<std::uint64_t>(b.counts, b.counts + b.counts_count),
                {}, b.stack_bytes, b.ops_profiled, raw(r.status) == aotbench_Status_STATUS_OK ? "" : r.error};
  out.instructions.assign(b.instructions, b.instructions + b.instructions_count);
  if (o.counter != results::CounterKind::none && out.counter != o.counter)
    throw CounterMismatch(fmt::format(
        "{}: the device counted {} ({}) where this run records {}: counts of one kind are never recorded as another; "
        "is it a firmware of this aotbench for this board (an older one counts instructions under the timing model, a "
        "core without a DWT counts SysTick cycles)?",
        m.opt.who, results::to_string(out.counter), results::counter_source(out.counter), results::to_string(o.counter)));
  return out;
}

std::vector<std::uint8_t> RpcClient::get_output(std::uint32_t index) {
  auto& m = *impl_;
  std::vector<std::uint8_t> out;
  std::uint32_t total = 0;
  do {
    m.begin(aotbench_Request_get_output_tag);
    m.req.body.get_output = {index, static_cast<std::uint32_t>(out.size()), static_cast<std::uint32_t>(m.chunk())};
    auto& r = m.call(m.limits(m.opt.give_up)).body.get_output;
    total = r.total;
    if (r.data.size == 0 && out.size() < total)
      throw TransportError(fmt::format("{}: GetOutput returned no data at offset {} of {}", m.opt.who, out.size(), total));
    out.insert(out.end(), r.data.bytes, r.data.bytes + r.data.size);
  } while (out.size() < total);
  return out;
}

ProfileResult RpcClient::get_profile() {
  auto& m = *impl_;
  ProfileResult out;
  std::uint32_t num_ops = 0;
  do {
    m.begin(aotbench_Request_get_profile_tag);
    m.req.body.get_profile.first_op = static_cast<std::uint32_t>(out.op_counts.size());
    auto& r = m.call(m.limits(m.opt.give_up)).body.get_profile;
    num_ops = r.num_ops;
    out.counter = counter_of(raw(r.counter));
    if (r.counts_count == 0) break;
    out.op_counts.insert(out.op_counts.end(), r.counts, r.counts + r.counts_count);
  } while (out.op_counts.size() < num_ops);
  return out;
}

std::vector<std::uint8_t> RpcClient::echo(std::span<const std::uint8_t> data) {
  auto& m = *impl_;
  std::vector<std::uint8_t> out;
  std::size_t offset = 0;
  do {
    std::size_t n = std::min(m.chunk(), data.size() - offset);
    m.begin(aotbench_Request_echo_tag);
    m.req.body.echo.data.size = static_cast<pb_size_t>(n);
    std::memcpy(m.req.body.echo.data.bytes, data.data() + offset, n);
    auto& r = m.call(m.limits(m.opt.give_up)).body.echo;
    out.insert(out.end(), r.data.bytes, r.data.bytes + r.data.size);
    offset += n;
  } while (offset < data.size());
  return out;
}

void RpcClient::reset(bool exit_emulator) {
  auto& m = *impl_;
  m.begin(aotbench_Request_reset_tag);
  m.req.body.reset.exit = exit_emulator;
  m.call(m.limits(m.opt.give_up));
  m.expect_banner = true;  // the firmware starts again and announces itself
  m.banner.reset();
}

}  // namespace aotbench::transport
