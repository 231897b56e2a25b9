// See doctor.hpp: the order of the checks and what each one needs.
#include "host/doctor/doctor.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "host/flash/session.hpp"

namespace aotbench::doctor {

const char* to_string(Status s) {
  switch (s) {
    case Status::pass: return "pass";
    case Status::fail: return "fail";
    case Status::skip: return "skip";
  }
  return "?";
}

Bench::~Bench() = default;

std::vector<Check> run_doctor(const board::Profile& p, const DoctorOptions& o,
                              const std::function<void(const Check&)>& on_check) {
  struct Step {
    const char* name;
    Check (*run)(Bench&);
    std::vector<const char*> needs;  // checks that must have passed first
  };
  const std::vector<Step> steps = {
      {"toolchain", check_toolchain, {}},
      {"flasher", check_flasher, {}},
      {"probe", check_probe, {"flasher"}},
      {"serial", check_serial, {}},
      {"banner", check_banner, {"toolchain", "flasher", "probe", "serial"}},
      {"firmware", check_firmware, {"toolchain", "flasher", "probe", "serial"}},
      {"counter", check_counter, {"firmware"}},
  };
  Bench bench{p, o, nullptr};
  std::vector<Check> out;
  std::map<std::string, Status> status;
  for (const Step& step : steps) {
    std::vector<std::string> missing;
    for (const char* need : step.needs)
      if (status[need] == Status::fail || (status[need] == Status::skip && std::string(need) == "firmware"))
        missing.push_back(need);
    Check c;
    const auto t0 = std::chrono::steady_clock::now();
    if (!missing.empty()) {
      const std::string needs = fmt::format("{}", fmt::join(missing, " and "));
      c = {step.name, Status::skip, fmt::format("not run: needs the {} check{}", needs, missing.size() > 1 ? "s" : ""),
           "", 0};
    } else {
      try {
        c = step.run(bench);
      } catch (const std::exception& e) {  // a check that threw failed, with the error as its finding
        c = {step.name, Status::fail, e.what(), "", 0};
      }
    }
    c.name = step.name;
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    status[step.name] = c.status;
    if (on_check) on_check(c);
    out.push_back(std::move(c));
  }
  if (bench.session) bench.session->shutdown();
  return out;
}

bool passed(const std::vector<Check>& checks) {
  return std::none_of(checks.begin(), checks.end(), [](const Check& c) { return c.status == Status::fail; });
}

}  // namespace aotbench::doctor
