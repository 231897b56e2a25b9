#ifndef AOTBENCH_AB_FRAME_H
#define AOTBENCH_AB_FRAME_H
/* Framing of the aotbench link, shared by the firmware and the host (one implementation).
 *
 * A frame is   flags:u8 | seq:u16le | payload | crc32:u32le   (CRC-32/IEEE over flags..payload),
 * COBS-encoded, so it contains no 0x00, and followed by one 0x00 delimiter. Senders also put a
 * 0x00 in front of each frame, so garbage on the line ends up in a frame of its own that fails
 * the CRC and is dropped; the next delimiter resynchronises the receiver. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  AB_FRAME_HEADER = 3,                                  /* flags + seq */
  AB_FRAME_TRAILER = 4,                                 /* crc32 */
  AB_FRAME_OVERHEAD = AB_FRAME_HEADER + AB_FRAME_TRAILER,
  AB_FRAME_FLAG_NACK = 0x01,                            /* receiver dropped a frame: resend */
  AB_FRAME_FLAG_PROGRESS = 0x02,                        /* device to host: a Progress, not the answer */
  AB_FRAME_FLAG_BANNER = 0x04,                          /* device to host: a Banner, sent once at start */
  AB_FRAME_SEQ_BANNER = 0                               /* the banner's sequence number: no request has it */
};

/* Bytes on the wire for a payload of n bytes: leading and trailing delimiter plus COBS codes. */
#define AB_FRAME_WIRE_MAX(n) ((n) + AB_FRAME_OVERHEAD + ((n) + AB_FRAME_OVERHEAD) / 254 + 3)

uint32_t ab_crc32(uint32_t crc, const uint8_t* data, size_t len);

/* Writes the wire form of one frame into out; returns its length, 0 when cap is too small. */
size_t ab_frame_encode(uint8_t flags, uint16_t seq, const uint8_t* payload, size_t len,
                       uint8_t* out, size_t cap);

typedef struct {
  uint8_t flags;
  uint16_t seq;
  const uint8_t* payload; /* points into the deframer's buffer; valid until the next push */
  size_t len;
} ab_frame;

typedef enum { AB_RX_MORE = 0, AB_RX_FRAME = 1, AB_RX_DROPPED = -1 } ab_rx_result;

/* Incremental receiver: feed bytes one at a time; no allocation. */
typedef struct {
  uint8_t* buf;
  size_t cap;
  size_t len;
  uint8_t left;          /* data bytes still due in the current COBS block */
  uint8_t zero_pending;  /* the current block ends with an implied 0x00 */
  uint8_t overflow;      /* the frame outgrew buf: drop it at the delimiter */
  uint32_t dropped;      /* frames rejected since init */
} ab_deframer;

void ab_deframer_init(ab_deframer* d, uint8_t* buf, size_t cap);

/* AB_RX_FRAME: *out holds a frame whose CRC matched. AB_RX_DROPPED: a frame was rejected
 * (CRC, truncated, too short, overflow). AB_RX_MORE: nothing complete yet. */
ab_rx_result ab_deframer_push(ab_deframer* d, uint8_t byte, ab_frame* out);

#ifdef __cplusplus
}
#endif
#endif
