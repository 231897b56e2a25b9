// See place_resources.hpp.
#include "host/farm/place_resources.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include "host/farm/errors.hpp"
#include "host/flash/flash_tool.hpp"

namespace aotbench::farm {
namespace {

std::string client(const std::string& coordinator) { return "labgrid-client -x " + coordinator; }

Endpoint endpoint_of(const PlaceInfo& p, const ResourceInfo& r, const std::string& what) {
  if (!r.avail)
    throw FarmError(fmt::format("place {}: resource {} ({}, the {}) is not available: its exporter {} is not running "
                                "or does not see the device; check it on that host",
                                p.name, r.name, r.path(), what, r.exporter));
  const auto& extra = r.params.value("extra", nlohmann::json::object());
  if (extra.is_object() && extra.value("proxy_required", false))
    throw FarmError(fmt::format("place {}: exporter {} runs isolated (labgrid-exporter -i): its ports are reachable "
                                "only through SSH forwarding, which aotbench does not do; run it without -i and let "
                                "this host reach {}",
                                p.name, r.exporter, r.params.value("host", std::string("its host"))));
  Endpoint e;
  e.host = r.params.value("host", std::string());
  const long long port = r.params.contains("port") && r.params["port"].is_number_integer() ? r.params["port"].get<long long>() : 0;
  e.port = port > 0 && port <= 65535 ? static_cast<unsigned>(port) : 0;
  if (e.host.empty() || e.port == 0)
    throw FarmError(fmt::format("place {}: resource {} ({}, the {}) has no host and port ({}); give them in exporter "
                                "{}'s configuration",
                                p.name, r.name, r.path(), what, r.params.dump(), r.exporter));
  return e;
}

}  // namespace

std::string Endpoint::str() const {
  return host.find(':') != std::string::npos ? fmt::format("[{}]:{}", host, port) : fmt::format("{}:{}", host, port);
}

nlohmann::json PlaceResources::to_json() const {
  return {{"place", place},
          {"board", board},
          {"flasher", flasher.empty() ? nlohmann::json(nullptr) : nlohmann::json(flasher)},
          {"serial", {{"host", serial.host}, {"port", serial.port}, {"kind", serial_kind}, {"speed", serial_speed},
                      {"address", serial.str()}}},
          {"gdb", {{"host", gdb.host}, {"port", gdb.port}, {"address", gdb.str()}}},
          {"exporter", exporter},
          {"owner", owner},
          {"tags", tags}};
}

PlaceResources resolve_resources(const PlaceInfo& p, const std::string& coordinator) {
  PlaceResources out;
  out.place = p.name;
  out.owner = p.acquired;
  out.tags = p.tags;
  const auto board = p.tags.find(kBoardTag);
  if (board == p.tags.end() || board->second.empty())
    throw FarmError(fmt::format("place {} has no tag {}, which names its board profile: `{} -p {} set-tags {}=PROFILE` "
                                "(a profile of `aotbench boards`, e.g. nucleo-f767zi)",
                                p.name, kBoardTag, client(coordinator), p.name, kBoardTag));
  out.board = board->second;
  if (const auto f = p.tags.find(kFlasherTag); f != p.tags.end()) {
    if (!flash::find_flash_tool(f->second)) {
      std::vector<std::string> names;
      for (const flash::FlashTool* t : flash::flash_tools()) names.emplace_back(t->name);
      throw FarmError(fmt::format("place {}: tag {}={} is none of {} (the kind of its GDB server): "
                                  "`{} -p {} set-tags {}={}`",
                                  p.name, kFlasherTag, f->second, fmt::join(names, ", "), client(coordinator), p.name,
                                  kFlasherTag, names.front()));
    }
    out.flasher = f->second;
  }

  const ResourceInfo* gdb = nullptr;
  std::vector<const ResourceInfo*> serial;
  for (const auto& r : p.resources) {
    if (r.name == kGdbResource) gdb = &r;
    else if (r.cls == "NetworkSerialPort") serial.push_back(&r);
  }
  if (serial.size() > 1) {
    std::vector<const ResourceInfo*> console;
    for (const auto* r : serial)
      if (r->name == kConsoleResource) console.push_back(r);
    if (console.size() != 1) {
      std::string names;
      for (const auto* r : serial) names += (names.empty() ? "" : ", ") + r->path();
      throw FarmError(fmt::format("place {} has several serial ports ({}): name the board's UART `{}` "
                                  "(`{} -p {} add-named-match EXPORTER/GROUP/NetworkSerialPort/NAME {}`)",
                                  p.name, names, kConsoleResource, client(coordinator), p.name, kConsoleResource));
    }
    serial = console;
  }
  if (serial.empty())
    throw FarmError(fmt::format("place {} has no serial port: export the board's UART as a NetworkSerialPort (or a "
                                "USBSerialPort, which the exporter serves through ser2net) and add it: `{} -p {} "
                                "add-match EXPORTER/GROUP/NetworkSerialPort/NAME`",
                                p.name, client(coordinator), p.name));
  if (!gdb)
    throw FarmError(fmt::format("place {} has no GDB server: export it as a resource `{}: {{cls: NetworkSerialPort, "
                                "host: H, port: P, protocol: raw}}` and add it: `{} -p {} add-named-match "
                                "EXPORTER/GROUP/NetworkSerialPort/{} {}` (see scenarios/farms/README.md)",
                                p.name, kGdbResource, client(coordinator), p.name, kGdbResource, kGdbResource));
  const ResourceInfo& s = *serial.front();
  out.serial = endpoint_of(p, s, "board's UART");
  // labgrid's NetworkSerialPort defaults to RFC 2217; an exported USBSerialPort sets no protocol.
  out.serial_kind = s.params.value("protocol", std::string("rfc2217"));
  if (out.serial_kind != "raw" && out.serial_kind != "rfc2217")
    throw FarmError(fmt::format("place {}: serial port {} has protocol `{}`; aotbench reads raw or rfc2217", p.name,
                                s.path(), out.serial_kind));
  if (s.params.contains("speed") && s.params["speed"].is_number_integer() && s.params["speed"].get<long long>() > 0)
    out.serial_speed = s.params["speed"].get<unsigned>();
  out.exporter = s.exporter;
  out.gdb = endpoint_of(p, *gdb, "GDB server");
  return out;
}

}  // namespace aotbench::farm
