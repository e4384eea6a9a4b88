#include "usersub/python_callbacks.hpp"

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <cctype>
#include <cmath>
#include <string_view>

#include "include/mbsolve/usersub.h"

namespace mb {

namespace {

// A c_sysfnc / c_sysary argument list holds marker and element ids: at most a few.
constexpr Py_ssize_t kMaxIpar = 32;

/// Reads `obj` (a sequence of integers, or of floats with integral values, as `par` holds them)
/// into `ipar`; raises TypeError/ValueError otherwise.
bool read_ipar(PyObject* obj, int* ipar, int& n, const char* fn) {
  n = 0;
  if (!obj || obj == Py_None) return true;
  PyObject* fast = PySequence_Fast(obj, "");
  if (!fast) {
    PyErr_Format(PyExc_TypeError, "%s: ipar must be a list of integers", fn);
    return false;
  }
  const Py_ssize_t size = PySequence_Fast_GET_SIZE(fast);
  if (size > kMaxIpar) {
    Py_DECREF(fast);
    PyErr_Format(PyExc_ValueError, "%s: ipar has %zd values (at most %zd)", fn, size, kMaxIpar);
    return false;
  }
  for (Py_ssize_t k = 0; k < size; ++k) {
    PyObject* item = PySequence_Fast_GET_ITEM(fast, k);
    const double v = PyFloat_AsDouble(item);
    if ((v == -1.0 && PyErr_Occurred()) || !std::isfinite(v) || v != std::trunc(v) ||
        std::abs(v) > 2147483647.0) {
      PyErr_Clear();
      Py_DECREF(fast);
      PyErr_Format(PyExc_TypeError, "%s: ipar[%zd] must be an integer (got %R)", fn, k, item);
      return false;
    }
    ipar[k] = static_cast<int>(v);
  }
  n = static_cast<int>(size);
  Py_DECREF(fast);
  return true;
}

PyObject* py_sysfnc(PyObject*, PyObject* args) {
  const char* name = nullptr;
  PyObject* ipar_obj = nullptr;
  if (!PyArg_ParseTuple(args, "s|O:py_sysfnc", &name, &ipar_obj)) return nullptr;
  int ipar[kMaxIpar];
  int n = 0;
  if (!read_ipar(ipar_obj, ipar, n, "py_sysfnc")) return nullptr;
  double value = 0.0;
  int errflg = 0;
  c_sysfnc(name, ipar, n, &value, &errflg);
  return Py_BuildValue("[di]", value, errflg);
}

PyObject* py_sysary(PyObject*, PyObject* args) {
  const char* name = nullptr;
  PyObject* ipar_obj = nullptr;
  if (!PyArg_ParseTuple(args, "s|O:py_sysary", &name, &ipar_obj)) return nullptr;
  int ipar[kMaxIpar];
  int n = 0;
  if (!read_ipar(ipar_obj, ipar, n, "py_sysary")) return nullptr;
  double states[16] = {};
  int nstates = 0, errflg = 0;
  c_sysary(name, ipar, n, states, &nstates, &errflg);
  PyObject* list = PyList_New(nstates);
  if (!list) return nullptr;
  for (int k = 0; k < nstates; ++k) PyList_SET_ITEM(list, k, PyFloat_FromDouble(states[k]));
  return Py_BuildValue("[Ni]", list, errflg);
}

PyObject* py_modfnc(PyObject*, PyObject* args) {
  const char *element = nullptr, *attribute = nullptr;
  int id = 0;
  if (!PyArg_ParseTuple(args, "sis:py_modfnc", &element, &id, &attribute)) return nullptr;
  char value[80] = {};
  int errflg = 0;
  c_modfnc(element, id, attribute, value, &errflg);
  return Py_BuildValue("[si]", value, errflg);
}

/// endflg as MotionSolve scripts pass it: a number (nonzero stops) or a word ("STOP" stops).
bool read_endflg(PyObject* obj, int& end) {
  if (PyUnicode_Check(obj)) {
    const char* s = PyUnicode_AsUTF8(obj);
    if (!s) return false;
    std::string_view w(s);
    end = w.size() == 4 && std::toupper(static_cast<unsigned char>(w[0])) == 'S' &&
                  std::toupper(static_cast<unsigned char>(w[1])) == 'T' &&
                  std::toupper(static_cast<unsigned char>(w[2])) == 'O' &&
                  std::toupper(static_cast<unsigned char>(w[3])) == 'P'
              ? 1
              : 0;
    return true;
  }
  const int truth = PyObject_IsTrue(obj);
  if (truth < 0) return false;
  end = truth;
  return true;
}

PyObject* py_errmes(PyObject*, PyObject* args) {
  PyObject *errflg_obj = nullptr, *endflg_obj = nullptr;
  const char* message = nullptr;
  int id = 0;
  if (!PyArg_ParseTuple(args, "Osi|O:py_errmes", &errflg_obj, &message, &id, &endflg_obj)) {
    return nullptr;
  }
  const int truth = PyObject_IsTrue(errflg_obj);
  if (truth < 0) return nullptr;
  int errflg = truth, end = 0;
  if (endflg_obj && !read_endflg(endflg_obj, end)) return nullptr;
  c_errmes(&errflg, message, &id, &end);
  Py_RETURN_NONE;
}

/// Values of a rotation kind of c_rcnvrt (0: not a kind it knows).
int rotation_size(std::string_view kind) {
  auto is = [&](std::string_view w) {
    if (kind.size() != w.size()) return false;
    for (size_t k = 0; k < w.size(); ++k) {
      if (std::toupper(static_cast<unsigned char>(kind[k])) != w[k]) return false;
    }
    return true;
  };
  return is("EULER") ? 3 : is("EULPAR") ? 4 : is("RMATRIX") ? 9 : 0;
}

PyObject* py_rcnvrt(PyObject*, PyObject* args) {
  const char *sys1 = nullptr, *sys2 = nullptr;
  PyObject* coord_obj = nullptr;
  if (!PyArg_ParseTuple(args, "sOs:py_rcnvrt", &sys1, &coord_obj, &sys2)) return nullptr;
  const int n1 = rotation_size(sys1), n2 = rotation_size(sys2);
  if (n1 == 0 || n2 == 0) return Py_BuildValue("[[]i]", 1);
  PyObject* fast = PySequence_Fast(coord_obj, "py_rcnvrt: coord1 must be a list of numbers");
  if (!fast) return nullptr;
  if (PySequence_Fast_GET_SIZE(fast) != n1) {
    PyErr_Format(PyExc_ValueError, "py_rcnvrt: %s takes %d values (got %zd)", sys1, n1,
                 PySequence_Fast_GET_SIZE(fast));
    Py_DECREF(fast);
    return nullptr;
  }
  double in[9] = {}, out[9] = {};
  for (int k = 0; k < n1; ++k) {
    in[k] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, k));
    if (in[k] == -1.0 && PyErr_Occurred()) {
      Py_DECREF(fast);
      return nullptr;
    }
  }
  Py_DECREF(fast);
  int istat = 1;
  c_rcnvrt(sys1, in, sys2, out, &istat);
  PyObject* list = PyList_New(istat == 0 ? n2 : 0);
  if (!list) return nullptr;
  for (int k = 0; istat == 0 && k < n2; ++k) PyList_SET_ITEM(list, k, PyFloat_FromDouble(out[k]));
  return Py_BuildValue("[Ni]", list, istat);
}

PyObject* py_timget(PyObject*, PyObject*) {
  double time = 0.0;
  c_timget(&time);
  return PyFloat_FromDouble(time);
}

PyObject* py_gtstrg(PyObject*, PyObject* args) {
  int id = 0;
  if (!PyArg_ParseTuple(args, "i:py_gtstrg", &id)) return nullptr;
  char text[1025] = {};  // Reference_String texts have at most 1024 characters
  int nchars = 0, istat = 0;
  c_gtstrg(id, text, &nchars, &istat);
  return Py_BuildValue("[s#i]", text, static_cast<Py_ssize_t>(nchars), istat);
}

PyMethodDef kMethods[] = {
    {"py_sysfnc", py_sysfnc, METH_VARARGS,
     "[value, errflg] = py_sysfnc(fncnam, ipar): one measure or force function by name"},
    {"py_sysary", py_sysary, METH_VARARGS,
     "[states, errflg] = py_sysary(fncnam, ipar): DISP, VEL and their halves"},
    {"py_modfnc", py_modfnc, METH_VARARGS,
     "[value, errflg] = py_modfnc(element, id, attribute): a model attribute as text"},
    {"py_errmes", py_errmes, METH_VARARGS,
     "py_errmes(errflg, message, id, endflg): report an error; endflg \"STOP\" or nonzero stops"},
    {"py_rcnvrt", py_rcnvrt, METH_VARARGS,
     "[coord2, istat] = py_rcnvrt(sys1, coord1, sys2): EULER, EULPAR, RMATRIX conversions"},
    {"py_timget", py_timget, METH_NOARGS, "time = py_timget(): the current simulation time"},
    {"py_gtstrg", py_gtstrg, METH_VARARGS,
     "[text, istat] = py_gtstrg(id): the text of Reference_String id (istat 0 when it exists)"},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef kModule = {PyModuleDef_HEAD_INIT,
                       "mbsolve",
                       "mbsolve solver callbacks",
                       -1,
                       kMethods,
                       nullptr,
                       nullptr,
                       nullptr,
                       nullptr};

}  // namespace

void install_python_callbacks() {
  PyObject* module = PyModule_Create(&kModule);
  PyObject* builtins = PyImport_ImportModule("builtins");
  PyObject* modules = PyImport_GetModuleDict();  // borrowed
  if (module && builtins) {
    for (const PyMethodDef* m = kMethods; m->ml_name; ++m) {
      PyObject* f = PyObject_GetAttrString(module, m->ml_name);
      if (f) PyObject_SetAttrString(builtins, m->ml_name, f);
      Py_XDECREF(f);
    }
    if (modules) PyDict_SetItemString(modules, "mbsolve", module);
  }
  PyErr_Clear();
  Py_XDECREF(builtins);
  Py_XDECREF(module);
}

}  // namespace mb
