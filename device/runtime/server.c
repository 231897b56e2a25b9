/* RPC server. One request frame in, one response frame out, in order; a request repeating the
 * last sequence number (the host asking again after losing our answer) gets the cached answer
 * again instead of being executed twice. Frames failing the CRC are never acted on: they are
 * counted and answered with a NACK, so the host resends at once instead of waiting. While a
 * request executes, received bytes wait in the UART (ab_port_rx_hold): no receive interrupt runs
 * inside a measured window, whatever the host sends meanwhile. A long request keeps the host
 * informed with progress frames (ab_server_progress). At start the firmware announces itself with
 * a banner frame (ab_server_banner), which a host also sees when the board resets on its own. */
#include "server.h"

#include <string.h>

#include "ab_frame.h"
#include "ab_port.h"
#include "aotbench/model_iface.h"
#include "aotbench.pb.h"
#include "handlers.h"
#include "pb_decode.h"
#include "pb_encode.h"

enum {
  RX_CAP = aotbench_Request_size + AB_FRAME_OVERHEAD,
  TX_CAP = AB_FRAME_WIRE_MAX(aotbench_Response_size),
  NACK_CAP = AB_FRAME_WIRE_MAX(0)
};

static uint8_t rx_buf[RX_CAP];
static uint8_t payload[aotbench_Response_size];
static uint8_t tx_buf[TX_CAP];
static size_t tx_len;
static uint16_t last_seq;
static uint16_t current_seq; /* the request being executed */
static int have_last;
static ab_deframer rx;
static aotbench_Request req;
static aotbench_Response resp;

uint32_t ab_server_max_frame(void) { return RX_CAP - AB_FRAME_OVERHEAD; }

uint32_t ab_server_dropped(void) { return rx.dropped; }

void ab_server_init(void) {
  ab_deframer_init(&rx, rx_buf, sizeof rx_buf);
  have_last = 0;
  tx_len = 0;
}

static void send_nack(void) {
  uint8_t nack[NACK_CAP];
  size_t n = ab_frame_encode(AB_FRAME_FLAG_NACK, last_seq, 0, 0, nack, sizeof nack);
  ab_port_write(nack, n);
}

void ab_server_progress(uint32_t done, uint32_t total) {
  aotbench_Progress p = {done, total};
  uint8_t msg[aotbench_Progress_size];
  uint8_t wire[AB_FRAME_WIRE_MAX(aotbench_Progress_size)];
  pb_ostream_t out = pb_ostream_from_buffer(msg, sizeof msg);
  if (!pb_encode(&out, aotbench_Progress_fields, &p)) return;
  size_t n = ab_frame_encode(AB_FRAME_FLAG_PROGRESS, current_seq, msg, out.bytes_written, wire, sizeof wire);
  ab_port_write(wire, n);
}

void ab_server_banner(void) {
  const ab_platform_info* p = ab_port_info();
  aotbench_Banner b = aotbench_Banner_init_zero;
  b.protocol_version = aotbench_ProtocolVersion_PROTOCOL_VERSION_CURRENT;
  strncpy(b.board, p->board, sizeof b.board - 1);
  b.clock_hz = p->clock_hz;
  b.counter = (aotbench_CounterKind)ab_counter_kind();
  strncpy(b.build_id, p->build_id, sizeof b.build_id - 1);
  b.clock_setup = (aotbench_ClockSetup)p->clock_setup;
  uint8_t msg[aotbench_Banner_size];
  uint8_t wire[AB_FRAME_WIRE_MAX(aotbench_Banner_size)];
  pb_ostream_t out = pb_ostream_from_buffer(msg, sizeof msg);
  if (!pb_encode(&out, aotbench_Banner_fields, &b)) return;
  size_t n = ab_frame_encode(AB_FRAME_FLAG_BANNER, AB_FRAME_SEQ_BANNER, msg, out.bytes_written, wire, sizeof wire);
  ab_port_write(wire, n);
}

static void fail(aotbench_Status status, const char* error) {
  memset(&resp, 0, sizeof resp);
  resp.status = status;
  strncpy(resp.error, error, sizeof resp.error - 1);
}

/* Decodes the request and fills resp; returns 1 when the device must reset after answering. */
static int execute(const ab_frame* f) {
  memset(&req, 0, sizeof req);
  pb_istream_t in = pb_istream_from_buffer(f->payload, f->len);
  if (!pb_decode(&in, aotbench_Request_fields, &req)) {
    fail(aotbench_Status_STATUS_BAD_REQUEST, "undecodable request");
    return 0;
  }
  memset(&resp, 0, sizeof resp);
  const char* error = "";
  resp.status = ab_handle(&req, &resp, &error);
  /* A failed request keeps what its handler filled in (a failed Run reports model_status). */
  if (resp.status != aotbench_Status_STATUS_OK) strncpy(resp.error, error, sizeof resp.error - 1);
  return req.which_body == aotbench_Request_reset_tag && resp.status == aotbench_Status_STATUS_OK;
}

static void respond(uint16_t seq) {
  pb_ostream_t out = pb_ostream_from_buffer(payload, sizeof payload);
  if (!pb_encode(&out, aotbench_Response_fields, &resp)) {
    fail(aotbench_Status_STATUS_BAD_REQUEST, "response too large");
    out = pb_ostream_from_buffer(payload, sizeof payload);
    pb_encode(&out, aotbench_Response_fields, &resp);
  }
  tx_len = ab_frame_encode(0, seq, payload, out.bytes_written, tx_buf, sizeof tx_buf);
  last_seq = seq;
  have_last = 1;
  ab_port_write(tx_buf, tx_len);
}

void ab_server_feed(uint8_t byte) {
  ab_frame f;
  ab_rx_result r = ab_deframer_push(&rx, byte, &f);
  if (r == AB_RX_DROPPED) send_nack();
  if (r != AB_RX_FRAME || (f.flags & AB_FRAME_FLAG_NACK)) return;
  if (have_last && f.seq == last_seq) {
    ab_port_write(tx_buf, tx_len);
    return;
  }
  current_seq = f.seq;
  ab_port_rx_hold(1);
  int reset = execute(&f);
  respond(f.seq);
  ab_port_rx_hold(0);
  if (reset) ab_port_reset(req.body.reset.exit);
}
