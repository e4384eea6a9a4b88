// End-to-end: every malformed deck of tests/data/bad_decks is run through the real mbsolve binary
// and its stderr is compared with NAME.expected, exactly (error text is API). Decks named warn_*
// only draw warnings or info lines and must solve (exit 0); every other deck must stop with
// exit 65 (deck error). Inputs that are huge or binary are generated here instead of stored.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kSource = MBSOLVE_SOURCE_DIR;
const fs::path kWork = CORPUS_WORK_DIR;
const std::string kCorpus = "tests/data/bad_decks";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

/// A valid deck with `extra` added to its model block.
std::string deck_with(const std::string& extra) {
  return "<MotionSolve>\n  <Model>\n    <Body_Rigid id=\"1\" isground=\"TRUE\"/>\n    <Body_Rigid "
         "id=\"2\" cg_id=\"20\" mass=\"1\" inertia_xx=\"1\" inertia_yy=\"1\" inertia_zz=\"1\"/>\n"
         "    <Reference_Marker id=\"20\" body_id=\"2\"/>\n" +
         extra +
         "\n  </Model>\n  <Command>\n    <Simulate analysis_type=\"Transient\" end_time=\"0.1\" "
         "num_steps=\"10\"/>\n  </Command>\n</MotionSolve>\n";
}

/// Decks made at test time: too big or too binary to keep in git.
const std::map<std::string, std::function<std::string()>>& generated_decks() {
  static const std::map<std::string, std::function<std::string()>> kGen = {
      {"gen_binary_garbage",
       [] {
         std::string s;
         unsigned x = 12345;
         for (int k = 0; k < 4096; ++k) {
           x = x * 1103515245u + 12345u;
           s += static_cast<char>((x >> 16) & 0xff);
         }
         return s;
       }},
      {"gen_huge_attribute_value",
       [] {
         return deck_with("    <Reference_Marker id=\"11\" body_id=\"1\" pos_x=\"" +
                          std::string(1 << 20, '9') + "\"/>");
       }},
      {"warn_huge_label",
       [] {
         return deck_with("    <Reference_Marker id=\"11\" body_id=\"1\" label=\"" +
                          std::string(1 << 20, 'L') + "\" pos_x=\"1\" pos_x_=\"2\"/>");
       }},
      {"gen_expression_deep_nesting",
       [] {
         // 200 KB of parentheses: the error's excerpt is a window around the caret, not the
         // whole expression (issue 20).
         return deck_with("    <Post_Request id=\"9\" type=\"EXPRESSION\" expr1=\"" +
                          std::string(100000, '(') + "1" + std::string(100000, ')') + "\"/>");
       }},
      {"gen_deep_nesting",
       [] {
         std::string s = "<MotionSolve>\n";
         for (int k = 0; k < 10000; ++k) s += "<Model>\n";
         for (int k = 0; k < 10000; ++k) s += "</Model>\n";
         return s + "</MotionSolve>\n";
       }},
  };
  return kGen;
}

struct Outcome {
  int exit_code = -1;
  std::string stderr_text;
};

/// Runs mbsolve on `deck` (relative to `cwd`), results under the work folder; the work folder's
/// path in stderr is replaced by @OUT@.
Outcome run_mbsolve(const fs::path& cwd, const std::string& deck, const std::string& name) {
  const fs::path out = kWork / "out";
  fs::create_directories(out);
  const fs::path err = out / (name + ".stderr");
  const std::string cmd = "cd '" + cwd.string() + "' && '" + MBSOLVE_BIN + "' -o '" +
                          (out / name).string() + "' '" + deck + "' >/dev/null 2>'" + err.string() +
                          "'";
  const int status = std::system(cmd.c_str());
  Outcome o;
  o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  o.stderr_text = slurp(err);
  for (size_t at; (at = o.stderr_text.find(out.string())) != std::string::npos;) {
    o.stderr_text.replace(at, out.string().size(), "@OUT@");
  }
  return o;
}

std::vector<std::string> corpus_names() {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(kSource / kCorpus)) {
    if (e.path().extension() == ".expected") names.push_back(e.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

TEST_CASE("every deck of the corpus has its expected diagnostics") {
  const auto names = corpus_names();
  for (const auto& e : fs::directory_iterator(kSource / kCorpus)) {
    if (e.path().extension() != ".xml") continue;
    INFO(e.path().filename().string());
    CHECK(fs::exists(fs::path(e.path()).replace_extension(".expected")));
  }
  for (const auto& [name, make] : generated_decks()) {
    INFO(name);
    CHECK(std::find(names.begin(), names.end(), name) != names.end());
  }
  CHECK(names.size() >= 40);
}

TEST_CASE("malformed decks stop with exit 65 and exactly the expected diagnostics") {
  for (const auto& name : corpus_names()) {
    const std::string rel = kCorpus + "/" + name + ".xml";
    fs::path cwd = kSource;
    if (auto g = generated_decks().find(name); g != generated_decks().end()) {
      cwd = kWork / "generated";
      write(cwd / rel, g->second());
    }
    const Outcome o = run_mbsolve(cwd, rel, name);
    INFO("deck " << rel);
    CHECK(o.stderr_text == slurp(kSource / kCorpus / (name + ".expected")));
    CHECK(o.exit_code == (name.starts_with("warn_") ? 0 : 65));
  }
}
