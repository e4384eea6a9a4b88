#include "usersub/user_subroutine.hpp"

#include <fmt/format.h>

#include "include/mbsolve/usersub.h"
#include "usersub/python_script.hpp"

namespace mb {

std::string python_signature(const UserSubroutine& s) {
  switch (s.signature) {
    case UserSignature::kRequest:
      return fmt::format("def {}(id, time, par, npar, iflag)", s.routine);
    case UserSignature::kArray:
      return fmt::format("def {}(id, time, par, npar, dflag, iflag, nvalue)", s.routine);
    case UserSignature::kMotion:
      return fmt::format("def {}(id, time, par, npar, iord, iflag)", s.routine);
    case UserSignature::kStateEquation:
      return fmt::format(
          "def {}(id, time, par, npar, dflag, iflag, nstate, states, ninput, input, noutpt)",
          s.routine);
    case UserSignature::kCoupler:
      return fmt::format("def {}(id, time, par, npar, disp, ndisp, iflag)", s.routine);
    case UserSignature::kForce:
      break;
  }
  return fmt::format("def {}(id, time, par, npar, dflag, iflag)", s.routine);
}

UserSignature user_signature(std::string_view name) {
  if (name == "REQSUB" || name == "SENSUB" || name == "SEVSUB") return UserSignature::kRequest;
  if (name == "ARYSUB") return UserSignature::kArray;
  if (name == "MOTSUB") return UserSignature::kMotion;
  if (name == "GSESUB" || name == "YFOSUB") return UserSignature::kStateEquation;
  if (name == "COUSUB") return UserSignature::kCoupler;
  return UserSignature::kForce;
}

bool UserSubroutine::call(const UserArgs& a, std::string& error) const {
  if (a.extra >= 0) {
    const auto k = static_cast<size_t>(a.extra);
    if (script) return call_python_function(*extra_scripts[k], a, signature, error);
    int id = a.id, npar = a.npar, iflag = a.iflag, noutpt = a.noutpt;
    int nstate = static_cast<int>(a.states.size()), ninput = static_cast<int>(a.inputs.size());
    double time = a.time;
    if (signature == UserSignature::kCoupler) {
      reinterpret_cast<mbsolve_couxx>(extras[k])(&id, &time, a.par, &npar, a.states.data(), &nstate,
                                                 &iflag, a.result.data());
      return true;
    }
    reinterpret_cast<mbsolve_gsexx>(extras[k])(&id, &time, a.par, &npar, &iflag, &nstate,
                                               a.states.data(), &ninput, a.inputs.data(), &noutpt,
                                               a.result.data());
    return true;
  }
  if (script) return call_python_function(*script, a, signature, error);
  int id = a.id, npar = a.npar, dflag = a.dflag, iflag = a.iflag;
  double time = a.time;
  switch (signature) {
    case UserSignature::kForce:
      reinterpret_cast<mbsolve_sfosub>(entry)(&id, &time, a.par, &npar, &dflag, &iflag,
                                              a.result.data());
      break;
    case UserSignature::kRequest:
      reinterpret_cast<mbsolve_reqsub>(entry)(&id, &time, a.par, &npar, &iflag, a.result.data());
      break;
    case UserSignature::kArray: {
      int nvalue = static_cast<int>(a.result.size());
      reinterpret_cast<mbsolve_arysub>(entry)(&id, &time, a.par, &npar, &dflag, &iflag, &nvalue,
                                              a.result.data());
      break;
    }
    case UserSignature::kMotion: {
      int iord = a.iord;
      reinterpret_cast<mbsolve_motsub>(entry)(&id, &time, a.par, &npar, &iord, &iflag,
                                              a.result.data());
      break;
    }
    case UserSignature::kStateEquation: {
      int nstate = static_cast<int>(a.states.size()), ninput = static_cast<int>(a.inputs.size());
      int noutpt = a.noutpt;
      reinterpret_cast<mbsolve_gsesub>(entry)(&id, &time, a.par, &npar, &dflag, &iflag, &nstate,
                                              a.states.data(), &ninput, a.inputs.data(), &noutpt,
                                              a.result.data(), a.output.data());
      break;
    }
    case UserSignature::kCoupler: {
      int ndisp = static_cast<int>(a.states.size());
      reinterpret_cast<mbsolve_cousub>(entry)(&id, &time, a.par, &npar, a.states.data(), &ndisp,
                                              &iflag, a.result.data());
      break;
    }
  }
  return true;
}

}  // namespace mb
