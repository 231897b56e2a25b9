#ifndef AB_AOT_RUNTIME_H
#define AB_AOT_RUNTIME_H
/* The small runtime that aotbench's generated AOT code calls, with the calling conventions of
 * Apache TVM's C runtime: TVMValue + type codes for packed functions (tensors as dlpack
 * DLTensor), TVMBackendAllocWorkspace/FreeWorkspace for the dynamic workspace, and
 * TVMAPISetLastError for errors. When TVM's own headers are included first, theirs are used. */
#include <stddef.h>
#include <stdint.h>

/* TVM's packed calling convention (TVMValue, DLTensor) needs dlpack.h. Code that does not use it
 * (api=unpacked, interface=c, a static workspace; this runtime's own .c file) defines AB_AOT_NO_DLPACK first, so
 * it compiles without dlpack.h; the workspace and error functions are declared either way. */
#ifndef AB_AOT_NO_DLPACK
#include <dlpack/dlpack.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

#if !defined(TVM_RUNTIME_C_RUNTIME_API_H_) && !defined(AB_AOT_NO_DLPACK)
/* A packed-function argument: one machine word or pointer, its meaning given by a type code. */
typedef union {
  int64_t v_int64;
  double v_float64;
  void* v_handle;
  const char* v_str;
  DLDataType v_type;
  DLDevice v_device;
} TVMValue;

/* Type codes with TVM's numbering (TVMArgTypeCode). */
enum {
  kTVMArgInt = kDLInt,
  kTVMArgFloat = kDLFloat,
  kTVMOpaqueHandle = 3,
  kTVMNullptr = 4,
  kTVMDLTensorHandle = 7
};

/* The packed signature of every operator (api=packed) and of the packed entry point. */
typedef int32_t (*TVMBackendPackedCFunc)(TVMValue* args, int32_t* type_codes, int32_t num_args,
                                         TVMValue* out_ret_value, int32_t* out_ret_tcode,
                                         void* resource_handle);
#endif

#ifndef TVM_RUNTIME_C_RUNTIME_API_H_
void* TVMBackendAllocWorkspace(int device_type, int device_id, uint64_t nbytes,
                               int dtype_code_hint, int dtype_bits_hint);
int TVMBackendFreeWorkspace(int device_type, int device_id, void* ptr);
void TVMAPISetLastError(const char* msg);
const char* TVMGetLastError(void);
#endif

/* The workspace pool behind TVMBackendAllocWorkspace: first fit over one static buffer,
 * 16-byte aligned blocks, frees in any order. The high-water mark says how much of the pool one
 * inference needed (the dynamic-workspace variant's real RAM cost). */
void ab_workspace_init(uint8_t* pool, size_t bytes);
size_t ab_workspace_high_water(void);
size_t ab_workspace_in_use(void);

/* Hooks the generated code calls around every operator when built with profile=ops. */
void ab_profile_op_begin(uint32_t op);
void ab_profile_op_end(uint32_t op);

/* Debugging hook (host builds with tensor dumps): called after each operator for each tensor it
 * wrote. */
void ab_debug_tensor(uint32_t op, int32_t tensor_id, const void* data, size_t bytes);

#ifdef __cplusplus
}
#endif
#endif
