// See cache_ledger.hpp. The file is one line, "<bytes> <unix seconds of the last walk>".
#include "host/build/cache_ledger.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cstdio>
#include <functional>
#include <string>

namespace fs = std::filesystem;

namespace aotbench::build {
namespace {

fs::path ledger_file(const fs::path& root) { return root / "size.ledger"; }

std::optional<Ledger> parse(const std::string& text) {
  unsigned long long bytes = 0;
  long long walked = 0;
  if (std::sscanf(text.c_str(), "%llu %lld", &bytes, &walked) != 2) return std::nullopt;
  return Ledger{bytes, std::chrono::system_clock::time_point(std::chrono::seconds(walked))};
}

std::string text_of(const Ledger& l) {
  const auto walked = std::chrono::duration_cast<std::chrono::seconds>(l.walked_at.time_since_epoch()).count();
  return std::to_string(l.bytes) + " " + std::to_string(walked) + "\n";
}

// Runs `change` on the ledger under an exclusive lock and writes back what it returns (nothing
// when it returns empty). `create`: start a ledger where there is none.
void update(const fs::path& root, bool create, const std::function<std::optional<Ledger>(std::optional<Ledger>)>& change) {
  const int fd = open(ledger_file(root).c_str(), O_RDWR | O_CLOEXEC | (create ? O_CREAT : 0), 0644);
  if (fd < 0) return;  // no ledger (or no cache): the next prune walks
  if (flock(fd, LOCK_EX) == 0) {
    std::string text(64, '\0');
    const ssize_t n = pread(fd, text.data(), text.size() - 1, 0);
    text.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
    if (const std::optional<Ledger> now = change(parse(text))) {
      const std::string out = text_of(*now);
      if (pwrite(fd, out.data(), out.size(), 0) == static_cast<ssize_t>(out.size()))
        (void)ftruncate(fd, static_cast<off_t>(out.size()));
    }
  }
  close(fd);  // releases the lock
}

}  // namespace

std::optional<Ledger> read_ledger(const fs::path& root) {
  std::optional<Ledger> out;
  update(root, false, [&](std::optional<Ledger> l) -> std::optional<Ledger> {
    out = l;
    return std::nullopt;
  });
  return out;
}

void reset_ledger(const fs::path& root, uint64_t bytes) {
  update(root, true, [&](std::optional<Ledger>) { return Ledger{bytes, std::chrono::system_clock::now()}; });
}

void add_to_ledger(const fs::path& root, uint64_t bytes) {
  update(root, false, [&](std::optional<Ledger> l) -> std::optional<Ledger> {
    if (!l) return std::nullopt;  // unreadable: left for the next walk to rewrite
    l->bytes += bytes;
    return l;
  });
}

uint64_t bytes_in(const fs::path& entry) {
  std::error_code ec;
  if (!fs::is_directory(entry, ec)) {
    const auto n = fs::file_size(entry, ec);
    return ec ? 0 : n;
  }
  uint64_t total = 0;
  for (auto it = fs::recursive_directory_iterator(entry, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec))
    if (it->is_regular_file(ec))
      if (const auto n = it->file_size(ec); !ec) total += n;
  return total;
}

}  // namespace aotbench::build
