#include "sweep/summary_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "common/error.hpp"
#include "results/atomic_file.hpp"
#include "sweep/csv_fields.hpp"

namespace mb::sweep {

std::map<std::string, std::string> complete_rows(std::string_view text,
                                                 const std::vector<std::string>& header,
                                                 const std::set<std::string>& case_ids,
                                                 const std::string& source) {
  std::map<std::string, std::string> rows;
  bool first = true;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) break;  // a torn last line
    const std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    const auto fields = split_csv_line(line);
    if (first) {
      first = false;
      if (!fields || *fields != header) {
        throw Error(ExitCode::kUsage,
                    source +
                        ": its columns differ from this sweep's (other parameters or metrics?); "
                        "use another output directory or remove it");
      }
      continue;
    }
    if (!fields || fields->size() != header.size()) continue;
    const std::string& id = (*fields)[0];
    if (!case_ids.count(id) || rows.count(id)) continue;
    rows[id] = std::string(line) + "\n";
  }
  return rows;
}

std::string read_file_or_empty(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

SummaryFile::SummaryFile(std::string path, std::vector<std::string> header,
                         std::map<std::string, std::string> rows)
    : path_(std::move(path)), header_(std::move(header)), rows_(std::move(rows)) {
  rewrite();
  fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd_ < 0) throw Error(ExitCode::kInternal, path_ + ": " + std::strerror(errno));
}

SummaryFile::~SummaryFile() {
  if (fd_ >= 0) ::close(fd_);
}

void SummaryFile::rewrite() {
  std::string text = csv_line(header_) + "\n";
  for (const auto& [id, line] : rows_) text += line;
  write_file_atomically(path_, text);
}

void SummaryFile::append(const std::string& id, const std::string& line) {
  rows_[id] = line;
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw Error(ExitCode::kInternal, path_ + ": " + std::strerror(errno));
    done += static_cast<std::size_t>(n);
  }
}

void SummaryFile::finish() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  rewrite();
}

}  // namespace mb::sweep
