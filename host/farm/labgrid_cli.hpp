#pragma once
// Runs labgrid for aotbench: labgrid-client from scripts/setup's venv first (like pyOCD; Debian's
// labgrid 0.4 speaks crossbar, not the gRPC coordinator), and labgrid_query.py, which asks the
// coordinator through labgrid's client API with that client's Python and answers in JSON. Always
// with the coordinator named (`-x`), and without the LG_* variables that would make either act on
// another place than the one on its command line (LG_ENV, LG_PLACE, LG_TOKEN, LG_STATE,
// LG_INITIAL_STATE).
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "base/process.hpp"

namespace aotbench::farm {

// labgrid-client's own default when neither -x nor LG_COORDINATOR says otherwise.
inline constexpr const char* kDefaultCoordinator = "127.0.0.1:20408";

// `option` (--coordinator) when given, else $LG_COORDINATOR, else labgrid's default; as labgrid-client does.
std::string resolve_coordinator(const std::string& option);

// Path of labgrid-client: .deps/venv/bin first, then PATH. Throws FarmError saying how to install it.
std::string find_labgrid_client();

// "HOST/USER" as labgrid-client names the holder of what it acquires ($LG_HOSTNAME, $LG_USERNAME
// override the host name and login name): every aotbench of one user on one host shares it.
std::string labgrid_identity();

// A file for one answer of labgrid_query.py, removed when it goes out of scope.
class QueryAnswerFile {
 public:
  QueryAnswerFile();
  ~QueryAnswerFile();
  QueryAnswerFile(const QueryAnswerFile&) = delete;
  QueryAnswerFile& operator=(const QueryAnswerFile&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// The JSON labgrid_query.py wrote; FarmError if it is not JSON.
nlohmann::json read_query_answer(const std::filesystem::path& file);

// The message of a failed labgrid-client ("labgrid-client: Error: X" -> "X"), else its last line.
std::string labgrid_error(const std::string& output);

class LabgridCli {
 public:
  explicit LabgridCli(std::string coordinator, std::chrono::milliseconds timeout = std::chrono::seconds(60));

  const std::string& coordinator() const { return coordinator_; }
  const std::string& program() const { return program_; }

  // The whole command line that runs `labgrid-client -x COORDINATOR args...`.
  std::vector<std::string> command(const std::vector<std::string>& args) const;
  // How a user would type it, for messages: "labgrid-client -x ADDR args...".
  std::string shown(const std::vector<std::string>& args) const;

  // Runs it; throws FarmError when no coordinator answers or the client hangs. Other failures
  // are the caller's to explain (exit_code != 0).
  base::CommandResult run(const std::vector<std::string>& args) const;
  // Runs it and returns its output; throws FarmError with labgrid's message on failure.
  std::string check(const std::vector<std::string>& args) const;

  // The command line of labgrid_query.py with `args` (places, show PLACE, reservations,
  // reserve ..., wait TOKEN, acquire PLACE), its answer written to `answer_file`.
  std::vector<std::string> query_command(const std::vector<std::string>& args,
                                         const std::filesystem::path& answer_file) const;
  // Runs it like run(); on success (exit 0) `answer` holds what it wrote.
  base::CommandResult run_query(const std::vector<std::string>& args, nlohmann::json& answer) const;
  // Runs it and returns its answer; throws FarmError with labgrid's message on failure.
  nlohmann::json query(const std::vector<std::string>& args) const;

 private:
  std::string coordinator_;
  std::string program_;
  std::string python_;  // the interpreter labgrid-client runs with
  std::chrono::milliseconds timeout_;

  std::vector<std::string> without_lg_variables(std::vector<std::string> argv) const;
  void explain_no_coordinator(const base::CommandResult& r, const std::string& shown) const;
};

}  // namespace aotbench::farm
