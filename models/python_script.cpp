#include "models/python_script.hpp"

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>

#include "models/python_callbacks.hpp"

namespace mb {

/// A script's function and the module globals it lives in (strong references).
class PythonFunction {
 public:
  PythonFunction(PyObject* globals, PyObject* function) : globals_(globals), function_(function) {}
  ~PythonFunction();
  PythonFunction(const PythonFunction&) = delete;
  PythonFunction& operator=(const PythonFunction&) = delete;
  PyObject* function() const { return function_; }

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

bool call_python_function(const PythonFunction& f, const UserArgs& a, bool with_dflag,
                          std::string& error) {
  Gil gil;
  Ref par(PyList_New(a.npar));
  if (!par.p) {
    error = "Python exception " + take_error("").summary;
    return false;
  }
  for (int k = 0; k < a.npar; ++k) PyList_SET_ITEM(par.p, k, PyFloat_FromDouble(a.par[k]));
  Ref id(PyLong_FromLong(a.id)), time(PyFloat_FromDouble(a.time)), npar(PyLong_FromLong(a.npar)),
      dflag(PyLong_FromLong(a.dflag)), iflag(PyLong_FromLong(a.iflag));
  PyObject* with_d[] = {id.p, time.p, par.p, npar.p, dflag.p, iflag.p};
  PyObject* without_d[] = {id.p, time.p, par.p, npar.p, iflag.p};
  Ref r(with_dflag ? PyObject_Vectorcall(f.function(), with_d, 6, nullptr)
                   : PyObject_Vectorcall(f.function(), without_d, 5, nullptr));
  if (!r.p) {
    const PythonError e = take_error("");
    error = fmt::format("raised {}\n{}", e.summary, e.traceback);
    return false;
  }
  return read_outputs(r.p, a.result, error);
}

}  // namespace mb
