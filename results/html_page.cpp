#include "results/html_page.hpp"

#include <fmt/core.h>

#include "results/assets.hpp"
#include "results/text.hpp"

namespace aotbench::results {

std::string html_page(const std::string& title, const std::string& body) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
      "script-src 'unsafe-inline'; img-src data:\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>{}</title>\n<style>\n{}</style>\n</head>\n<body>\n{}\n<script>\n{}</script>\n</body>\n</html>\n",
      html_escape(title), assets::kReportCss, body, assets::kReportJs);
}

std::string html_dl(const std::vector<std::pair<std::string, std::string>>& rows) {
  std::string out = "<dl class=\"meta\">";
  for (const auto& [k, v] : rows) out += fmt::format("<dt>{}</dt><dd>{}</dd>", html_escape(k), html_escape(v));
  return out + "</dl>";
}

std::string html_legend(const std::vector<std::pair<std::string, std::string>>& swatches) {
  std::string out = "<p class=\"legend\">";
  for (const auto& [color, text] : swatches)
    out += fmt::format("<span><i class=\"sw\" style=\"background:{}\"></i>{}</span>", html_escape(color),
                       html_escape(text));
  return out + "</p>";
}

}  // namespace aotbench::results
