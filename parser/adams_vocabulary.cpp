#include "parser/adams_vocabulary.hpp"

#include <algorithm>
#include <array>

#include "common/text.hpp"

namespace mb::adm {

namespace {

// Adams/Solver dataset statements (Adams/Solver reference, "Statements").
constexpr std::string_view kStatements[] = {
    "ACCGRAV",     "ARRAY",       "BEAM",         "BUSHING",    "CLEARANCE", "CONTACT",
    "COUPLER",     "CURVE",       "CVCV",         "DEBUG",      "DIFF",      "END",
    "ENVIRONMENT", "EQUILIBRIUM", "FE_LOAD",      "FE_NODE",    "FE_PART",   "FEMDATA",
    "FIELD",       "FLEX_BODY",   "FRICTION",     "GCON",       "GEAR",      "GFORCE",
    "GRAPHICS",    "GSE",         "IC",           "INTEGRATOR", "JOINT",     "JPRIM",
    "KINEMATICS",  "LIST",        "LSE",          "LSOLVER",    "MARKER",    "MATERIAL",
    "MATRIX",      "MFORCE",      "MOTION",       "MREQUEST",   "NFORCE",    "NOLIST",
    "OUTPUT",      "PART",        "PINPUT",       "POINT_MASS", "POUTPUT",   "PREFERENCES",
    "PSTATE",      "PTCV",        "REQUEST",      "RESULTS",    "SECTION",   "SENSOR",
    "SFORCE",      "SPLINE",      "SPRINGDAMPER", "STRING",     "SURFACE",   "TFSISO",
    "TITLE",       "UCON",        "UNITS",        "VARIABLE",   "VFORCE",    "VTORQUE"};

// Adams/Solver commands (Adams/Solver reference, "Commands").
constexpr std::string_view kCommands[] = {
    "ACCGRAV",      "ACTIVATE", "ARRAY",      "BEAM",        "BUSHING",     "CONTACT",  "CONTROL",
    "DEACTIVATE",   "DEBUG",    "DIFF",       "ENVIRONMENT", "EQUILIBRIUM", "FIELD",    "FILE",
    "FRICTION",     "GCON",     "GFORCE",     "GSE",         "HELP",        "IC",       "INFO",
    "INTEGRATOR",   "JOINT",    "KINEMATICS", "LINEAR",      "LSOLVER",     "MARKER",   "MENU",
    "MOTION",       "OUTPUT",   "PART",       "PREFERENCES", "PSTATE",      "RELOAD",   "REQUEST",
    "RETURN",       "SAVE",     "SENSOR",     "SFORCE",      "SHOW",        "SIMULATE", "SPLINE",
    "SPRINGDAMPER", "STOP",     "STRING",     "TIME",        "UNITS",       "VARIABLE", "VFORCE",
    "VTORQUE"};

// Argument keywords of the Adams/Solver statements and commands that mbsolve reads only in
// part (Adams/Solver reference); used to tell "not supported" from "unknown".
constexpr std::string_view kArguments[] = {"ACCELERATION",
                                           "ACTIONONLY",
                                           "ADD_TO_GROUP",
                                           "ALIMIT",
                                           "ANGLE",
                                           "AREA",
                                           "ASY",
                                           "ASZ",
                                           "ATTRIBUTES",
                                           "AUGMENTED_STABILIZATION",
                                           "B1",
                                           "B2",
                                           "B3",
                                           "BETA",
                                           "BLOCK",
                                           "C",
                                           "CHORD",
                                           "CLABELS",
                                           "CM",
                                           "CMATRIX",
                                           "CNAMES",
                                           "COMMENT",
                                           "CONTACT_FACETING_TOLERANCE",
                                           "CRATIO",
                                           "CT",
                                           "CUNITS",
                                           "CURVE",
                                           "CX",
                                           "CY",
                                           "CZ",
                                           "DAMPING",
                                           "DELAY",
                                           "DISPLACEMENT",
                                           "DTOUT",
                                           "DURATION",
                                           "DX",
                                           "DY",
                                           "DZ",
                                           "E",
                                           "END",
                                           "ERROR",
                                           "EXACT",
                                           "EXPLICIT",
                                           "F1",
                                           "F2",
                                           "F3",
                                           "F4",
                                           "F5",
                                           "F6",
                                           "F7",
                                           "F8",
                                           "FILE",
                                           "FIXED",
                                           "FLEX_BODY",
                                           "FORCE",
                                           "FORMULATION",
                                           "FRICTION",
                                           "FUNCTION",
                                           "FX",
                                           "FY",
                                           "FZ",
                                           "G",
                                           "GAMMA",
                                           "GC",
                                           "GRAVITY",
                                           "GROUND",
                                           "HINIT",
                                           "HMAX",
                                           "HMIN",
                                           "I",
                                           "IC",
                                           "ICD",
                                           "ICROT",
                                           "ICTRAN",
                                           "IGRAV",
                                           "IMBALANCE",
                                           "IMPLICIT",
                                           "INITIAL_CONDITIONS",
                                           "INTERPOLATE",
                                           "IP",
                                           "IREG",
                                           "ISOLVER",
                                           "ITS",
                                           "IXX",
                                           "IYY",
                                           "IZZ",
                                           "J",
                                           "JFLOAT",
                                           "JGRAV",
                                           "K",
                                           "KGRAV",
                                           "KINEMATIC",
                                           "KMATRIX",
                                           "KMAX",
                                           "KT",
                                           "KX",
                                           "KY",
                                           "KZ",
                                           "LABEL",
                                           "LENGTH",
                                           "LINEAR",
                                           "MASS",
                                           "MAXIT",
                                           "MAXSTEP",
                                           "MODEL",
                                           "NAME",
                                           "NODE_ID",
                                           "NODE_LABEL",
                                           "NUMBERS",
                                           "NOSEPARATOR",
                                           "NS",
                                           "OUTPUT_PREFIX",
                                           "PATTERN",
                                           "PLANAR",
                                           "QG",
                                           "QP",
                                           "RANGE",
                                           "REULER",
                                           "RESULTS_NAME",
                                           "ROUTINE",
                                           "RM",
                                           "ROTATION",
                                           "ROTATIONAL",
                                           "SAMPLE_OFFSET",
                                           "SAMPLE_PERIOD",
                                           "SCALE",
                                           "SIZE",
                                           "STABILITY",
                                           "STATIC_HOLD",
                                           "STEPS",
                                           "STIFFNESS",
                                           "SYSTEM",
                                           "TITLE",
                                           "TLIMIT",
                                           "TORQUE",
                                           "TRANSLATION",
                                           "TRANSLATIONAL",
                                           "TX",
                                           "TY",
                                           "TZ",
                                           "U",
                                           "UNITS",
                                           "USER",
                                           "V",
                                           "VALUE",
                                           "VARIABLES",
                                           "VELOCITY",
                                           "VM",
                                           "VX",
                                           "VY",
                                           "VZ",
                                           "WM",
                                           "WX",
                                           "WY",
                                           "WZ",
                                           "X",
                                           "XD",
                                           "XP",
                                           "Y",
                                           "YD",
                                           "ZP",
                                           "ZDIRECTION"};

bool contains(std::span<const std::string_view> list, std::string_view word) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

}  // namespace

bool is_adams_statement(std::string_view upper_name) { return contains(kStatements, upper_name); }

bool is_adams_command(std::string_view upper_name) { return contains(kCommands, upper_name); }

bool is_adams_argument(std::string_view upper_name) {
  return contains(kArguments, upper_name) || is_adams_statement(upper_name);
}

bool is_misspelling_of(std::string_view word, std::string_view candidate) {
  const size_t shorter = std::min(word.size(), candidate.size());
  if (shorter < 4) return false;
  if (edit_distance(word, candidate) <= 1) return true;
  return shorter >= 6 && (iequals(word.substr(0, shorter), candidate.substr(0, shorter)));
}

}  // namespace mb::adm
