#pragma once
// CurveTable: time histories read from a result or reference file, column by column.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mb::results {

/// A table of curves sharing one time column.
///   time[i]        : the i-th sample time, non-decreasing, size rows()
///   names[c]       : the channel name of column c as written in the file (time excluded)
///   units[c]       : its unit if the header gave one ("x [m]" or "x (m)"), else ""
///   columns[c][i]  : the value of channel c at time[i]
/// `comments` keeps the comment lines (without the leading '#'), `notes` what the reader has
/// to say about the channels, `source` names the file for messages.
struct CurveTable {
  std::string source;
  std::string time_name = "time";
  std::vector<std::string> names;
  std::vector<std::string> units;
  std::vector<double> time;
  std::vector<std::vector<double>> columns;
  std::vector<std::string> comments;
  /// What the reader wants the user to know about the file's channels (e.g. which part
  /// channels of an Adams .res are part reference frames, not centres of mass); mbcompare
  /// prints them.
  std::vector<std::string> notes;

  std::size_t rows() const { return time.size(); }
  std::size_t channels() const { return names.size(); }
  /// Index of the channel called `name` (case-insensitive), if any.
  std::optional<std::size_t> find(std::string_view name) const;
  /// Appends a channel; `values` must have rows() entries.
  void add_channel(std::string name, std::vector<double> values, std::string unit = "");
};

}  // namespace mb::results
