#pragma once
// The System as user subroutines see it (usersub/user_context.hpp): the solver hands one to
// every user call it makes (solver/user_force.cpp, user_state.cpp, user_motion.cpp,
// user_coupler.cpp, user_variables.cpp, request_outputs.cpp), and the callbacks (c_sysfnc, ...)
// answer from it. A view of the System and of the run's angle tracks (a SYSFNC of AX, AY, AZ or
// INCANG reads its track there, adding it when new): cheap to make, nothing allocated but a new
// track.

#include "usersub/user_context.hpp"

namespace mb {

class System;
class AngleHistory;

class SystemUserContext final : public UserContext {
 public:
  /// `angles`: the run's (Workspace::angles), or the System's while it is built.
  SystemUserContext(const System& sys, AngleHistory& angles) : sys_(sys), angles_(angles) {}

  int find_marker(int id) const override;
  int marker_body(int marker) const override;
  int body_id(int body) const override;
  bool is_ground(int body) const override;
  int find_joint(int id) const override;
  int constraint_body(int block, int side) const override;
  int find_diff(int id) const override;
  int state_index(int s) const override;
  bool find_measure(std::string_view name, int& code, int& markers) const override;
  double measure(int code, const int mk[4], const double* y) const override;
  double joint_reaction(int block, int jflag, int comp, int rm, const double* y) const override;
  bool model_attribute(std::string_view element, int id, std::string_view attribute, char* value,
                       bool& element_found) const override;
  const std::string* string_text(int id) const override;

 private:
  const System& sys_;
  AngleHistory& angles_;
};

}  // namespace mb
