// See labgrid_records.hpp. The fields are those labgrid_query.py writes.
#include "host/farm/labgrid_records.hpp"

#include <fmt/core.h>

#include "host/farm/errors.hpp"

namespace aotbench::farm {
namespace {

// Reads every field with its expected type; a record of another shape is labgrid's (or the
// script's) change, said as such rather than half-read.
template <typename Fill>
auto read_record(const nlohmann::json& j, const char* what, Fill fill) {
  try {
    return fill();
  } catch (const nlohmann::json::exception& e) {
    throw FarmError(fmt::format("cannot read the {} labgrid reported ({}): {}", what, e.what(), j.dump()));
  }
}

ResourceInfo resource_from_json(const nlohmann::json& j) {
  ResourceInfo r;
  j.at("name").get_to(r.name);
  j.at("exporter").get_to(r.exporter);
  j.at("group").get_to(r.group);
  j.at("cls").get_to(r.cls);
  j.at("resource").get_to(r.resource);
  j.at("acquired").get_to(r.acquired);
  j.at("avail").get_to(r.avail);
  if (j.at("params").is_object()) r.params = j.at("params");
  return r;
}

template <typename T, typename One>
std::vector<T> list_of(const nlohmann::json& j, const char* what, One one) {
  if (!j.is_array()) throw FarmError(fmt::format("cannot read the {} labgrid reported: not a list: {}", what, j.dump()));
  std::vector<T> out;
  for (const auto& e : j) out.push_back(one(e));
  return out;
}

}  // namespace

PlaceInfo place_from_json(const nlohmann::json& j) {
  return read_record(j, "place", [&] {
    PlaceInfo p;
    j.at("name").get_to(p.name);
    j.at("aliases").get_to(p.aliases);
    j.at("comment").get_to(p.comment);
    j.at("tags").get_to(p.tags);
    j.at("matches").get_to(p.matches);
    j.at("acquired").get_to(p.acquired);
    j.at("acquired_resources").get_to(p.acquired_resources);
    j.at("allowed").get_to(p.allowed);
    j.at("created").get_to(p.created);
    j.at("changed").get_to(p.changed);
    j.at("reservation").get_to(p.reservation);
    if (j.contains("resources")) {
      for (const auto& r : j.at("resources")) p.resources.push_back(resource_from_json(r));
    }
    return p;
  });
}

std::vector<PlaceInfo> places_from_json(const nlohmann::json& j) {
  return list_of<PlaceInfo>(j, "places", place_from_json);
}

ReservationInfo reservation_from_json(const nlohmann::json& j) {
  return read_record(j, "reservation", [&] {
    ReservationInfo r;
    j.at("token").get_to(r.token);
    j.at("owner").get_to(r.owner);
    j.at("state").get_to(r.state);
    j.at("prio").get_to(r.prio);
    j.at("filters").get_to(r.filters);
    j.at("allocations").get_to(r.allocations);
    j.at("created").get_to(r.created);
    j.at("timeout").get_to(r.timeout);
    return r;
  });
}

std::vector<ReservationInfo> reservations_from_json(const nlohmann::json& j) {
  return list_of<ReservationInfo>(j, "reservations", reservation_from_json);
}

bool place_has_tags(const PlaceInfo& p, const std::map<std::string, std::string>& tags) {
  for (const auto& [k, v] : tags) {
    if (k == "name" && v == p.name) continue;
    const auto it = p.tags.find(k);
    if (it == p.tags.end() || it->second != v) return false;
  }
  return true;
}

}  // namespace aotbench::farm
