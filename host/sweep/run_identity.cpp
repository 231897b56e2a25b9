#include "host/sweep/run_identity.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "base/sha256.hpp"
#include "results/files.hpp"

namespace aotbench::sweep {
namespace {

using Json = nlohmann::ordered_json;

// What a variant's measurement depends on; the sweep space and the record-only fields are not.
Json measured_with(const RunIdentity& id) {
  return Json{{"aotbench_version", id.aotbench_version},
              {"aotbench_commit", id.aotbench_commit},
              {"model", id.model},
              {"model_sha256", id.model_sha256},
              {"board", id.board},
              {"board_profile_sha256", id.board_profile_sha256},
              {"gcc", id.gcc},
              {"clang", id.clang},
              {"qemu", id.qemu},
              {"counter", id.counter},
              {"inputs_sha256", id.inputs_sha256},
              {"repeat", id.repeat},
              {"warmup", id.warmup}};
}

std::string brief(const std::string& sha) { return sha.size() > 12 ? sha.substr(0, 12) + ".." : sha; }

std::string or_none(const std::string& s, const char* none) { return s.empty() ? none : s; }

// "3 only there (e.g. api=packed,...)"
std::string only_in(const std::vector<std::string>& a, const std::vector<std::string>& b, const char* where) {
  const std::set<std::string> other(b.begin(), b.end());
  std::size_t n = 0;
  std::string example;
  for (const auto& k : a)
    if (!other.count(k) && n++ == 0) example = k;
  return n ? fmt::format("{} variant{} only {} (e.g. {})", n, n == 1 ? "" : "s", where, example) : "";
}

}  // namespace

std::string to_json(const RunIdentity& id) {
  Json j = measured_with(id);
  j["variants_spec"] = id.variants_spec;
  j["keys"] = id.keys;
  j["run_id"] = id.run_id;
  j["started_utc"] = id.started_utc;
  j["command_line"] = id.command_line;
  return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

RunIdentity identity_from_json(const std::string& text, const std::string& source) {
  try {
    const Json j = Json::parse(text);
    RunIdentity id;
    std::pair<const char*, std::string*> texts[] = {
        {"aotbench_version", &id.aotbench_version}, {"aotbench_commit", &id.aotbench_commit},
        {"model", &id.model},                       {"model_sha256", &id.model_sha256},
        {"board", &id.board},                       {"board_profile_sha256", &id.board_profile_sha256},
        {"gcc", &id.gcc},                           {"clang", &id.clang},
        {"qemu", &id.qemu},                         {"inputs_sha256", &id.inputs_sha256},
        {"variants_spec", &id.variants_spec},       {"run_id", &id.run_id},
        {"started_utc", &id.started_utc},           {"command_line", &id.command_line}};
    for (auto& [name, field] : texts) *field = j.at(name).get<std::string>();
    id.counter = j.value("counter", "");  // absent before the timing model
    id.repeat = j.at("repeat").get<int>();
    id.warmup = j.at("warmup").get<int>();
    id.keys = j.at("keys").get<std::vector<std::string>>();
    return id;
  } catch (const Json::exception& e) {
    throw std::runtime_error(fmt::format("{} is not a run identity written by aotbench ({}); it cannot be resumed: "
                                         "start a new sweep without --resume",
                                         source, e.what()));
  }
}

std::vector<std::string> differences(const RunIdentity& was, const RunIdentity& now) {
  std::vector<std::string> out;
  if (was.model_sha256 != now.model_sha256)
    out.push_back(fmt::format("the run folder measured model {} (sha256 {}), this run's model is {} (sha256 {})",
                              was.model, brief(was.model_sha256), now.model, brief(now.model_sha256)));
  if (was.board != now.board)
    out.push_back(fmt::format("the run folder measured board {} (profile sha256 {}), this run's board is {} "
                              "(profile sha256 {})",
                              was.board, brief(was.board_profile_sha256), now.board, brief(now.board_profile_sha256)));
  else if (was.board_profile_sha256 != now.board_profile_sha256)
    out.push_back(fmt::format("the board profile {} changed since the run folder was measured (sha256 {} then, {} now)",
                              now.board, brief(was.board_profile_sha256), brief(now.board_profile_sha256)));
  if (was.gcc != now.gcc)
    out.push_back(fmt::format("the run folder's firmware was built by '{}', this run's by '{}'", was.gcc, now.gcc));
  if (was.clang != now.clang)
    out.push_back(fmt::format("the run folder's variants were compiled by clang '{}', this run's by '{}'",
                              or_none(was.clang, "(none)"), or_none(now.clang, "(none)")));
  if (was.qemu != now.qemu)
    out.push_back(fmt::format("the run folder ran under '{}', this run under '{}'", or_none(was.qemu, "hardware"),
                              or_none(now.qemu, "hardware")));
  if (was.aotbench_version != now.aotbench_version || was.aotbench_commit != now.aotbench_commit)
    out.push_back(fmt::format("the run folder was measured by aotbench {} (commit {}), this is aotbench {} (commit {})",
                              was.aotbench_version, was.aotbench_commit, now.aotbench_version, now.aotbench_commit));
  // Inputs are seeded by the model's hash: another model has other inputs, said once above.
  if (was.inputs_sha256 != now.inputs_sha256 && was.model_sha256 == now.model_sha256)
    out.push_back(fmt::format("the run folder's model inputs have sha256 {}, this run's {} (other --input files?)",
                              brief(was.inputs_sha256), brief(now.inputs_sha256)));
  if (was.counter != now.counter)
    out.push_back(fmt::format("the run folder counted {}, this run counts {} (--counter)", or_none(was.counter, "instructions"),
                              or_none(now.counter, "instructions")));
  if (was.repeat != now.repeat || was.warmup != now.warmup)
    out.push_back(fmt::format("the run folder measured with --repeat {} --warmup {}, this run asks --repeat {} --warmup {}",
                              was.repeat, was.warmup, now.repeat, now.warmup));
  const std::set<std::string> a(was.keys.begin(), was.keys.end()), b(now.keys.begin(), now.keys.end());
  if (a != b) {
    std::string detail = only_in(was.keys, now.keys, "there");
    const std::string here = only_in(now.keys, was.keys, "here");
    detail += (detail.empty() || here.empty() ? "" : ", ") + here;
    out.push_back(fmt::format("the run folder's sweep space is --variants '{}' ({} variants), this run's is --variants "
                              "'{}' ({} variants): {}",
                              was.variants_spec, was.keys.size(), now.variants_spec, now.keys.size(), detail));
  }
  return out;
}

std::string variant_fingerprint(const RunIdentity& id, const std::string& key) {
  const std::string text = measured_with(id).dump() + "\n" + key;
  return base::sha256_hex(text.data(), text.size());
}

}  // namespace aotbench::sweep
