#pragma once
// Whether a failure is the variant's own or may pass when tried again. A variant that does not
// fit, whose generated code does not compile or whose outputs are wrong fails the same way every
// time; one whose build ran out of disk, whose link lost its frames or whose emulator died may
// not: such a result is marked retryable, the sweep tries it again once at its end, and --resume
// measures it again.
#include <string>

namespace aotbench::measure {

// The message names a cause outside the variant: the OS out of a resource (disk space, quota,
// memory, processes, file handles), an I/O error, a file system that refuses writes, a tool
// killed by a signal or out of time.
bool names_passing_cause(const std::string& message);

}  // namespace aotbench::measure
