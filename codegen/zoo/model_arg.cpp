#include "codegen/zoo/model_arg.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <fstream>
#include <iterator>

namespace aotbench::codegen {
namespace {

bool looks_like_path(const std::string& arg) {
  auto ends_with = [&](const std::string& s) {
    return arg.size() >= s.size() && arg.compare(arg.size() - s.size(), s.size(), s) == 0;
  };
  return arg.find('/') != std::string::npos || arg.find('\\') != std::string::npos ||
         ends_with(".tflite");
}

std::vector<uint8_t> read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ZooError(fmt::format("cannot open model file {}", path.string()));
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

ModelBytes load_model_arg(const std::string& arg, const std::filesystem::path& zoo_dir) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(arg, ec)) return {read_file(arg), arg, false};
  // A bare name is a zoo model even where a folder of that name is in the way (a sweep's
  // `--out kws` makes one).
  const bool folder = std::filesystem::exists(arg, ec);
  if (looks_like_path(arg)) {
    if (folder)
      throw ZooError(fmt::format("model {} is not a regular file; give a .tflite file or a zoo model", arg));
    throw ZooError(fmt::format("model file {} does not exist; give the path of an int8 .tflite "
                               "file, or a zoo model ({})", arg,
                               fmt::join(zoo_model_names(zoo_dir), ", ")));
  }
  try {
    std::string spec = canonical_zoo_spec(arg, zoo_dir);
    return {build_zoo_model(spec, zoo_dir), spec, true};
  } catch (const ZooError& e) {
    throw ZooError(fmt::format("model {}: {}, and as a zoo spec: {}", arg,
                               folder ? "that is a folder, not a .tflite file" : "there is no such file", e.what()));
  }
}

}  // namespace aotbench::codegen
