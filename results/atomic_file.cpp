#include "results/atomic_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "common/error.hpp"

namespace mb {

AtomicFile::AtomicFile(std::string path)
    : path_(std::move(path)), tmp_(path_ + ".tmp." + std::to_string(::getpid())) {
  out_.open(tmp_, std::ios::binary | std::ios::trunc);
  if (!out_) {
    throw Error(ExitCode::kUsage, "cannot write " + path_ + ": " + std::strerror(errno) +
                                      " (check that its folder exists and is writable)");
  }
}

AtomicFile::~AtomicFile() {
  if (!committed_) {
    out_.close();
    std::remove(tmp_.c_str());
  }
}

void AtomicFile::commit() {
  out_.flush();
  const bool good = static_cast<bool>(out_);
  out_.close();
  if (!good || std::rename(tmp_.c_str(), path_.c_str()) != 0) {
    const int err = errno;
    std::remove(tmp_.c_str());
    throw Error(ExitCode::kUsage, "cannot write " + path_ + ": " + std::strerror(err) +
                                      " (is the disk full, or the folder read-only?)");
  }
  committed_ = true;
}

void write_file_atomically(const std::string& path, const std::string& text) {
  AtomicFile f(path);
  f.stream() << text;
  f.commit();
}

}  // namespace mb
