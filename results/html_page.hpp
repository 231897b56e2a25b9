#pragma once
// The frame of every aotbench HTML page: one self-contained document with the report's inline
// style and script. A Content-Security-Policy forbids loading anything, so the page provably
// works from disk without a network.
#include <string>
#include <utility>
#include <vector>

namespace aotbench::results {

// `title` is plain text (escaped here); `body` is HTML the caller built with escaped data.
std::string html_page(const std::string& title, const std::string& body);

// Small builders for the parts all reports share (values escaped inside).
std::string html_dl(const std::vector<std::pair<std::string, std::string>>& rows);
std::string html_legend(const std::vector<std::pair<std::string, std::string>>& swatches);  // color, text

}  // namespace aotbench::results
