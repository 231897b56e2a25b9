#pragma once
// Names taken from a model are data: they pass through here before reaching C or comments.
#include <string>
#include <string_view>

namespace aotbench::codegen {

bool is_c_identifier(std::string_view s);

// ASCII upper case, for macro names made from identifiers.
std::string upper_case(std::string text);

// A C identifier made from arbitrary text: letters and digits kept (lower-cased), every run of
// other characters becomes one '_', a leading digit gets a '_' in front, C keywords and empty
// results get a suffix. Deterministic, so the same model always gives the same symbols.
std::string c_identifier(std::string_view text, std::string_view fallback = "t");

// FNV-1a over the text, 64 bits as 16 hex digits: a stable short name for a long one.
std::string name_digest(std::string_view text);

// Text safe inside a C comment or string literal: printable ASCII only, no comment delimiters,
// no quote or backslash, no trigraph (never two '?' in a row).
std::string c_comment_text(std::string_view text, std::size_t max_length = 80);

}  // namespace aotbench::codegen
