#pragma once
// What a user subroutine may ask of the system it is called from, through the callbacks
// (c_sysfnc, c_sysary, c_modfnc, c_gtstrg): the solver implements this interface
// (solver/user_context.hpp) and hands it to every call (usersub/user_call.hpp), so this library
// needs nothing of the solver. Indices are the model's (bodies, markers, constraint blocks,
// states); a state vector is in the system's layout. Lookups return -1 for "no such element".
// Nothing here may allocate: the callbacks run inside residuals.

#include <string>
#include <string_view>

namespace mb {

class UserContext {
 public:
  virtual ~UserContext() = default;

  /// Model index of the marker with deck id `id` (-1: none).
  virtual int find_marker(int id) const = 0;
  /// The body marker `marker` is fixed to.
  virtual int marker_body(int marker) const = 0;
  /// Deck id of body `body`.
  virtual int body_id(int body) const = 0;
  /// Body `body` is the ground (always readable).
  virtual bool is_ground(int body) const = 0;
  /// Constraint block of Constraint_Joint `id` (-1: none).
  virtual int find_joint(int id) const = 0;
  /// The body on side 0 (I) or 1 (J) of constraint block `block`.
  virtual int constraint_body(int block, int side) const = 0;
  /// Model state index of Control_Diff `id` (-1: none).
  virtual int find_diff(int id) const = 0;
  /// Index of model state `s` in the system's state vector.
  virtual int state_index(int s) const = 0;

  /// A kinematic measure c_sysfnc and c_sysary can evaluate (DX, PSI, VR, ...; not the
  /// accelerations): false when `name` is none; else its `code` (for measure()) and the number
  /// of marker ids it takes at most.
  virtual bool find_measure(std::string_view name, int& code, int& markers) const = 0;
  /// Measure `code` of the markers `mk` (model indices, -1: ground or absent, in the order of
  /// the function's arguments) at state y.
  virtual double measure(int code, const int mk[4], const double* y) const = 0;
  /// JOINT(id, jflag, comp[, RM]) of constraint block `block`: component `comp` (1..8) of the
  /// reaction on its I (jflag 0) or J (1) marker, in the axes of marker `rm` (-1: ground).
  virtual double joint_reaction(int block, int jflag, int comp, int rm, const double* y) const = 0;

  /// c_modfnc: writes attribute `attribute` (upper case) of element `element` (upper case) `id`
  /// as text into `value` (80 bytes) and returns true; false when it cannot, with
  /// `element_found` telling whether the element itself exists.
  virtual bool model_attribute(std::string_view element, int id, std::string_view attribute,
                               char* value, bool& element_found) const = 0;
  /// The text of Reference_String `id`, or nullptr.
  virtual const std::string* string_text(int id) const = 0;
};

}  // namespace mb
