#pragma once
// Inline SVG charts for the HTML reports: horizontal bars and a scatter with a Pareto staircase.
// Every label and tooltip is escaped here; callers pass plain text.
#include <optional>
#include <string>
#include <vector>


namespace aotbench::results {

struct Bar {
  std::string key;      // data-key, links the bar to its table row
  std::string label;    // left of the bar
  std::string tooltip;  // <title>
  std::string klass;    // CSS class: "", "win", "front", "up", "down"
  std::optional<double> value;
  std::string text;     // printed after the bar, or instead of it when value is empty
};

// Bars from a 0 line (negative values go left of it) with each bar's text at its end.
std::string bar_chart(const std::vector<Bar>& bars, const std::string& axis_label);

struct Point {
  std::string key;
  std::string tooltip;
  std::string klass;  // "", "win", "front"
  double x = 0, y = 0;
};

// Scatter; `staircase` (indices into points) is drawn as the 2-D Pareto front line. Points above
// twice the median y are drawn as triangles on the top edge (off scale).
std::string scatter_chart(const std::vector<Point>& points, const std::vector<std::size_t>& staircase,
                          const std::string& x_label, const std::string& y_label);

// One value over time (nights): the points in order, joined by a line; a point with an href is a
// link, one without a value leaves a gap. `label` is printed under the point (a date).
struct LinePoint {
  std::string label;
  std::string tooltip;
  std::string href;   // empty: not a link
  std::string klass;  // "", "up" (a regression)
  std::optional<double> y;
};
std::string line_chart(const std::vector<LinePoint>& points, const std::string& y_label);

// Axis numbers: 950, 12.5k, 3.40M.
std::string compact_number(double v);

}  // namespace aotbench::results
