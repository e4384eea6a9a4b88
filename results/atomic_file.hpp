#pragma once
// A file written under a temporary name and renamed into place on commit(), so that readers
// never see a half-written result. Destroying it without commit() removes the temporary. A file
// that cannot be written (missing or read-only folder, full disk) is Error(kUsage) naming it.

#include <fstream>
#include <string>

namespace mb {

class AtomicFile {
 public:
  explicit AtomicFile(std::string path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ofstream& stream() { return out_; }
  bool ok() const { return static_cast<bool>(out_); }
  const std::string& path() const { return path_; }
  /// Flushes, closes and renames the temporary onto the final path. Throws Error(kUsage) on
  /// failure.
  void commit();

 private:
  std::string path_, tmp_;
  std::ofstream out_;
  bool committed_ = false;
};

/// Writes `text` to `path` atomically.
void write_file_atomically(const std::string& path, const std::string& text);

}  // namespace mb
