#pragma once
// The whole mbsolve pipeline for one deck: read -> build model -> run commands -> write
// PREFIX.csv, PREFIX.json and PREFIX.log (each atomically). Returns the exit code of the
// contract (docs/architecture.md section 4); never throws. The application layer (app/): the
// solver below knows nothing of files, formats or exit codes beyond its RunReport.

#include <string>
#include <vector>

#include "app/run_log.hpp"
#include "app/run_summary.hpp"
#include "common/exit_code.hpp"
#include "models/model.hpp"
#include "parser/deck_overrides.hpp"
#include "solver/body_outputs.hpp"

namespace mb {

struct RunOptions {
  std::string deck_path;
  std::string prefix;  ///< empty: the deck path without its extension
  Verbosity verbosity = Verbosity::kNormal;
  /// --angles: the body angle columns after each body's angular velocity.
  BodyAngles angles = BodyAngles::kNone;
  /// --report DIR: the quick-look page DIR/index.html (app/quick_look_report.hpp), written after
  /// the JSON and the log; empty: none.
  std::string report_dir;
  /// --animation FILE.gltf: the bodies' poses over time (app/animation_gltf.hpp), written after
  /// the CSV; also shown on the --report page. Empty: none.
  std::string animation_path;
  /// --format: result files besides PREFIX.csv, .json and .log: "res" (Adams XML results),
  /// "req" (Adams request file), "hdf5" (PREFIX.h5); "csv" is always written. The deck's Adams
  /// RESULTS/ and OUTPUT/REQSAVE (ResOutput adams_res_file, adams_req_file) add theirs.
  std::vector<std::string> formats;
  /// --set overrides (element paths and ${name} placeholders), applied when the deck is read.
  std::vector<Override> overrides;
  /// When set (mbsolve --worker), this already-read deck is used instead of reading deck_path,
  /// and only the element-path overrides are applied, to a copy of it.
  const Deck* preloaded_deck = nullptr;
  /// The model built from preloaded_deck (mbsolve --worker). A case whose overrides only change
  /// values the model edits reproduce exactly (models/command_edits.hpp apply_value_overrides)
  /// starts from a copy of it instead of building the model again from the deck.
  const Model* preloaded_model = nullptr;
};

ExitCode run_deck(const RunOptions& options);

}  // namespace mb
