#include "results/svg_chart.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/core.h>

#include "results/text.hpp"

namespace aotbench::results {
namespace {

constexpr double kCharPx = 6.6;  // average glyph width of the 11 px label font, to size columns

struct Scale {
  double lo, hi, px0, px1;
  double operator()(double v) const { return hi == lo ? px0 : px0 + (v - lo) / (hi - lo) * (px1 - px0); }
};

// Round tick positions (1, 2, 5 × 10^k) covering [lo, hi].
std::vector<double> ticks(double lo, double hi, int wanted = 5) {
  double span = hi - lo;
  if (span <= 0) return {lo};
  double raw = span / wanted;
  double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double step = mag * (raw / mag < 1.5 ? 1 : raw / mag < 3.5 ? 2 : raw / mag < 7.5 ? 5 : 10);
  std::vector<double> out;
  for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push_back(std::abs(t) < step * 1e-9 ? 0 : t);
  return out;
}

// [lo, hi] widened to the ticks around it, padded by `pad` of the span when the data is flat.
std::pair<double, double> nice_range(double lo, double hi, double pad) {
  if (hi <= lo) return {lo - 1, hi + 1};
  double span = hi - lo;
  return {lo - span * pad, hi + span * pad};
}

std::string attr(const std::string& s) { return html_escape(s); }

// Points more than twice the median y (e.g. -O0 builds) would squash the rest against the
// x axis; they are drawn on the top edge instead. Returns the largest y drawn to scale.
double off_scale_limit(const std::vector<Point>& points) {
  std::vector<double> ys;
  for (const auto& p : points) ys.push_back(p.y);
  std::nth_element(ys.begin(), ys.begin() + static_cast<std::ptrdiff_t>(ys.size() / 2), ys.end());
  return 2 * ys[ys.size() / 2];
}

std::string grid_x(const Scale& x, double y0, double y1, const std::string& label, double label_y) {
  std::string out;
  for (double t : ticks(x.lo, x.hi)) {
    double px = x(t);
    out += fmt::format(R"svg(<line class="grid" x1="{0:.1f}" x2="{0:.1f}" y1="{1:.1f}" y2="{2:.1f}"/>)svg", px, y0, y1);
    out += fmt::format(R"svg(<text class="tick" x="{:.1f}" y="{:.1f}" text-anchor="middle">{}</text>)svg", px, y1 + 14,
                       compact_number(t));
  }
  out += fmt::format(R"svg(<text class="axis" x="{:.1f}" y="{:.1f}" text-anchor="middle">{}</text>)svg",
                     (x.px0 + x.px1) / 2, label_y, html_escape(label));
  return out;
}

}  // namespace

std::string compact_number(double v) {
  double a = std::fabs(v);
  if (a >= 1e6) return fmt::format("{:.3g}M", v / 1e6);
  if (a >= 1e4) return fmt::format("{:.3g}k", v / 1e3);
  return fmt::format("{:.4g}", v);
}

std::string bar_chart(const std::vector<Bar>& bars, const std::string& axis_label) {
  const double row = 18, top = 8, width = 980, right = 110;
  std::size_t longest = 8;
  for (const auto& b : bars) longest = std::max(longest, b.label.size());
  const double label_w = std::min(430.0, 12 + kCharPx * static_cast<double>(longest));
  double lo = 0, hi = 0;
  for (const auto& b : bars)
    if (b.value) lo = std::min(lo, *b.value), hi = std::max(hi, *b.value);
  if (hi == lo) hi = lo + 1;
  const Scale x{lo, hi, label_w, width - right};
  const double plot_bottom = top + row * static_cast<double>(bars.size());
  const double height = plot_bottom + 44;

  std::string out = fmt::format(R"svg(<svg class="chart" viewBox="0 0 {} {}" width="{}" height="{}" role="img">)svg", width,
                                height, width, height);
  out += grid_x(x, top, plot_bottom, axis_label, plot_bottom + 36);
  const double zero = x(0);
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const Bar& b = bars[i];
    const double y = top + row * static_cast<double>(i);
    out += fmt::format(R"svg(<g class="bar-row {}" data-key="{}"><title>{}</title>)svg", attr(b.klass), attr(b.key),
                       html_escape(b.tooltip));
    out += fmt::format(R"svg(<text class="lbl" x="{:.1f}" y="{:.1f}" text-anchor="end">{}</text>)svg", label_w - 6,
                       y + 13, html_escape(b.label));
    if (b.value) {
      double px = x(*b.value);
      double x0 = std::min(zero, px), w = std::max(std::fabs(px - zero), 1.0);
      out += fmt::format(R"svg(<rect class="bar" x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}"/>)svg", x0, y + 3, w,
                         row - 6);
      out += fmt::format(R"svg(<text class="val" x="{:.1f}" y="{:.1f}">{}</text>)svg", std::max(px, zero) + 4, y + 13,
                         html_escape(b.text));
    } else {
      out += fmt::format(R"svg(<text class="na" x="{:.1f}" y="{:.1f}">{}</text>)svg", zero + 4, y + 13, html_escape(b.text));
    }
    out += "</g>";
  }
  out += fmt::format(R"svg(<line class="zero" x1="{0:.1f}" x2="{0:.1f}" y1="{1:.1f}" y2="{2:.1f}"/>)svg", zero, top,
                     plot_bottom);
  return out + "</svg>";
}

std::string scatter_chart(const std::vector<Point>& points, const std::vector<std::size_t>& staircase,
                          const std::string& x_label, const std::string& y_label) {
  const double width = 980, height = 460, left = 84, right = 24, top = 16, bottom = 52;
  if (points.empty()) return "<p class=\"empty\">No variant has both counts and flash size to plot.</p>";
  auto [xmin, xmax] = std::minmax_element(points.begin(), points.end(), [](auto& a, auto& b) { return a.x < b.x; });
  const double y_cap = off_scale_limit(points);
  double ylo = std::numeric_limits<double>::max(), yhi = std::numeric_limits<double>::lowest();
  for (const auto& p : points)
    if (p.y <= y_cap) ylo = std::min(ylo, p.y), yhi = std::max(yhi, p.y);
  auto [x0, x1] = nice_range(xmin->x, xmax->x, 0.06);
  auto [y0, y1] = nice_range(ylo, yhi, 0.08);
  const Scale x{x0, x1, left, width - right};
  const Scale y{y0, y1, height - bottom, top};

  std::string out = fmt::format(R"svg(<svg class="chart" viewBox="0 0 {} {}" width="{}" height="{}" role="img">)svg", width,
                                height, width, height);
  out += grid_x(x, top, height - bottom, x_label, height - 10);
  for (double t : ticks(y.lo, y.hi)) {
    out += fmt::format(R"svg(<line class="grid" x1="{0:.1f}" x2="{1:.1f}" y1="{2:.1f}" y2="{2:.1f}"/>)svg", left,
                       width - right, y(t));
    out += fmt::format(R"svg(<text class="tick" x="{:.1f}" y="{:.1f}" text-anchor="end">{}</text>)svg", left - 6, y(t) + 4,
                       compact_number(t));
  }
  out += fmt::format(R"svg(<text class="axis" transform="translate(16 {:.1f}) rotate(-90)" text-anchor="middle">{}</text>)svg",
                     (top + height - bottom) / 2, html_escape(y_label));
  if (!staircase.empty()) {
    std::vector<std::size_t> order = staircase;
    std::sort(order.begin(), order.end(), [&](auto a, auto b) { return points[a].x < points[b].x; });
    std::string d = fmt::format("M{:.1f} {:.1f}", x(points[order[0]].x), y(points[order[0]].y));
    for (std::size_t i = 1; i < order.size(); ++i)
      d += fmt::format(" H{:.1f} V{:.1f}", x(points[order[i]].x), y(points[order[i]].y));
    out += fmt::format(R"svg(<path class="frontline" d="{}"/>)svg", d);
  }
  for (const auto& p : points) {
    if (p.y > y_cap) {  // a triangle on the top edge; the tooltip has the value
      out += fmt::format(R"svg(<path class="pt off {}" data-key="{}" d="M{:.1f} {:.1f} l-6 10 h12 z"><title>{} (off scale)</title></path>)svg",
                         attr(p.klass), attr(p.key), x(p.x), top, html_escape(p.tooltip));
      continue;
    }
    out += fmt::format(R"svg(<circle class="pt {}" data-key="{}" cx="{:.1f}" cy="{:.1f}" r="{}"><title>{}</title></circle>)svg",
                       attr(p.klass), attr(p.key), x(p.x), y(p.y), p.klass == "win" ? 8 : 5, html_escape(p.tooltip));
  }
  return out + "</svg>";
}

std::string line_chart(const std::vector<LinePoint>& points, const std::string& y_label) {
  const double width = 980, height = 260, left = 84, right = 64, top = 16, bottom = 56;  // room for the last date
  double ylo = std::numeric_limits<double>::max(), yhi = std::numeric_limits<double>::lowest();
  for (const auto& p : points)
    if (p.y) ylo = std::min(ylo, *p.y), yhi = std::max(yhi, *p.y);
  if (ylo > yhi) return "<p class=\"empty\">No night has this figure.</p>";
  if (ylo == yhi) {  // a flat line: a band of 5% around it, so the ticks differ
    const double pad = std::max(1.0, std::fabs(ylo) * 0.05);
    ylo -= pad, yhi += pad;
  }
  auto [y0, y1] = nice_range(ylo, yhi, 0.1);
  const Scale x{0, static_cast<double>(std::max<std::size_t>(points.size(), 2) - 1), left + 12, width - right - 12};
  const Scale y{y0, y1, height - bottom, top};
  std::string out = fmt::format(R"svg(<svg class="chart" viewBox="0 0 {} {}" width="{}" height="{}" role="img">)svg", width,
                                height, width, height);
  for (double t : ticks(y.lo, y.hi, 4)) {
    out += fmt::format(R"svg(<line class="grid" x1="{0:.1f}" x2="{1:.1f}" y1="{2:.1f}" y2="{2:.1f}"/>)svg", left,
                       width - right, y(t));
    out += fmt::format(R"svg(<text class="tick" x="{:.1f}" y="{:.1f}" text-anchor="end">{}</text>)svg", left - 6, y(t) + 4,
                       compact_number(t));
  }
  out += fmt::format(R"svg(<text class="axis" transform="translate(16 {:.1f}) rotate(-90)" text-anchor="middle">{}</text>)svg",
                     (top + height - bottom) / 2, html_escape(y_label));
  // Labels under at most 10 points, so dates never overlap.
  const std::size_t every = std::max<std::size_t>(1, (points.size() + 9) / 10);
  std::string d;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const double px = x(static_cast<double>(i));
    if (i % every == 0 || i + 1 == points.size())
      out += fmt::format(R"svg(<text class="tick" x="{:.1f}" y="{:.1f}" text-anchor="middle">{}</text>)svg", px,
                         height - bottom + 16, html_escape(points[i].label));
    if (points[i].y) d += fmt::format("{}{:.1f} {:.1f}", d.empty() || !points[i - 1].y ? " M" : " L", px, y(*points[i].y));
  }
  out += fmt::format(R"svg(<path class="trendline" d="{}"/>)svg", d);
  for (std::size_t i = 0; i < points.size(); ++i) {
    const LinePoint& p = points[i];
    if (!p.y) continue;
    std::string dot = fmt::format(R"svg(<circle class="pt {}" cx="{:.1f}" cy="{:.1f}" r="{}"><title>{}</title></circle>)svg",
                                  attr(p.klass), x(static_cast<double>(i)), y(*p.y), p.klass == "up" ? 7 : 5,
                                  html_escape(p.tooltip));
    out += p.href.empty() ? dot : fmt::format(R"svg(<a href="{}">{}</a>)svg", attr(p.href), dot);
  }
  return out + "</svg>";
}

}  // namespace aotbench::results
