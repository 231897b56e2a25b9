/* The "firmware" of --board host: runs one inference of the linked model (through the same
 * model_iface.h adapter the device runtime uses) on input files and writes the outputs.
 *
 *   runner --input IN0 [--input IN1 ...] --output OUT0 [...] [--dump DIR] [--profile FILE]
 *
 * --dump writes every tensor the model computes as DIR/t<id>.raw (needs a dump_tensors build);
 * --profile writes "op<TAB>nanoseconds" lines (needs profile=ops). Exit code 0 on success,
 * 1 for a model error, 2 for bad arguments or files. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ab_aot_runtime.h"
#include "aotbench/model_iface.h"

#define MAX_FILES 16
#define MAX_OPS 1024

static const char* g_dump_dir;
static uint64_t g_op_start[MAX_OPS];
static uint64_t g_op_ns[MAX_OPS];

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void ab_profile_op_begin(uint32_t op) {
  if (op < MAX_OPS) g_op_start[op] = now_ns();
}

void ab_profile_op_end(uint32_t op) {
  if (op < MAX_OPS) g_op_ns[op] += now_ns() - g_op_start[op];
}

void ab_debug_tensor(uint32_t op, int32_t tensor_id, const void* data, size_t bytes) {
  (void)op;
  if (!g_dump_dir) return;
  char path[4096];
  snprintf(path, sizeof path, "%s/t%ld.raw", g_dump_dir, (long)tensor_id);
  FILE* f = fopen(path, "wb");
  if (!f || fwrite(data, 1, bytes, f) != bytes) fprintf(stderr, "runner: cannot write %s\n", path);
  if (f) fclose(f);
}

static int read_exact(const char* path, uint8_t* buffer, uint32_t bytes, const char* what) {
  FILE* f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "runner: cannot open %s %s\n", what, path);
    return 0;
  }
  size_t got = fread(buffer, 1, bytes, f);
  int extra = fgetc(f) != EOF;
  fclose(f);
  if (got != bytes || extra) {
    fprintf(stderr, "runner: %s %s must hold exactly %lu bytes (the model's tensor size)\n", what, path,
            (unsigned long)bytes);
    return 0;
  }
  return 1;
}

static int write_all(const char* path, const uint8_t* data, uint32_t bytes) {
  FILE* f = fopen(path, "wb");
  int ok = f && fwrite(data, 1, bytes, f) == bytes;
  if (f && fclose(f) != 0) ok = 0;
  if (!ok) fprintf(stderr, "runner: cannot write %s\n", path);
  return ok;
}

int main(int argc, char** argv) {
  const char* inputs[MAX_FILES];
  const char* outputs[MAX_FILES];
  const char* profile = NULL;
  unsigned n_in = 0, n_out = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--input") && n_in < MAX_FILES) inputs[n_in++] = argv[i + 1];
    else if (!strcmp(argv[i], "--output") && n_out < MAX_FILES) outputs[n_out++] = argv[i + 1];
    else if (!strcmp(argv[i], "--dump")) g_dump_dir = argv[i + 1];
    else if (!strcmp(argv[i], "--profile")) profile = argv[i + 1];
    else {
      fprintf(stderr, "runner: unknown argument %s\n", argv[i]);
      return 2;
    }
  }
  const ab_model_desc* m = ab_model();
  if (n_in != m->num_inputs || n_out != m->num_outputs) {
    fprintf(stderr, "runner: the model has %lu input(s) and %lu output(s); got %u --input and %u --output\n",
            (unsigned long)m->num_inputs, (unsigned long)m->num_outputs, n_in, n_out);
    return 2;
  }
  for (unsigned i = 0; i < n_in; ++i)
    if (!read_exact(inputs[i], m->input_data[i], m->inputs[i].bytes, "input")) return 2;
  const int32_t status = ab_model_run();
  if (status != 0) {
    fprintf(stderr, "runner: the model returned %ld: %s\n", (long)status, TVMGetLastError());
    return 1;
  }
  for (unsigned i = 0; i < n_out; ++i)
    if (!write_all(outputs[i], m->output_data[i], m->outputs[i].bytes)) return 2;
  if (profile) {
    FILE* f = fopen(profile, "w");
    if (!f) return 2;
    for (uint32_t op = 0; op < m->num_ops && op < MAX_OPS; ++op)
      fprintf(f, "%lu\t%llu\n", (unsigned long)op, (unsigned long long)g_op_ns[op]);
    fclose(f);
  }
  return 0;
}
