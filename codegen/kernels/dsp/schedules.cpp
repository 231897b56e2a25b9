// The dsp family: kernels for cores with the Armv7E-M DSP extension (SIMD multiply-accumulate on
// int16 pairs), one header per operator (ab_dsp_*.h), each schedule's generation-time prepare
// step in the .cpp file of its operator.
#include "codegen/select/registry.hpp"

namespace aotbench::codegen {
namespace dsp {
std::vector<Schedule> conv2d_schedules();
std::vector<Schedule> conv2d_short_schedules();
std::vector<Schedule> conv2d_im2col_3px_schedules();
std::vector<Schedule> conv2d_3px_slabs_schedules();
std::vector<Schedule> conv2d_rows_schedules();
std::vector<Schedule> depthwise_conv2d_schedules();
std::vector<Schedule> fully_connected_schedules();
std::vector<Schedule> add_schedules();
std::vector<Schedule> pool2d_schedules();
std::vector<Schedule> pad_schedules();
std::vector<Schedule> lstm_schedules();
std::vector<Schedule> svdf_schedules();
std::vector<Schedule> lookup_schedules();
std::vector<Schedule> mul_schedules();
std::vector<Schedule> sigmoid_s16_schedules();
}  // namespace dsp

std::vector<Schedule> dsp_schedules() {
  std::vector<Schedule> all;
  for (auto part : {dsp::conv2d_schedules, dsp::conv2d_short_schedules, dsp::conv2d_im2col_3px_schedules,
                    dsp::conv2d_3px_slabs_schedules, dsp::conv2d_rows_schedules,
                    dsp::depthwise_conv2d_schedules, dsp::fully_connected_schedules,
                    dsp::add_schedules, dsp::pool2d_schedules, dsp::pad_schedules, dsp::lstm_schedules,
                    dsp::svdf_schedules, dsp::lookup_schedules, dsp::mul_schedules,
                    dsp::sigmoid_s16_schedules}) {
    for (Schedule& s : part()) all.push_back(std::move(s));
  }
  return all;
}

}  // namespace aotbench::codegen
