#include "common/diagnostics.hpp"

#include <ostream>

namespace mb {

namespace {
const char* severity_name(Severity s) {
  switch (s) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kInfo:
      return "info";
  }
  return "error";
}
}  // namespace

std::string Diagnostic::headline() const {
  std::string s = loc.str() + ": " + severity_name(severity) + ": ";
  if (!subject.empty()) s += subject + ": ";
  s += message;
  if (occurrences > 1) {
    s += " (" + std::to_string(occurrences) + " occurrences; this is the first)";
  }
  return s;
}

std::string Diagnostic::str() const {
  std::string s = headline();
  if (!excerpt.empty()) s += "\n" + excerpt;
  return s;
}

void Diagnostics::add(Diagnostic d) {
  if (d.severity == Severity::kError) ++errors_;
  if (d.severity == Severity::kWarning) ++warnings_;
  list_.push_back(std::move(d));
}

void Diagnostics::error(const SourceLoc& loc, std::string subject, std::string message) {
  add({Severity::kError, loc, std::move(subject), std::move(message), {}});
}

void Diagnostics::warning(const SourceLoc& loc, std::string subject, std::string message) {
  add({Severity::kWarning, loc, std::move(subject), std::move(message), {}});
}

void Diagnostics::info(const SourceLoc& loc, std::string subject, std::string message) {
  add({Severity::kInfo, loc, std::move(subject), std::move(message), {}});
}

void Diagnostics::add_grouped(const std::string& key, Diagnostic d) {
  const auto [it, first] = groups_.try_emplace(key, list_.size());
  if (first) {
    add(std::move(d));
  } else {
    ++list_[it->second].occurrences;
  }
}

void Diagnostics::error_grouped(const std::string& key, const SourceLoc& loc, std::string subject,
                                std::string message) {
  add_grouped(key, {Severity::kError, loc, std::move(subject), std::move(message), {}});
}

void Diagnostics::warning_grouped(const std::string& key, const SourceLoc& loc, std::string subject,
                                  std::string message) {
  add_grouped(key, {Severity::kWarning, loc, std::move(subject), std::move(message), {}});
}

void Diagnostics::print(std::ostream& os) const {
  for (const auto& d : list_) os << d.str() << '\n';
}

}  // namespace mb
