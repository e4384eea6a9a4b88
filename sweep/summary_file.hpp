#pragma once
// summary.csv: the header row, then one line per finished case.
//
// Robustness: a line is appended with a single write() as soon as its case has finished, so a
// killed sweep leaves complete lines plus at most one torn last line. On restart the file is
// read back and only complete rows are kept (ending with a newline, as many fields as the
// header, a case of this sweep, first row of each case); they are rewritten atomically and their
// cases are not run again. When the sweep ends the file is rewritten atomically, sorted by case.

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace mb::sweep {

/// Complete rows by case id. An empty text has none; a header that differs from `header`
/// throws Error(kUsage) (the directory holds another sweep).
std::map<std::string, std::string> complete_rows(std::string_view text,
                                                 const std::vector<std::string>& header,
                                                 const std::set<std::string>& case_ids,
                                                 const std::string& source);

class SummaryFile {
 public:
  /// Writes header + `rows` (sorted by case) to `path` atomically, then opens it for appending.
  SummaryFile(std::string path, std::vector<std::string> header,
              std::map<std::string, std::string> rows);
  ~SummaryFile();
  SummaryFile(const SummaryFile&) = delete;
  SummaryFile& operator=(const SummaryFile&) = delete;

  /// Appends one complete line (ending with '\n') with a single write.
  void append(const std::string& id, const std::string& line);
  /// Rewrites the file sorted by case id (atomically).
  void finish();

 private:
  void rewrite();
  std::string path_;
  std::vector<std::string> header_;
  std::map<std::string, std::string> rows_;
  int fd_ = -1;
};

/// Reads a whole file, "" when it does not exist.
std::string read_file_or_empty(const std::string& path);

}  // namespace mb::sweep
