/* Out-of-line entry points to the dsp family's static inline kernels, for the tests: one
 * uniform signature, looked up by the kernel's name (LoweredOp::kernel). */
#ifndef DSP_KERNELS_SHIM_H
#define DSP_KERNELS_SHIM_H

#ifdef __cplusplus
extern "C" {
#endif

/* params: the kernel's parameter struct (ScheduleParams::c_struct()). args: the data pointers in
 * the call's order (LoweredOp::args, then the scratch memory if the operator has some). */
typedef void (*dsp_shim_fn)(const void* params, void* const* args);

/* NULL for a name that is not a dsp kernel. */
dsp_shim_fn dsp_shim_find(const char* kernel);

#ifdef __cplusplus
}
#endif

#endif /* DSP_KERNELS_SHIM_H */
