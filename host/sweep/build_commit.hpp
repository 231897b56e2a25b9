#pragma once

namespace aotbench::sweep {

// The git commit this aotbench was built from (12 hex digits, or "unknown" outside a checkout),
// read at build time: results and run identities carry it, and --resume compares it.
const char* build_commit();

}  // namespace aotbench::sweep
