#ifndef AOTBENCH_MEASURE_H
#define AOTBENCH_MEASURE_H
/* Run request execution: warm-ups, timed runs, stack high-water mark, per-operator profile. */
#include "aotbench.pb.h"

enum { AB_MAX_ITERATIONS = sizeof(((aotbench_RunResponse*)0)->counts) / sizeof(uint64_t) };
/* More warm-ups than this are refused: a request must not keep the device busy for hours. */
enum { AB_MAX_WARMUP = 1000 };

/* Fills out (counts, stack, status); returns an aotbench_Status and sets *error on failure. */
aotbench_Status ab_measure_run(const aotbench_RunRequest* rq, aotbench_RunResponse* out,
                               const char** error);

#endif
