#pragma once
// Zoo specs: NAME or NAME:OPTION=VALUE,OPTION=VALUE,... and the option values they select.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "codegen/zoo/definition.hpp"

namespace aotbench::codegen::zoo {

struct Spec {
  std::string name;
  std::vector<std::pair<std::string, std::string>> options;  // as written, in order
};

// Splits a spec; throws ZooError on a malformed one (the values are checked by resolve_options).
Spec parse_spec(const std::string& text);

// Every option of the model: its default, or the spec's value after type and range checks.
using OptionValues = std::map<std::string, double>;
OptionValues resolve_options(const ModelDef& def, const Spec& spec);

// "name:opt=value,..." with every option, in the definition's order.
std::string canonical_spec(const ModelDef& def, const OptionValues& values);

// One option's value as the spec syntax writes it: 0.35, 96, true.
std::string format_option(const OptionDef& o, double value);

// "width=0.35 (0.1..1.4): width multiplier (alpha)" for help texts.
std::string describe_option(const OptionDef& o);

}  // namespace aotbench::codegen::zoo
