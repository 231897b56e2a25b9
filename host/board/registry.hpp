#pragma once
// The known boards: every profile in the boards folder, plus the aliases in aliases.toml.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "host/board/profile.hpp"

namespace aotbench::board {

struct Alias {
  std::string name;
  std::string emulated;                    // board meant with no probe attached
  std::string hardware;                    // board meant when a listed probe is attached
  std::vector<std::string> probe_usb_ids;  // "vvvv:pppp"
};

class Registry {
 public:
  // Reads every *.toml except aliases.toml in `dir`; throws BoardError on a bad file.
  explicit Registry(std::filesystem::path dir = default_dir());

  // The folder of profiles: $AOTBENCH_BOARDS_DIR, else scenarios/boards of the source tree.
  static std::filesystem::path default_dir();

  std::vector<std::string> names() const;                // profiles, sorted
  const std::map<std::string, Alias>& aliases() const { return aliases_; }
  const std::filesystem::path& dir() const { return dir_; }

  // The board a name means: a profile name, or an alias resolved against the attached USB
  // devices. Unknown names throw BoardError listing the known ones.
  std::string resolve(const std::string& name, const std::vector<std::string>& usb_ids) const;
  const Profile& get(const std::string& name_or_alias, const std::vector<std::string>& usb_ids) const;
  const Profile& get(const std::string& name_or_alias) const;  // with the USB devices attached now

 private:
  std::filesystem::path dir_;
  std::map<std::string, Profile> profiles_;
  std::map<std::string, Alias> aliases_;
};

// "vvvv:pppp" of every USB device the kernel lists (empty where there is no /sys).
std::vector<std::string> attached_usb_ids();

}  // namespace aotbench::board
