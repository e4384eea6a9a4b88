#include "usersub/python_script.hpp"

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <vector>

#include "usersub/python_callbacks.hpp"

namespace mb {

/// A script's function and the module globals it lives in (strong references).
class PythonFunction {
 public:
  PythonFunction(PyObject* globals, PyObject* function) : globals_(globals), function_(function) {}
  ~PythonFunction();
  PythonFunction(const PythonFunction&) = delete;
  PythonFunction& operator=(const PythonFunction&) = delete;
  PyObject* function() const { return function_; }
  PyObject* globals() const { return globals_; }

 private:
  PyObject* globals_;
  PyObject* function_;
};

namespace {

/// Holds the GIL for a scope (any thread; the interpreter must be initialised).
class Gil {
 public:
  Gil() : state_(PyGILState_Ensure()) {}
  ~Gil() { PyGILState_Release(state_); }
  Gil(const Gil&) = delete;
  Gil& operator=(const Gil&) = delete;

 private:
  PyGILState_STATE state_;
};

/// Owns one reference.
struct Ref {
  PyObject* p = nullptr;
  explicit Ref(PyObject* o = nullptr) : p(o) {}
  ~Ref() { Py_XDECREF(p); }
  Ref(const Ref&) = delete;
  Ref& operator=(const Ref&) = delete;
  PyObject* release() {
    PyObject* o = p;
    p = nullptr;
    return o;
  }
};

std::once_flag g_init_once;
std::string g_init_error;  ///< empty when the interpreter is up

/// Starts the interpreter once per process. The locale and the signal handlers stay mbsolve's,
/// the command line is not Python's, and the GIL is released afterwards so that any thread can
/// take it.
bool ensure_interpreter(std::string& error) {
  std::call_once(g_init_once, [] {
    PyPreConfig preconfig;
    PyPreConfig_InitPythonConfig(&preconfig);
    preconfig.configure_locale = 0;
    PyStatus status = Py_PreInitialize(&preconfig);
    PyConfig config;
    PyConfig_InitPythonConfig(&config);
    config.install_signal_handlers = 0;
    config.parse_argv = 0;
    if (!PyStatus_Exception(status)) status = Py_InitializeFromConfig(&config);
    PyConfig_Clear(&config);
    if (PyStatus_Exception(status)) {
      g_init_error = fmt::format("the Python interpreter did not start: {}",
                                 status.err_msg ? status.err_msg : "unknown error");
      return;
    }
    install_python_callbacks();
    PyEval_SaveThread();
  });
  error = g_init_error;
  return g_init_error.empty();
}

std::string str_of(PyObject* o) {
  if (!o) return {};
  Ref s(PyObject_Str(o));
  if (!s.p) {
    PyErr_Clear();
    return "<unprintable>";
  }
  const char* c = PyUnicode_AsUTF8(s.p);
  if (!c) {
    PyErr_Clear();
    return "<unprintable>";
  }
  return c;
}

/// The pending Python exception, cleared: its one-line summary ("ZeroDivisionError: division by
/// zero"), the full traceback, and the line of `script` where it happened (0 if unknown).
struct PythonError {
  std::string summary;
  std::string traceback;
  int line = 0;
};

PythonError take_error(const std::string& script) {
  PythonError out;
  PyObject *type = nullptr, *value = nullptr, *tb = nullptr;
  PyErr_Fetch(&type, &value, &tb);
  PyErr_NormalizeException(&type, &value, &tb);
  Ref t(type), v(value), b(tb);
  if (!t.p) return {"unknown Python error", "", 0};
  if (b.p) PyException_SetTraceback(v.p, b.p);
  // Innermost frame in the script itself.
  for (PyObject* f = b.p; f && f != Py_None;) {
    auto* frame = reinterpret_cast<PyTracebackObject*>(f);
    Ref code(reinterpret_cast<PyObject*>(PyFrame_GetCode(frame->tb_frame)));
    Ref filename(code.p ? PyObject_GetAttrString(code.p, "co_filename") : nullptr);
    if (filename.p && str_of(filename.p) == script) {
      out.line = frame->tb_lineno;
    }
    f = reinterpret_cast<PyObject*>(frame->tb_next);
  }
  if (PyErr_GivenExceptionMatches(t.p, PyExc_SyntaxError)) {
    Ref lineno(PyObject_GetAttrString(v.p, "lineno"));
    if (lineno.p && PyLong_Check(lineno.p)) out.line = static_cast<int>(PyLong_AsLong(lineno.p));
    PyErr_Clear();
  }
  Ref tbmod(PyImport_ImportModule("traceback"));
  Ref only(tbmod.p ? PyObject_CallMethod(tbmod.p, "format_exception_only", "OO", t.p, v.p)
                   : nullptr);
  Ref full(tbmod.p ? PyObject_CallMethod(tbmod.p, "format_exception", "OOO", t.p, v.p,
                                         b.p ? b.p : Py_None)
                   : nullptr);
  PyErr_Clear();
  auto join = [](PyObject* list) {
    std::string s;
    if (!list || !PyList_Check(list)) return s;
    for (Py_ssize_t k = 0; k < PyList_Size(list); ++k) s += str_of(PyList_GetItem(list, k));
    while (!s.empty() && s.back() == '\n') s.pop_back();
    return s;
  };
  const std::string only_text = join(only.p);
  out.summary =
      only_text.substr(only_text.rfind('\n') == std::string::npos ? 0 : only_text.rfind('\n') + 1);
  if (out.summary.empty()) out.summary = str_of(t.p) + ": " + str_of(v.p);
  out.traceback = join(full.p);
  return out;
}

/// A type name for messages ("str", "NoneType", ...).
std::string type_name(PyObject* o) { return Py_TYPE(o)->tp_name; }

/// Converts the function's return value into `result`; false with `error` set otherwise.
bool read_outputs(PyObject* r, std::span<double> result, std::string& error) {
  const size_t n = result.size();
  const std::string expected = n == 1 ? "a number" : fmt::format("a list of {} numbers", n);
  if (r == Py_None) {
    error = fmt::format("returned None; expected {} (is the return statement missing?)", expected);
    return false;
  }
  const bool text = PyUnicode_Check(r) || PyBytes_Check(r);
  if (!text && PySequence_Check(r)) {
    Ref fast(PySequence_Fast(r, "not a sequence"));
    if (!fast.p) {
      PyErr_Clear();
      error = fmt::format("returned a {} that cannot be read as a list; expected {}", type_name(r),
                          expected);
      return false;
    }
    const Py_ssize_t got = PySequence_Fast_GET_SIZE(fast.p);
    if (static_cast<size_t>(got) != n) {
      error = fmt::format("returned {} values; expected {}", got, expected);
      return false;
    }
    PyObject** items = PySequence_Fast_ITEMS(fast.p);
    for (size_t k = 0; k < n; ++k) {
      result[k] = PyFloat_AsDouble(items[k]);
      if (result[k] == -1.0 && PyErr_Occurred()) {
        PyErr_Clear();
        error = fmt::format("returned a {} as value {}; expected {}", type_name(items[k]), k + 1,
                            expected);
        return false;
      }
    }
    return true;
  }
  if (n == 1 && !text && PyNumber_Check(r)) {
    result[0] = PyFloat_AsDouble(r);
    if (!(result[0] == -1.0 && PyErr_Occurred())) return true;
    PyErr_Clear();
  }
  error = fmt::format("returned a {}; expected {}", type_name(r), expected);
  return false;
}

/// A new list of floats.
PyObject* list_of(std::span<const double> v) {
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(v.size()));
  if (!list) return nullptr;
  for (size_t k = 0; k < v.size(); ++k) {
    PyObject* x = PyFloat_FromDouble(v[k]);
    if (!x) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(k), x);
  }
  return list;
}

/// A sequence's items (a new reference to it as a list or tuple), or null when `r` is not a
/// sequence (text is not).
PyObject* items_of(PyObject* r) {
  if (r == Py_None || PyUnicode_Check(r) || PyBytes_Check(r) || !PySequence_Check(r)) {
    return nullptr;
  }
  PyObject* fast = PySequence_Fast(r, "not a sequence");
  if (!fast) PyErr_Clear();
  return fast;
}

/// GSESUB / YFOSUB: [stated, output] into `stated` and `output`.
bool read_state_outputs(PyObject* r, std::span<double> stated, std::span<double> output,
                        std::string& error) {
  const std::string expected = fmt::format(
      "[stated, output] (a list of {} and a list of {} numbers)", stated.size(), output.size());
  Ref pair(items_of(r));
  if (!pair.p || PySequence_Fast_GET_SIZE(pair.p) != 2) {
    error = r == Py_None ? fmt::format(
                               "returned None; expected {} (is the return statement "
                               "missing?)",
                               expected)
            : pair.p ? fmt::format("returned {} values; expected {}",
                                   PySequence_Fast_GET_SIZE(pair.p), expected)
                     : fmt::format("returned a {}; expected {}", type_name(r), expected);
    return false;
  }
  PyObject** items = PySequence_Fast_ITEMS(pair.p);
  // An empty output list may be any empty sequence; a single state may be a bare number.
  for (int k = 0; k < 2; ++k) {
    std::string what;
    if (!read_outputs(items[k], k == 0 ? stated : output, what)) {
      error = fmt::format("{} ({}); expected {}", what.substr(0, what.find(';')),
                          k == 0 ? "stated" : "output", expected);
      return false;
    }
  }
  return true;
}

/// A partial's rows x (result.size() / rows) matrix into `result`, column-major: a list of rows
/// or one flat column-major list.
bool read_matrix(PyObject* r, size_t rows, std::span<double> result, std::string& error) {
  const size_t cols = rows == 0 ? 0 : result.size() / rows;
  const std::string expected = fmt::format(
      "a {} x {} matrix (a list of {} rows of {} numbers, or {} numbers "
      "column-major)",
      rows, cols, rows, cols, result.size());
  Ref outer(items_of(r));
  if (outer.p && rows > 0 && PySequence_Fast_GET_SIZE(outer.p) == static_cast<Py_ssize_t>(rows)) {
    PyObject** row_items = PySequence_Fast_ITEMS(outer.p);
    Ref first(items_of(row_items[0]));
    PyErr_Clear();
    if (first.p) {  // a list of rows
      std::vector<double> row(cols);
      for (size_t i = 0; i < rows; ++i) {
        std::string what;
        if (!read_outputs(row_items[i], std::span<double>(row), what)) {
          error = fmt::format("{} (row {}); expected {}", what.substr(0, what.find(';')), i + 1,
                              expected);
          return false;
        }
        for (size_t j = 0; j < cols; ++j) result[i + j * rows] = row[j];
      }
      return true;
    }
  }
  std::string what;
  if (read_outputs(r, result, what)) return true;
  error = fmt::format("{}; expected {}", what.substr(0, what.find(';')), expected);
  return false;
}

}  // namespace

PythonFunction::~PythonFunction() {
  Gil gil;
  Py_XDECREF(function_);
  Py_XDECREF(globals_);
}

LoadedScript load_python_script(const std::string& path, const std::string& function) {
  LoadedScript out;
  std::string error;
  if (!ensure_interpreter(error)) {
    out.error = error;
    return out;
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream source;
  source << in.rdbuf();
  if (!in) {
    out.error = "could not be read";
    return out;
  }
  Gil gil;
  // The script's folder goes on sys.path so that it can import modules next to it.
  const std::string dir = std::filesystem::absolute(path).parent_path().string();
  if (PyObject* sys_path = PySys_GetObject("path"); sys_path && PyList_Check(sys_path)) {
    Ref d(PyUnicode_FromString(dir.c_str()));
    if (d.p && PySequence_Contains(sys_path, d.p) == 0) PyList_Insert(sys_path, 0, d.p);
    PyErr_Clear();
  }
  // A fresh module per element: its globals are the element's own.
  const std::string module_name = std::filesystem::path(path).stem().string();
  Ref module(PyModule_New(module_name.c_str()));
  if (!module.p) {
    out.error = "failed to load: " + take_error(path).summary;
    return out;
  }
  PyObject* globals = PyModule_GetDict(module.p);  // borrowed
  Ref file(PyUnicode_FromString(path.c_str()));
  PyDict_SetItemString(globals, "__file__", file.p);
  PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins());
  Ref code(Py_CompileString(source.str().c_str(), path.c_str(), Py_file_input));
  Ref ran(code.p ? PyEval_EvalCode(code.p, globals, globals) : nullptr);
  if (!ran.p) {
    const PythonError e = take_error(path);
    out.error = e.line > 0 ? fmt::format("failed to load: {} (line {})", e.summary, e.line)
                           : "failed to load: " + e.summary;
    return out;
  }
  PyObject* f = PyDict_GetItemString(globals, function.c_str());  // borrowed
  if (!f || !PyCallable_Check(f)) {
    out.missing_function = true;
    out.error = f ? fmt::format("defines '{}' as a {}, not a function", function, type_name(f))
                  : fmt::format("defines no function '{}'", function);
    return out;
  }
  Py_INCREF(f);
  Py_INCREF(globals);
  out.function = std::make_shared<PythonFunction>(globals, f);
  return out;
}

std::shared_ptr<const PythonFunction> find_python_function(const PythonFunction& loaded,
                                                           const std::string& name) {
  Gil gil;
  PyObject* f = PyDict_GetItemString(loaded.globals(), name.c_str());  // borrowed
  if (!f || !PyCallable_Check(f)) return nullptr;
  Py_INCREF(f);
  Py_INCREF(loaded.globals());
  return std::make_shared<PythonFunction>(loaded.globals(), f);
}

bool call_python_function(const PythonFunction& f, const UserArgs& a, UserSignature signature,
                          std::string& error) {
  Gil gil;
  Ref par(list_of(std::span<const double>(a.par, static_cast<size_t>(a.npar))));
  if (!par.p) {
    error = "Python exception " + take_error("").summary;
    return false;
  }
  auto integer = [](long v) { return PyLong_FromLong(v); };
  Ref id(integer(a.id)), time(PyFloat_FromDouble(a.time)), npar(integer(a.npar)),
      dflag(integer(a.dflag)), iflag(integer(a.iflag)), iord(integer(a.iord));
  const bool state_equation = signature == UserSignature::kStateEquation;
  const bool coupler = signature == UserSignature::kCoupler;
  Ref nvalue(integer(static_cast<long>(a.result.size())));
  Ref nstate(state_equation || coupler ? integer(static_cast<long>(a.states.size())) : nullptr),
      states(state_equation || coupler ? list_of(a.states) : nullptr),
      ninput(state_equation ? integer(static_cast<long>(a.inputs.size())) : nullptr),
      input(state_equation ? list_of(a.inputs) : nullptr),
      noutpt(state_equation ? integer(a.noutpt) : nullptr);
  // The arguments after (id, time, par, npar).
  PyObject* args[11] = {id.p, time.p, par.p, npar.p};
  size_t n = 4;
  auto push = [&](std::initializer_list<PyObject*> more) {
    for (PyObject* o : more) args[n++] = o;
  };
  if (coupler) {
    push({states.p, nstate.p, iflag.p});  // (disp, ndisp, iflag), for COUSUB and its partials
  } else if (a.extra >= 0) {
    push({iflag.p, nstate.p, states.p, ninput.p, input.p, noutpt.p});
  } else {
    switch (signature) {
      case UserSignature::kForce:
        push({dflag.p, iflag.p});
        break;
      case UserSignature::kRequest:
        push({iflag.p});
        break;
      case UserSignature::kArray:
        push({dflag.p, iflag.p, nvalue.p});
        break;
      case UserSignature::kMotion:
        push({iord.p, iflag.p});
        break;
      case UserSignature::kStateEquation:
        push({dflag.p, iflag.p, nstate.p, states.p, ninput.p, input.p, noutpt.p});
        break;
      case UserSignature::kCoupler:
        break;  // pushed above
    }
  }
  for (size_t k = 0; k < n; ++k) {
    if (!args[k]) {
      error = "Python exception " + take_error("").summary;
      return false;
    }
  }
  Ref r(PyObject_Vectorcall(f.function(), args, n, nullptr));
  if (!r.p) {
    const PythonError e = take_error("");
    error = fmt::format("raised {}\n{}", e.summary, e.traceback);
    return false;
  }
  if (a.extra >= 0) {
    const size_t rows = static_cast<size_t>(coupler || a.extra < 2 ? a.states.size() : a.noutpt);
    if (read_matrix(r.p, rows, a.result, error)) return true;
    Ref name(PyObject_GetAttrString(f.function(), "__name__"));
    PyErr_Clear();
    error = fmt::format("its partial {} {}", name.p ? str_of(name.p) : "?", error);
    return false;
  }
  if (state_equation) return read_state_outputs(r.p, a.result, a.output, error);
  return read_outputs(r.p, a.result, error);
}

}  // namespace mb
