#ifndef AOTBENCH_SERVER_H
#define AOTBENCH_SERVER_H
/* The RPC server: frames in (ab_frame), nanopb Request -> Response, frames out. */
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void ab_server_init(void);
/* Announces the firmware (a Banner frame: board, clock, counter, build-id): once, at start, after
 * the counter is set up and before any request is served. */
void ab_server_banner(void);
/* Feed one received byte; answers through ab_port_write when a request frame completes. */
void ab_server_feed(uint8_t byte);
/* Frames rejected since init. */
uint32_t ab_server_dropped(void);
/* While a request executes: tells the host it is still at work (a Progress frame carrying the
 * request's sequence number), done of total steps finished. Never call it in a counted window. */
void ab_server_progress(uint32_t done, uint32_t total);

#ifdef __cplusplus
}
#endif

#endif
