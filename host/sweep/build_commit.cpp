#include "host/sweep/build_commit.hpp"

#include "aotbench_git_commit.h"

namespace aotbench::sweep {

const char* build_commit() { return AOTBENCH_GIT_COMMIT; }

}  // namespace aotbench::sweep
