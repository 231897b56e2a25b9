#pragma once
// labgrid-client prints a resource's parameters as Python's pprint does ({'host': '10.0.0.5',
// 'port': 4001, ...}); this reads such a literal into JSON: dict, list, tuple, str (with pprint's
// adjacent pieces of one long string), int, float, True, False, None.
#include <nlohmann/json.hpp>
#include <string_view>

namespace aotbench::farm {

// Throws FarmError naming the offset and what was expected.
nlohmann::json parse_py_literal(std::string_view text);

}  // namespace aotbench::farm
