#pragma once
// What a sweep measures, written to run.json in its results folder before the first variant:
// the model, the board profile, the tools that build and run the firmware, the input bytes, the
// repeats and the sweep space. `--resume` compares the folder's identity with this run's and
// refuses any difference (counts of another model, board or compiler must never be mixed in), and
// every variant result carries a fingerprint of the inputs it was measured with, so a result is
// reused only when its key and every input to it match.
#include <filesystem>
#include <string>
#include <vector>

namespace aotbench::sweep {

struct RunIdentity {
  std::string aotbench_version, aotbench_commit;
  std::string model, model_sha256;           // model: the zoo spec or path as given
  std::string board, board_profile_sha256;   // the resolved profile name and its file's content
  std::string gcc, clang;                    // `--version` first lines; clang empty when unused
  std::string qemu;                          // empty on hardware
  std::string counter;                       // results::CounterKind's word: what the counts count
  std::string inputs_sha256;                 // the input bytes, all inputs in order
  int repeat = 1, warmup = 0;
  std::string variants_spec;                 // --variants as given
  std::vector<std::string> keys;             // the resolved sweep space, in order

  // Fields a started sweep adds for the record (not compared): who started it and how.
  std::string run_id, started_utc, command_line;
};

// run.json: the identity as JSON text; throws std::runtime_error for a file that is not one.
std::string to_json(const RunIdentity& id);
RunIdentity identity_from_json(const std::string& text, const std::string& source);

// One sentence per difference between the identity a folder recorded and this run's, e.g. "the
// run folder measured model kws (sha256 ab12..), this run's model is ic (sha256 cd34..)". Empty
// when the two measure the same thing.
std::vector<std::string> differences(const RunIdentity& recorded, const RunIdentity& now);

// The fingerprint of everything one variant's measurement depends on: the identity except the
// rest of the sweep space, plus the variant's key.
std::string variant_fingerprint(const RunIdentity& id, const std::string& key);

}  // namespace aotbench::sweep
