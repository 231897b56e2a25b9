#pragma once
// Compiles C sources to objects through a content-addressed cache shared by every build (host
// runners and firmware alike): an object's key is the SHA-1 of the compiler's version, the flags,
// the source and every header it can reach through #include "..." (followed recursively in the
// include folders). A variant that changes one generated file recompiles that file only.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "host/build/toolchain.hpp"

namespace aotbench::build {

struct CompileJob {
  std::filesystem::path source;
  std::vector<std::string> flags;                    // everything but -I, -c and -o
  std::vector<std::filesystem::path> include_dirs;   // searched for "..." includes, in order
};

// $AOTBENCH_CACHE_DIR, else $XDG_CACHE_HOME/aotbench, else ~/.cache/aotbench: generated
// sources, objects, firmware and host runners.
std::filesystem::path cache_dir();

// The .c files directly in `dir`, sorted: a build's inputs in an order the file system cannot change.
std::vector<std::filesystem::path> c_sources_in(const std::filesystem::path& dir);

class ObjectCache {
 public:
  ObjectCache(std::filesystem::path dir, Toolchain tc);
  // The cache in cache_dir()/objects.
  explicit ObjectCache(Toolchain tc);

  // Where the job's object lives: <key>_<source stem>.o (the stem keeps linker maps readable).
  std::filesystem::path object_path(const CompileJob& job) const;
  // The compiler command that makes `object` from the job.
  std::vector<std::string> command(const CompileJob& job, const std::filesystem::path& object) const;

  // The object for each job (compiled now or found), compiling up to `jobs` at once; throws
  // BuildError with the compiler's message. `compiled` (optional) counts the fresh compiles.
  std::vector<std::filesystem::path> compile(const std::vector<CompileJob>& jobs, int parallel = 0,
                                             int* compiled = nullptr) const;
  std::string key(const CompileJob& job) const;
  const Toolchain& toolchain() const { return tc_; }

 private:
  std::filesystem::path dir_;
  Toolchain tc_;
};

// SHA-1 (hex) of a sequence of strings, each length-prefixed so boundaries count.
class Sha1Hex {
 public:
  Sha1Hex();
  ~Sha1Hex();
  Sha1Hex& add(const std::string& s);
  std::string hex();

 private:
  struct State;
  State* state_;
};


// Runs fn(0..n-1) on up to `parallel` threads (0: the core count); rethrows the first exception.
void parallel_for(std::size_t n, int parallel, const std::function<void(std::size_t)>& fn);

}  // namespace aotbench::build
