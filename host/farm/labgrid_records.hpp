#pragma once
// Places and reservations as a labgrid coordinator reports them, read from the JSON that
// labgrid_query.py writes through labgrid's client API.
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace aotbench::farm {

struct ResourceInfo {
  std::string name;                            // as the place knows it: its match's rename, else its own name
  std::string exporter, group, cls, resource;  // its path EXPORTER/GROUP/CLS/NAME
  bool acquired = false;                       // held by the place ("Acquired resource"), not only matching
  nlohmann::json params = nlohmann::json::object();  // host, port, protocol, ..., extra
  bool avail = false;                          // the exporter has it
  std::string path() const { return exporter + "/" + group + "/" + cls + "/" + resource; }
};

struct PlaceInfo {
  std::string name;
  std::vector<std::string> aliases;
  std::string comment;
  std::map<std::string, std::string> tags;
  std::vector<std::string> matches;             // "EXPORTER/GROUP/CLS[/NAME][ -> RENAME]"
  std::string acquired;                         // "HOST/USER" of the holder; empty when free
  std::vector<std::string> acquired_resources;  // paths
  std::vector<std::string> allowed;
  std::string created, changed;                 // as labgrid prints them (local time)
  std::string reservation;                      // token of the reservation it is allocated to
  std::vector<ResourceInfo> resources;          // `show` only
};

struct ReservationInfo {
  std::string token, owner, state;              // state: waiting, allocated, acquired, expired, invalid
  int prio = 0;
  std::map<std::string, std::string> filters;   // the "main" filter: TAG=VALUE
  std::vector<std::string> allocations;         // places allocated to it
  std::string created, timeout;
};

// One place (with `resources` when the record has them) or reservation; a list of either. Throw
// FarmError on a record of the wrong shape.
PlaceInfo place_from_json(const nlohmann::json& j);
std::vector<PlaceInfo> places_from_json(const nlohmann::json& j);
ReservationInfo reservation_from_json(const nlohmann::json& j);
std::vector<ReservationInfo> reservations_from_json(const nlohmann::json& j);

// Does a place have every tag of `tags` (labgrid's scheduler also takes name=PLACE)?
bool place_has_tags(const PlaceInfo& p, const std::map<std::string, std::string>& tags);

}  // namespace aotbench::farm
