#include "host/cli/option_checks.hpp"

#include <fmt/core.h>

#include <charconv>
#include <filesystem>

#include "transport/link/fault_link.hpp"
#include "host/flash/flashers.hpp"
#include "host/flash/gdb_server.hpp"

namespace aotbench::cli {

CLI::Validator whole_number(const base::WholeRange& range) {
  return CLI::Validator(
      [=](std::string& value) -> std::string {
        long long n = 0;
        const char* end = value.data() + value.size();
        const auto [p, ec] = std::from_chars(value.data(), end, n);
        if (ec == std::errc() && p == end && range.contains(n)) return "";
        return range.refusal(value);
      },
      range.hint(), "");
}

CLI::Validator byte_size() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        if (value.find('-') != std::string::npos)
          return fmt::format("{} is negative; give a size in bytes >= 0, e.g. 192K or 1M", value);
        const std::string given = value;
        std::string error;
        try {
          error = CLI::AsSizeValue(false)(value);
        } catch (const CLI::ValidationError& e) {
          error = e.what();
        }
        if (error.find("overflow") != std::string::npos)
          return fmt::format("{} is more than 2^64-1 bytes; give a size a board can have, e.g. 1M", given);
        if (!error.empty()) return fmt::format("{} is not a size in bytes; give e.g. 196608, 192K or 1M", given);
        // A plain number CLI11 passes on as it is, to be saturated at 2^64-1 when converted.
        const bool digits = value.find_first_not_of("0123456789") == std::string::npos;
        if (digits && (value.size() > 20 || (value.size() == 20 && value > "18446744073709551615")))
          return fmt::format("{} is more than 2^64-1 bytes; give a size a board can have, e.g. 1M", given);
        return "";
      },
      "SIZE [b, kb(=1000b), kib(=1024b), ...]", "");
}

CLI::Validator positive_seconds(double max) {
  return CLI::Validator(
      [=](std::string& value) -> std::string {
        double s = 0;
        const char* end = value.data() + value.size();
        const auto [p, ec] = std::from_chars(value.data(), end, s);
        if (ec == std::errc() && p == end && s > 0 && s <= max) return "";
        return fmt::format("{} is not a number of seconds above 0 and at most {}; give e.g. 5", value, max);
      },
      "SECONDS > 0", "");
}

CLI::Validator regular_file() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        const std::filesystem::path p(value);
        std::error_code ec;
        if (std::filesystem::is_regular_file(p, ec)) return "";
        if (std::filesystem::is_directory(p, ec)) return fmt::format("{} is a directory; give a file", value);
        if (std::filesystem::exists(p, ec)) return fmt::format("{} is not a regular file; give a file", value);
        return fmt::format("{} does not exist; give an existing file", value);
      },
      "FILE", "");
}

CLI::Validator link_faults_spec() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        try {
          transport::LinkFaults::parse(value);
        } catch (const std::invalid_argument& e) {
          return e.what();
        }
        return "";
      },
      "drop=P,corrupt=P,dup=P,seed=S", "");
}

CLI::Validator variants_spec() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        if (value.find_first_not_of("; \t") != std::string::npos) return "";
        return fmt::format("'{}' has no term; give e.g. api=packed, '+opt=O3' or @corners (see --help), or leave "
                           "--variants out for the default sweep",
                           value);
      },
      "SPEC", "");
}

CLI::Validator serial_port() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        for (const char* scheme : {"tcp:", "rfc2217:"}) {
          if (value.rfind(scheme, 0) != 0) continue;
          try {
            flash::check_gdb_address(value.substr(std::string(scheme).size()));
          } catch (const flash::FlashError&) {
            return fmt::format("{} is not {}HOST:PORT (e.g. {}127.0.0.1:4000)", value, scheme, scheme);
          }
          return "";
        }
        if (value.empty()) return "give a device path (e.g. /dev/ttyACM0), tcp:HOST:PORT or rfc2217:HOST:PORT";
        return "";
      },
      "DEVICE|tcp:HOST:PORT|rfc2217:HOST:PORT", "");
}

CLI::Validator gdb_server() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        if (value == "start") return "";
        try {
          flash::check_gdb_address(value);
        } catch (const flash::FlashError& e) {
          return e.what();
        }
        return "";
      },
      "HOST:PORT|start", "");
}

}  // namespace aotbench::cli
