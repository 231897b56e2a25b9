// UNIDIRECTIONAL_SEQUENCE_LSTM schedules of the dsp family (kernel: ab_dsp_lstm.h). The prepare
// step builds each of the eight gate products' requantization tables as FULLY_CONNECTED's does
// (the input offsets and the gates' biases folded into their start values), with one mode for
// all eight, and packs every gate's two weight matrices into one array in the order the kernel
// walks it: per block of four hidden units, per gate, its input weights then its recurrent
// weights, each block in ab_dsp_fc_block's layout.
#include <algorithm>

#include "ab_dsp_lstm.h"
#include "dsp_common.hpp"

namespace aotbench::codegen {

void render_fields(FieldWriter& w, const ab_dsp_lstm_params& p) { AB_RENDER_FIELDS(AB_DSP_LSTM_FIELDS) }

namespace dsp {
namespace {

// The eight products in the kernel's order: gate k's input product is 2k, its recurrent one 2k + 1.
std::vector<const ab_fully_connected_params*> products(const ab_lstm_params& r) {
  std::vector<const ab_fully_connected_params*> out;
  for (const ab_lstm_gate_params* g : {&r.input_gate, &r.forget_gate, &r.cell_gate, &r.output_gate}) {
    out.push_back(&g->input_fc);
    out.push_back(&g->recurrent_fc);
  }
  return out;
}

// Model input of product i's weights: gate k's input weights are input 1 + k, its recurrent ones 5 + k.
int weights_input(std::size_t i) { return static_cast<int>(i % 2 == 0 ? 1 + i / 2 : 5 + i / 2); }

std::string unsupported(const ScheduleContext& c, const LoweredOp& op) {
  const auto& r = std::get<ab_lstm_params>(op.params);
  if (r.activation_type != AB_ELEM_INT8) return "int16 activations (16x8): written for int8 ones";
  if (r.input_size <= 0 || r.state_size <= 0) return "an empty input or state";
  for (std::size_t i = 0; i < 8; ++i) {
    const ab_fully_connected_params& fc = *products(r)[i];
    if (fc.filter_offset != 0) return "weights with a nonzero zero point";
    if (fc.per_channel_multiplier != nullptr) return "per-channel weights";
    if (fc.act_min != INT16_MIN || fc.act_max != INT16_MAX) return "gate products not clamped to int16";
    const Tensor& w = c.g.tensors.at(static_cast<std::size_t>(c.node.inputs.at(static_cast<std::size_t>(weights_input(i)))));
    if (w.type != DType::Int8 || !w.is_constant()) return "the weights are not constant int8 data";
  }
  for (std::size_t i = 12; i <= 15; ++i) {
    const Tensor& b = c.g.tensors.at(static_cast<std::size_t>(c.node.inputs.at(i)));
    if (b.type != DType::Int32 || !b.is_constant()) return "the biases are not constant int32 data";
  }
  return "";
}

void apply(const ScheduleContext& c, LoweredOp& op, ab_dsp_weight_format format) {
  const auto& r = std::get<ab_lstm_params>(op.params);
  const auto units = static_cast<std::size_t>(r.state_size), inputs = static_cast<std::size_t>(r.input_size);
  const auto fcs = products(r);
  std::vector<std::vector<int8_t>> weights(8);
  std::vector<std::vector<ChannelSum>> sums(8);
  for (std::size_t i = 0; i < 8; ++i) {
    weights[i] = int8_values(c.g, c.node.inputs.at(static_cast<std::size_t>(weights_input(i))));
    // The input products carry the gate's bias (input 12 + k); the recurrent ones have none.
    const std::vector<int32_t> bias =
        i % 2 == 0 ? int32_values(c.g, c.node.inputs.at(12 + i / 2), units) : std::vector<int32_t>(units, 0);
    sums[i] = channel_sums(weights[i], units, i % 2 == 0 ? inputs : units, bias);
  }
  // One requantization mode for all eight tables (the kernel's loop over the gates is not
  // unrolled): folded only if every table can be.
  std::vector<RequantTable> tables(8);
  RequantBounds bounds;
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t i = 0; i < 8; ++i) {
      const std::vector<int32_t> mult(units, fcs[i]->output_multiplier), shift(units, fcs[i]->output_shift);
      tables[i] = requant_table(sums[i], mult.data(), shift.data(), fcs[i]->input_offset, fcs[i]->output_offset,
                                format == AB_DSP_W16, units, bounds);
    }
    const bool mixed = std::any_of(tables.begin(), tables.end(), [](const RequantTable& t) { return t.mode == AB_DSP_RQ_EXACT; });
    if (!mixed || !bounds.allow_folded) break;
    bounds.allow_folded = false;
  }
  std::vector<int32_t> rq;
  for (const RequantTable& t : tables) rq.insert(rq.end(), t.rq.begin(), t.rq.end());

  ab_dsp_lstm_params p{};
  p.ref = r;
  p.input_groups = (r.input_size + 3) / 4;
  p.state_groups = (r.state_size + 3) / 4;
  p.weights = format;
  p.requant = tables[0].mode;
  p.acc_shift = tables[0].acc_shift;
  p.rq = add_param_array(op, "rq", std::move(rq));

  FcPacking packed{format, tables[0].weight_scale, {}, {}};
  for (std::size_t block = 0; block < units; block += AB_DSP_FC_BLOCK) {
    const std::size_t end = std::min(units, block + AB_DSP_FC_BLOCK);
    for (std::size_t k = 0; k < 4; ++k) {
      packed.add_block(weights[2 * k], inputs, block, end);
      packed.add_block(weights[2 * k + 1], units, block, end);
    }
  }
  op.constants = {packed.constant(c.node.inputs[1], "the eight gate matrices, blocks of 4 units")};
  op.args = {{ArgRole::Input, c.node.inputs[0]},
             {ArgRole::Weights, -1, 0},
             {ArgRole::State, c.node.inputs[18]},
             {ArgRole::State, c.node.inputs[19]},
             {ArgRole::Output, c.node.outputs[0]}};
  op.kernel = "ab_dsp_lstm_s8";
  op.params_type = "ab_dsp_lstm_params";
  op.schedule_params = std::make_unique<StructParams<ab_dsp_lstm_params>>("ab_dsp_lstm_params", p);
  op.scratch_bytes = 8 * (int64_t{p.input_groups} + p.state_groups);  // the expanded input row and hidden state
  op.headers = {"ab_dsp_lstm.h"};
}

Schedule lstm_schedule(const char* name, int preference, ab_dsp_weight_format format, const char* help) {
  Schedule s = dsp_schedule(name, OpType::UnidirectionalSequenceLstm, preference, help);
  s.unsupported = unsupported;
  s.apply = [format](const ScheduleContext& c, LoweredOp& op) { apply(c, op, format); };
  return s;
}

}  // namespace

std::vector<Schedule> lstm_schedules() {
  return {
      lstm_schedule("dsp_lstm", 40, AB_DSP_W8,
                    "gate products as dsp_fc: input row and hidden state expanded once per step, 4 units x 4 gates with "
                    "SMLAD, int8 weights"),
      lstm_schedule("dsp_lstm_w16", 30, AB_DSP_W16,
                    "as dsp_lstm with the weights expanded to int16 at generation time: faster, twice the weight bytes"),
  };
}

}  // namespace dsp
}  // namespace aotbench::codegen
