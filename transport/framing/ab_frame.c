/* COBS + CRC-32 framing shared by the firmware and the host; see ab_frame.h. */
#include "ab_frame.h"

/* CRC-32/IEEE (reflected 0xEDB88320), a nibble at a time: a 64-byte table suits the firmware. */
static const uint32_t crc_nibble[16] = {
    0x00000000u, 0x1DB71064u, 0x3B6E20C8u, 0x26D930ACu, 0x76DC4190u, 0x6B6B51F4u,
    0x4DB26158u, 0x5005713Cu, 0xEDB88320u, 0xF00F9344u, 0xD6D6A3E8u, 0xCB61B38Cu,
    0x9B64C2B0u, 0x86D3D2D4u, 0xA00AE278u, 0xBDBDF21Cu};

uint32_t ab_crc32(uint32_t crc, const uint8_t* data, size_t len) {
  crc = ~crc;
  for (size_t i = 0; i < len; i++) {
    crc ^= data[i];
    crc = (crc >> 4) ^ crc_nibble[crc & 0x0F];
    crc = (crc >> 4) ^ crc_nibble[crc & 0x0F];
  }
  return ~crc;
}

/* Streams raw bytes through COBS into out; `code_at` is where the current block's code goes. */
typedef struct {
  uint8_t* out;
  size_t cap, pos, code_at;
  int full;
} cobs_writer;

static void cobs_put(cobs_writer* w, uint8_t b) {
  if (w->pos >= w->cap) {
    w->full = 1;
    return;
  }
  w->out[w->pos++] = b;
}

static void cobs_start_block(cobs_writer* w) {
  w->code_at = w->pos;
  cobs_put(w, 1);
}

static void cobs_byte(cobs_writer* w, uint8_t b) {
  if (w->full) return;
  if (b == 0) {
    cobs_start_block(w);
    return;
  }
  cobs_put(w, b);
  if (w->full) return;
  if (++w->out[w->code_at] == 0xFF) cobs_start_block(w);
}

static void cobs_bytes(cobs_writer* w, const uint8_t* p, size_t n) {
  for (size_t i = 0; i < n; i++) cobs_byte(w, p[i]);
}

size_t ab_frame_encode(uint8_t flags, uint16_t seq, const uint8_t* payload, size_t len,
                       uint8_t* out, size_t cap) {
  uint8_t head[AB_FRAME_HEADER] = {flags, (uint8_t)seq, (uint8_t)(seq >> 8)};
  uint32_t crc = ab_crc32(ab_crc32(0, head, sizeof head), payload, len);
  uint8_t tail[AB_FRAME_TRAILER] = {(uint8_t)crc, (uint8_t)(crc >> 8), (uint8_t)(crc >> 16),
                                    (uint8_t)(crc >> 24)};
  cobs_writer w = {out, cap, 0, 0, 0};
  cobs_put(&w, 0);
  cobs_start_block(&w);
  cobs_bytes(&w, head, sizeof head);
  cobs_bytes(&w, payload, len);
  cobs_bytes(&w, tail, sizeof tail);
  cobs_put(&w, 0);
  return w.full ? 0 : w.pos;
}

void ab_deframer_init(ab_deframer* d, uint8_t* buf, size_t cap) {
  d->buf = buf;
  d->cap = cap;
  d->dropped = 0;
  d->len = 0;
  d->left = 0;
  d->zero_pending = 0;
  d->overflow = 0;
}

static void restart(ab_deframer* d) {
  d->len = 0;
  d->left = 0;
  d->zero_pending = 0;
  d->overflow = 0;
}

static void append(ab_deframer* d, uint8_t b) {
  if (d->len < d->cap)
    d->buf[d->len++] = b;
  else
    d->overflow = 1;
}

static uint32_t read_le32(const uint8_t* p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Called at a delimiter: is what was collected one whole, intact frame? */
static int frame_ok(const ab_deframer* d) {
  if (d->overflow || d->left != 0 || d->len < AB_FRAME_OVERHEAD) return 0;
  size_t body = d->len - AB_FRAME_TRAILER;
  return ab_crc32(0, d->buf, body) == read_le32(d->buf + body);
}

ab_rx_result ab_deframer_push(ab_deframer* d, uint8_t byte, ab_frame* out) {
  if (byte != 0) {
    if (d->left == 0) { /* a COBS code byte starts the next block */
      if (d->zero_pending) append(d, 0);
      d->left = (uint8_t)(byte - 1);
      d->zero_pending = byte != 0xFF;
    } else {
      append(d, byte);
      d->left--;
    }
    return AB_RX_MORE;
  }
  if (d->len == 0 && d->left == 0 && !d->overflow && !d->zero_pending) return AB_RX_MORE;
  int ok = frame_ok(d);
  size_t len = d->len;
  restart(d);
  if (!ok) {
    d->dropped++;
    return AB_RX_DROPPED;
  }
  out->flags = d->buf[0];
  out->seq = (uint16_t)(d->buf[1] | d->buf[2] << 8);
  out->payload = d->buf + AB_FRAME_HEADER;
  out->len = len - AB_FRAME_OVERHEAD;
  return AB_RX_FRAME;
}
