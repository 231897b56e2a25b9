// See flash_tool.hpp.
#include "host/flash/flash_tool.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include "host/flash/tool_messages.hpp"

namespace aotbench::flash {

// Every tool, each defined in its file of flash/tools/ (found by glob): a new one is one name here.
#define AB_FLASH_TOOLS(X) X(kOpenOcd) X(kPyOcd) X(kQemu)

#define AB_DECLARE(tool) extern const FlashTool tool;
AB_FLASH_TOOLS(AB_DECLARE)

const std::vector<const FlashTool*>& flash_tools() {
#define AB_ADDRESS(tool) &tool,
  static const std::vector<const FlashTool*> tools = {AB_FLASH_TOOLS(AB_ADDRESS)};
  return tools;
}

const FlashTool* find_flash_tool(std::string_view name) {
  for (const FlashTool* t : flash_tools())
    if (name == t->name) return t;
  return nullptr;
}

std::vector<std::string> flash_tool_names(bool emulated) {
  std::vector<std::string> names;
  for (const FlashTool* t : flash_tools())
    if (t->emulated == emulated) names.emplace_back(t->name);
  return names;
}

namespace {

std::string as_sentence(std::vector<std::string> names) {
  if (names.size() < 2) return fmt::format("{}", fmt::join(names, ""));
  const std::string last = names.back();
  names.pop_back();
  return fmt::format("{} or {}", fmt::join(names, ", "), last);
}

}  // namespace

std::string flash_tool_choices(bool emulated) { return as_sentence(flash_tool_names(emulated)); }

const FlashTool& emulator_tool() {
  for (const FlashTool* t : flash_tools())
    if (t->emulated) return *t;
  throw FlashError("no emulator among the flash tools: flash/flash_tool.cpp lists none");
}

const FlashTool& flash_tool_for(const board::Profile& p, const std::string& tool) {
  const std::string name = tool.empty() ? p.flasher : tool;
  const FlashTool* t = find_flash_tool(name);
  if (!t) {
    std::vector<std::string> all = flash_tool_names(false);
    for (const std::string& e : flash_tool_names(true)) all.push_back(e);
    throw FlashError(fmt::format("unknown flasher `{}`: use {}", name, as_sentence(all)));
  }
  if (t->emulated && !p.emulated)
    throw FlashError(fmt::format("board {} is real hardware; {} cannot run it", p.name, t->display_name));
  if (!t->emulated && p.emulated)
    throw FlashError(fmt::format("board {} is emulated by {}; it has no {} settings", p.name,
                                 emulator_tool().display_name, t->name));
  const std::string setting = t->setting;
  if (!setting.empty() && p.tool_setting(setting).empty()) {
    const auto dot = setting.find('.');
    throw FlashError(fmt::format("board {} has no [{}] {}", p.name, setting.substr(0, dot), setting.substr(dot + 1)));
  }
  return *t;
}

std::string tool_hint(const FlashTool& tool, const board::Profile& p, const std::string& output,
                      const std::string& program) {
  const std::string shared = probe_hint(p, output);
  return shared.empty() && tool.output_hint ? tool.output_hint(p, output, program) : shared;
}

}  // namespace aotbench::flash
