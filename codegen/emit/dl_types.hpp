#pragma once
// dlpack's names for our tensor types, as generated code spells them.
#include <string>

#include "codegen/ir/graph.hpp"

namespace aotbench::codegen {

struct DlType {
  const char* code;  // "kDLInt", "kDLUInt", "kDLFloat"
  int bits;
};
DlType dl_type(DType t);

}  // namespace aotbench::codegen
