// See gdb_loader.hpp.
#include "host/flash/gdb_loader.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <optional>
#include <regex>
#include <sstream>
#include <thread>

#include "base/process.hpp"
#include "host/flash/flashers.hpp"
#include "transport/link/asio_links.hpp"

namespace aotbench::flash {
namespace {

// gdb's complaint: the lines that are not the progress of a good load, kept readable.
std::string gdb_message(const std::string& output) {
  std::istringstream in(output);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line.starts_with("Loading section") || line.starts_with("Start address") ||
        line.starts_with("Transfer rate") || line.find(": matched.") != std::string::npos ||
        line.starts_with("You can't do that when your target is `exec'"))  // after a failed connect
      continue;
    lines.push_back(line);
  }
  std::string msg = fmt::format("{}", fmt::join(lines, " | "));
  if (msg.size() > 500) msg = msg.substr(0, 500) + "...";
  return msg.empty() ? "(no output)" : msg;
}

// Asks the GDB server once before gdb runs ("?", why the target halted: it changes nothing).
// A server that accepts the connection and never answers would keep gdb waiting its remote
// timeout per packet, with retries: over a minute per attempt; it must answer within `silence`.
// A server that refuses the connection or cannot be reached gives the reason, in milliseconds
// where gdb would take seconds per attempt to say the same.
std::optional<std::string> server_refuses(const std::string& address, std::chrono::milliseconds silence) {
  const auto deadline = transport::Clock::now() + silence;
  try {
    const auto link = transport::connect_tcp(address, deadline);
    static constexpr std::string_view kWhyHalted = "$?#3f";
    link->write({reinterpret_cast<const std::uint8_t*>(kWhyHalted.data()), kWhyHalted.size()}, deadline);
    std::array<std::uint8_t, 64> answer{};
    if (link->read_some(answer, deadline) > 0) return std::nullopt;
  } catch (const transport::Unreachable& e) {
    return e.what();
  } catch (const transport::TransportError&) {
    return std::nullopt;  // connected, then closed: gdb's own attempt says what the server does
  }
  throw FlashServerUnreachable(fmt::format("the GDB server at {} accepted the connection but did not answer within {} "
                                           "ms: it is hung, or what listens on that port is no GDB server",
                                           address, silence.count()));
}

}  // namespace

std::vector<std::string> gdb_load_command(const GdbEndpoint& t, const std::filesystem::path& elf,
                                          const GdbLoadOptions& o) {
  // exec-file, not the ELF as gdb's argument: its sections are all a load needs, and gdb then
  // skips reading the debug information (a third of its time on a 1.5 MB firmware).
  std::vector<std::string> argv = {o.gdb, "-nx", "-batch", "-ex", "set confirm off", "-ex", "set pagination off",
                                   "-ex", "exec-file " + std::filesystem::absolute(elf).string(),
                                   // a server that is not there is refused in seconds (gdb's default
                                   // keeps retrying for 15 s), and a silent one times out alike
                                   "-ex", "set tcp connect-timeout 3",
                                   "-ex", fmt::format("set remotetimeout {}", std::max<long>(1, (o.silence.count() + 999) / 1000)),
                                   "-ex", "target extended-remote " + t.address, "-ex", "load"};
  for (const auto& c : o.after_load) argv.insert(argv.end(), {"-ex", c});
  argv.insert(argv.end(), {"-ex", "compare-sections", "-ex", t.reset_command,
                           "-ex", fmt::format("set $sp = *(unsigned int *){:#x}", t.vector_table),
                           "-ex", fmt::format("set $pc = *(unsigned int *){:#x}", t.vector_table + 4)});
  if (!t.run_command.empty()) argv.insert(argv.end(), {"-ex", t.run_command});
  argv.insert(argv.end(), {"-ex", "detach"});
  return argv;
}

std::vector<std::string> verified_sections(std::string_view output) {
  static const std::regex line(R"(Section (\S+), range \S+ -- \S+: (matched|MIS-MATCHED)[!.])");
  std::vector<std::string> matched, mismatched;
  const std::string text(output);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), line); it != std::sregex_iterator(); ++it)
    ((*it)[2] == "matched" ? matched : mismatched).push_back((*it)[1]);
  if (!mismatched.empty())
    throw FlashError(fmt::format("verify failed: section(s) {} read back different from the ELF",
                                 fmt::join(mismatched, ", ")));
  if (matched.empty()) throw FlashError("nothing was verified (compare-sections reported no section)");
  return matched;
}

GdbLoadReport load_via_gdb(const GdbEndpoint& t, const std::filesystem::path& elf, const GdbLoadOptions& o) {
  if (!std::filesystem::is_regular_file(elf)) throw FlashError(fmt::format("firmware {} does not exist", elf.string()));
  const std::vector<std::string> argv = gdb_load_command(t, elf, o);
  const auto failed_after = [&](int attempts, const std::string& why) {
    return fmt::format("loading {} through the GDB server at {} failed after {} attempt(s): {}",
                       elf.filename().string(), t.address, attempts, why);
  };
  auto backoff = o.backoff;
  for (int attempt = 1;; ++attempt) {  // a server being restarted refuses for a moment
    std::optional<std::string> refused;
    try {
      refused = server_refuses(t.address, o.silence);
    } catch (const FlashServerUnreachable& e) {  // not worth another attempt: it costs as long again
      throw FlashServerUnreachable(fmt::format("loading {}: {}", elf.filename().string(), e.what()));
    }
    if (!refused) break;
    if (attempt >= o.attempts) throw FlashServerUnreachable(failed_after(attempt, "nothing was loaded: " + *refused));
    std::this_thread::sleep_for(backoff);
    backoff *= 2;
  }
  std::string why;
  bool loaded_nothing = false;  // by the last attempt
  backoff = o.backoff;
  for (int attempt = 1; attempt <= o.attempts; ++attempt) {
    const base::CommandResult r = base::run_command(argv, o.timeout);
    loaded_nothing = false;
    try {
      if (r.timed_out) throw FlashError(fmt::format("gdb timed out after {} ms", o.timeout.count()));
      // gdb goes on after a failed connect or load, and compare-sections then reads the ELF
      // itself: no load report ("Transfer rate"), no verify worth naming, only gdb's first words.
      loaded_nothing = r.output.find("Transfer rate") == std::string::npos;
      if (loaded_nothing)
        throw FlashError(fmt::format("nothing was loaded: {}", gdb_message(r.output.substr(0, r.output.find("Section ")))));
      // Verification first: a mismatch must be named even when a later command also failed.
      std::vector<std::string> sections = verified_sections(r.output);
      if (r.exit_code != 0) throw FlashError(fmt::format("gdb exit code {}: {}", r.exit_code, gdb_message(r.output)));
      return {attempt, std::move(sections)};
    } catch (const FlashError& e) {
      why = e.what();
      if (std::string(e.what()).starts_with("nothing was verified"))
        why = fmt::format("{} ({})", e.what(), gdb_message(r.output));
    }
    if (attempt < o.attempts) {
      std::this_thread::sleep_for(backoff);
      backoff *= 2;
    }
  }
  const std::string message = failed_after(o.attempts, why);
  if (loaded_nothing) throw FlashServerUnreachable(message);
  throw FlashError(message);
}

}  // namespace aotbench::flash
