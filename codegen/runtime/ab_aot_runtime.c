/* Workspace allocator and error API of the AOT runtime (see ab_aot_runtime.h). */
#ifndef AB_AOT_NO_DLPACK
#define AB_AOT_NO_DLPACK /* nothing here takes packed arguments */
#endif
#include "ab_aot_runtime.h"

#include <string.h>

/* Allocated blocks, kept sorted by offset; gaps between them are free. A model keeps only a few
 * tensors alive at once, so a short table and linear scans are enough. */
#define AB_WORKSPACE_MAX_BLOCKS 64
#define AB_WORKSPACE_ALIGN 16u

typedef struct {
  size_t offset;
  size_t bytes;
} ab_block;

static uint8_t* g_pool;
static size_t g_pool_bytes;
static ab_block g_blocks[AB_WORKSPACE_MAX_BLOCKS];
static size_t g_num_blocks;
static size_t g_in_use;
static size_t g_high_water;
static const char* g_last_error = "";

static size_t align_up(size_t n) { return (n + AB_WORKSPACE_ALIGN - 1u) & ~(size_t)(AB_WORKSPACE_ALIGN - 1u); }

void ab_workspace_init(uint8_t* pool, size_t bytes) {
  /* Start the pool itself on an aligned address. */
  const size_t skew = (size_t)((uintptr_t)pool % AB_WORKSPACE_ALIGN);
  const size_t lead = skew ? AB_WORKSPACE_ALIGN - skew : 0u;
  g_pool = pool + lead;
  g_pool_bytes = bytes > lead ? bytes - lead : 0u;
  g_num_blocks = 0;
  g_in_use = 0;
  g_high_water = 0;
}

size_t ab_workspace_high_water(void) { return g_high_water; }
size_t ab_workspace_in_use(void) { return g_in_use; }

void* TVMBackendAllocWorkspace(int device_type, int device_id, uint64_t nbytes,
                               int dtype_code_hint, int dtype_bits_hint) {
  (void)device_type;
  (void)device_id;
  (void)dtype_code_hint;
  (void)dtype_bits_hint;
  if (nbytes == 0 || nbytes > g_pool_bytes || g_num_blocks == AB_WORKSPACE_MAX_BLOCKS) {
    TVMAPISetLastError("TVMBackendAllocWorkspace: request does not fit the workspace pool");
    return NULL;
  }
  const size_t bytes = align_up((size_t)nbytes);
  size_t slot = 0, offset = 0;
  for (; slot < g_num_blocks; ++slot) {
    if (g_blocks[slot].offset - offset >= bytes) break; /* first gap that fits */
    offset = align_up(g_blocks[slot].offset + g_blocks[slot].bytes);
  }
  if (offset + bytes > g_pool_bytes) {
    TVMAPISetLastError("TVMBackendAllocWorkspace: workspace pool exhausted");
    return NULL;
  }
  memmove(&g_blocks[slot + 1], &g_blocks[slot], (g_num_blocks - slot) * sizeof(ab_block));
  g_blocks[slot].offset = offset;
  g_blocks[slot].bytes = bytes;
  ++g_num_blocks;
  g_in_use += bytes;
  if (offset + bytes > g_high_water) g_high_water = offset + bytes;
  return g_pool + offset;
}

int TVMBackendFreeWorkspace(int device_type, int device_id, void* ptr) {
  (void)device_type;
  (void)device_id;
  for (size_t i = 0; i < g_num_blocks; ++i) {
    if (g_pool + g_blocks[i].offset != (uint8_t*)ptr) continue;
    g_in_use -= g_blocks[i].bytes;
    memmove(&g_blocks[i], &g_blocks[i + 1], (g_num_blocks - i - 1) * sizeof(ab_block));
    --g_num_blocks;
    return 0;
  }
  TVMAPISetLastError("TVMBackendFreeWorkspace: pointer was not allocated from the workspace");
  return -1;
}

void TVMAPISetLastError(const char* msg) { g_last_error = msg ? msg : ""; }
const char* TVMGetLastError(void) { return g_last_error; }
