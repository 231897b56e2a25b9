#include "host/search/layer_tuner/log_trust.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace aotbench::search {
namespace {

double per_mac(const LoggedFigure& f) { return static_cast<double>(f.counts) / static_cast<double>(f.macs); }

std::string on_its_own(const LoggedFigure& f) {
  if (!f.damaged.empty()) return f.damaged;
  if (f.counts == 0) return "0 counts: a layer that ran counted something";
  const double most = static_cast<double>(kMaxCountsPerMac) * static_cast<double>(f.macs) +
                      static_cast<double>(kMaxLayerOverhead);
  if (static_cast<double>(f.counts) > most)
    return f.macs ? fmt::format("{} counts for {} MACs: more than {} per MAC, beyond what a device run reports", f.counts,
                                f.macs, kMaxCountsPerMac)
                  : fmt::format("{} counts: more than {} for a layer without MACs", f.counts, kMaxLayerOverhead);
  return "";
}

}  // namespace

std::vector<std::string> implausible(const std::vector<LoggedFigure>& figures) {
  std::vector<std::string> own(figures.size());
  for (std::size_t i = 0; i < figures.size(); ++i) own[i] = on_its_own(figures[i]);
  std::vector<std::string> why = own;
  for (std::size_t i = 0; i < figures.size(); ++i) {
    const LoggedFigure& f = figures[i];
    if (!own[i].empty() || f.macs == 0) continue;
    std::vector<double> siblings;
    for (std::size_t j = 0; j < figures.size(); ++j) {
      const LoggedFigure& s = figures[j];
      if (j != i && own[j].empty() && s.macs && s.type == f.type && s.schedule == f.schedule) siblings.push_back(per_mac(s));
    }
    if (siblings.size() < 2) continue;
    std::sort(siblings.begin(), siblings.end());
    const double median = siblings[(siblings.size() - 1) / 2];
    const double mine = per_mac(f);
    if (mine * kSiblingFactor < median || mine > median * kSiblingFactor)
      why[i] = fmt::format("{:.3g} counts per MAC, more than {:g}x from the {:.3g} of the {} other {} layers under {}",
                           mine, kSiblingFactor, median, siblings.size(), f.type, f.schedule);
  }
  return why;
}

}  // namespace aotbench::search
