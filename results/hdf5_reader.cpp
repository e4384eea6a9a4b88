#include "results/hdf5_reader.hpp"

#include <fmt/format.h>
#include <hdf5.h>

#include <fstream>
#include <vector>

#include "common/error.hpp"

namespace mb::results {
namespace {

[[noreturn]] void fail(const std::string& path, const std::string& message) {
  throw Error(ExitCode::kDeckError, fmt::format("{}: {}", path, message));
}

/// Closes an HDF5 handle with its close function at scope end.
class Handle {
 public:
  Handle(hid_t id, herr_t (*close)(hid_t)) : id_(id), close_(close) {}
  ~Handle() {
    if (id_ >= 0) close_(id_);
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  hid_t get() const { return id_; }
  bool ok() const { return id_ >= 0; }

 private:
  hid_t id_;
  herr_t (*close_)(hid_t);
};

/// The text attribute `name` of `loc` (variable or fixed length), empty when absent.
std::string text_attribute(hid_t loc, const char* name) {
  if (H5Aexists(loc, name) <= 0) return {};
  const Handle attr(H5Aopen(loc, name, H5P_DEFAULT), H5Aclose);
  const Handle type(H5Aget_type(attr.get()), H5Tclose);
  if (H5Tget_class(type.get()) != H5T_STRING) return {};
  const Handle mem(H5Tcopy(H5T_C_S1), H5Tclose);
  H5Tset_cset(mem.get(), H5Tget_cset(type.get()));  // no conversion between ASCII and UTF-8
  if (H5Tis_variable_str(type.get()) > 0) {
    H5Tset_size(mem.get(), H5T_VARIABLE);
    char* p = nullptr;
    if (H5Aread(attr.get(), mem.get(), &p) < 0 || !p) return {};
    std::string s(p);
    H5free_memory(p);
    return s;
  }
  const size_t n = H5Tget_size(type.get());
  H5Tset_size(mem.get(), n + 1);
  std::string s(n + 1, '\0');
  if (H5Aread(attr.get(), mem.get(), s.data()) < 0) return {};
  s.resize(s.find('\0'));
  return s;
}

/// A one-dimensional dataset of numbers as doubles.
std::vector<double> read_vector(const std::string& path, hid_t loc, const std::string& name) {
  const Handle ds(H5Dopen2(loc, name.c_str(), H5P_DEFAULT), H5Dclose);
  if (!ds.ok()) fail(path, fmt::format("cannot open the dataset '{}'", name));
  const Handle space(H5Dget_space(ds.get()), H5Sclose);
  const Handle type(H5Dget_type(ds.get()), H5Tclose);
  const int rank = H5Sget_simple_extent_ndims(space.get());
  const H5T_class_t cls = H5Tget_class(type.get());
  if (rank != 1 || (cls != H5T_FLOAT && cls != H5T_INTEGER)) {
    fail(path, fmt::format("the dataset '{}' is not a one-dimensional array of numbers", name));
  }
  hsize_t n = 0;
  H5Sget_simple_extent_dims(space.get(), &n, nullptr);
  std::vector<double> v(n);
  if (n > 0 && H5Dread(ds.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data()) < 0) {
    fail(path, fmt::format("cannot read the dataset '{}'", name));
  }
  return v;
}

}  // namespace

bool looks_like_hdf5(std::string_view head) { return head.starts_with("\x89HDF\r\n\x1a\n"); }

CurveTable read_hdf5_results(const std::string& path) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  if (!std::ifstream(path)) throw Error(ExitCode::kInputNotFound, path + ": no such file");
  const Handle file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose);
  if (!file.ok()) fail(path, "not an HDF5 file (or a damaged one)");
  if (H5Lexists(file.get(), "time", H5P_DEFAULT) <= 0) {
    fail(path, "no dataset /time: not an mbsolve HDF5 results file (mbsolve --format hdf5)");
  }
  CurveTable table;
  table.source = path;
  table.time = read_vector(path, file.get(), "time");
  for (size_t k = 1; k < table.time.size(); ++k) {
    if (table.time[k] < table.time[k - 1]) {
      fail(path, fmt::format("/time decreases at row {} ({} after {})", k + 1, table.time[k],
                             table.time[k - 1]));
    }
  }
  if (const std::string format = text_attribute(file.get(), "format"); !format.empty()) {
    table.comments.push_back(format);
  }
  if (H5Lexists(file.get(), "channels", H5P_DEFAULT) <= 0) return table;
  const Handle group(H5Gopen2(file.get(), "channels", H5P_DEFAULT), H5Gclose);
  H5G_info_t info{};
  H5Gget_info(group.get(), &info);
  // Creation order when the group keeps it (ours does), else name order.
  const H5_index_t order = H5Lget_name_by_idx(group.get(), ".", H5_INDEX_CRT_ORDER, H5_ITER_INC, 0,
                                              nullptr, 0, H5P_DEFAULT) >= 0
                               ? H5_INDEX_CRT_ORDER
                               : H5_INDEX_NAME;
  for (hsize_t k = 0; k < info.nlinks; ++k) {
    const ssize_t len =
        H5Lget_name_by_idx(group.get(), ".", order, H5_ITER_INC, k, nullptr, 0, H5P_DEFAULT);
    if (len < 0) fail(path, "cannot list /channels");
    std::string name(static_cast<size_t>(len) + 1, '\0');
    H5Lget_name_by_idx(group.get(), ".", order, H5_ITER_INC, k, name.data(), name.size(),
                       H5P_DEFAULT);
    name.resize(static_cast<size_t>(len));
    std::vector<double> values = read_vector(path, group.get(), name);
    if (values.size() != table.time.size()) {
      fail(path, fmt::format("/channels/{} has {} values, /time has {}", name, values.size(),
                             table.time.size()));
    }
    std::string unit;
    {
      const Handle ds(H5Dopen2(group.get(), name.c_str(), H5P_DEFAULT), H5Dclose);
      unit = text_attribute(ds.get(), "unit");
    }
    table.add_channel(name, std::move(values), unit);
  }
  return table;
}

}  // namespace mb::results
