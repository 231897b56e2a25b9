#pragma once
// What aotbench needs from an acquired labgrid place: the board profile (tag aotbench-board),
// the board's UART as a TCP endpoint (a NetworkSerialPort: raw TCP, e.g. QEMU's -serial tcp or
// ser2net's raw mode, or RFC 2217, which the exporter itself offers for a USBSerialPort), and the
// GDB server that loads it (a NetworkSerialPort named `gdb`, protocol raw: labgrid has no class
// of its own for a GDB server, and a raw TCP port is what one is).
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "host/farm/labgrid_records.hpp"

namespace aotbench::farm {

inline constexpr const char* kBoardTag = "aotbench-board";
// Optional: the GDB server's kind (openocd | pyocd | qemu) when it is not the profile's flasher.
inline constexpr const char* kFlasherTag = "aotbench-flasher";
// Optional: the debug probe's serial number, for the results' provenance (labgrid does not know it).
inline constexpr const char* kProbeTag = "aotbench-probe";
inline constexpr const char* kGdbResource = "gdb";
inline constexpr const char* kConsoleResource = "console";  // preferred when a place has several serial ports

struct Endpoint {
  std::string host;
  unsigned port = 0;
  std::string str() const;  // HOST:PORT ([HOST]:PORT for IPv6)
};

struct PlaceResources {
  std::string place;
  std::string board;        // profile name, from the tag aotbench-board
  std::string flasher;      // tag aotbench-flasher (openocd | pyocd | qemu), or empty: the profile's
  Endpoint serial;
  std::string serial_kind;  // "raw" | "rfc2217"
  unsigned serial_speed = 115200;
  Endpoint gdb;
  std::string exporter;     // the exporter (labgrid's name for it) that exports the UART
  std::string owner;        // HOST/USER holding the place
  std::map<std::string, std::string> tags;
  nlohmann::json to_json() const;
};

// From `show` of an acquired place. Throws FarmError naming what is missing and how to add it
// (`coordinator` goes into the labgrid-client commands of the message).
PlaceResources resolve_resources(const PlaceInfo& place, const std::string& coordinator);

}  // namespace aotbench::farm
