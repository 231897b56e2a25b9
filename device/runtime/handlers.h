#ifndef AOTBENCH_HANDLERS_H
#define AOTBENCH_HANDLERS_H
/* One function per request kind; ab_handle dispatches on the request's body. */
#include "aotbench.pb.h"

/* Fills resp's body; returns the status and, when not OK, points *error at a message. */
aotbench_Status ab_handle(const aotbench_Request* req, aotbench_Response* resp, const char** error);

uint32_t ab_server_max_frame(void);

#endif
