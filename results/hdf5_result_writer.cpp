#include "results/hdf5_result_writer.hpp"

#include <fmt/format.h>
#include <hdf5.h>
#include <unistd.h>

#include <filesystem>
#include <type_traits>

#include "common/error.hpp"

namespace mb {

static_assert(std::is_same_v<hid_t, std::int64_t>, "hid_t is a 64-bit integer since HDF5 1.10");

namespace {

constexpr size_t kBlockRows = 1024;

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw Error(ExitCode::kUsage,
              fmt::format("{}: cannot write the HDF5 results file ({})", path, what));
}

/// A variable-length UTF-8 string type (h5py reads it as str).
hid_t text_type() {
  const hid_t t = H5Tcopy(H5T_C_S1);
  H5Tset_size(t, H5T_VARIABLE);
  H5Tset_cset(t, H5T_CSET_UTF8);
  return t;
}

void write_text_attribute(hid_t loc, const char* name, const std::string& value) {
  const hid_t type = text_type();
  const hid_t space = H5Screate(H5S_SCALAR);
  const hid_t attr = H5Acreate2(loc, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
  const char* p = value.c_str();
  H5Awrite(attr, type, &p);
  H5Aclose(attr);
  H5Sclose(space);
  H5Tclose(type);
}

void write_attribute(hid_t loc, const std::string& name, const Hdf5Value& v) {
  if (const auto* s = std::get_if<std::string>(&v)) {
    write_text_attribute(loc, name.c_str(), *s);
    return;
  }
  const bool real = std::holds_alternative<double>(v);
  const hid_t space = H5Screate(H5S_SCALAR);
  const hid_t attr = H5Acreate2(loc, name.c_str(), real ? H5T_IEEE_F64LE : H5T_STD_I64LE, space,
                                H5P_DEFAULT, H5P_DEFAULT);
  if (real) {
    H5Awrite(attr, H5T_NATIVE_DOUBLE, &std::get<double>(v));
  } else {
    H5Awrite(attr, H5T_NATIVE_INT64, &std::get<std::int64_t>(v));
  }
  H5Aclose(attr);
  H5Sclose(space);
}

/// A group whose links keep their creation order (h5py lists them in it).
hid_t ordered_group(hid_t loc, const char* name) {
  const hid_t gcpl = H5Pcreate(H5P_GROUP_CREATE);
  H5Pset_link_creation_order(gcpl, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED);
  const hid_t g = H5Gcreate2(loc, name, H5P_DEFAULT, gcpl, H5P_DEFAULT);
  H5Pclose(gcpl);
  return g;
}

}  // namespace

Hdf5ResultWriter::Hdf5ResultWriter(const std::string& path, std::vector<Hdf5Column> columns)
    : path_(path),
      tmp_(fmt::format("{}.tmp{}", path, ::getpid())),
      columns_(std::move(columns)),
      block_(columns_.size() * kBlockRows) {
  MB_ASSERT(!columns_.empty());
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);  // errors become exceptions with the path
  const hid_t fcpl = H5Pcreate(H5P_FILE_CREATE);
  H5Pset_link_creation_order(fcpl, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED);
  file_ = H5Fcreate(tmp_.c_str(), H5F_ACC_TRUNC, fcpl, H5P_DEFAULT);
  H5Pclose(fcpl);
  if (file_ < 0) fail(path_, "the folder is missing or not writable");
  write_text_attribute(file_, "format", "mbsolve results 1");
  {
    const hid_t type = text_type();
    const hsize_t n = columns_.size();
    const hid_t space = H5Screate_simple(1, &n, nullptr);
    const hid_t attr = H5Acreate2(file_, "columns", type, space, H5P_DEFAULT, H5P_DEFAULT);
    std::vector<const char*> names;
    for (const auto& c : columns_) names.push_back(c.name.c_str());
    H5Awrite(attr, type, names.data());
    H5Aclose(attr);
    H5Sclose(space);
    H5Tclose(type);
  }
  const hid_t channels = ordered_group(file_, "channels");
  const hsize_t zero = 0, unlimited = H5S_UNLIMITED, chunk = kBlockRows;
  const hid_t space = H5Screate_simple(1, &zero, &unlimited);
  const hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
  H5Pset_chunk(dcpl, 1, &chunk);
  for (size_t c = 0; c < columns_.size(); ++c) {
    const hid_t loc = c == 0 ? file_ : channels;
    const std::string name = c == 0 ? std::string("time") : columns_[c].name;
    const hid_t ds =
        H5Dcreate2(loc, name.c_str(), H5T_IEEE_F64LE, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
    if (ds < 0) fail(path_, fmt::format("dataset '{}'", name));
    write_text_attribute(ds, "unit", columns_[c].unit);
    write_text_attribute(ds, "description", columns_[c].description);
    datasets_.push_back(ds);
  }
  H5Pclose(dcpl);
  H5Sclose(space);
  H5Gclose(channels);
}

Hdf5ResultWriter::~Hdf5ResultWriter() {
  if (finished_) return;
  close();
  std::error_code ec;
  std::filesystem::remove(tmp_, ec);
}

void Hdf5ResultWriter::write_row(std::span<const double> values) {
  MB_ASSERT(values.size() == columns_.size());
  for (size_t c = 0; c < values.size(); ++c) block_[c * kBlockRows + buffered_] = values[c];
  if (++buffered_ == kBlockRows) flush();
}

void Hdf5ResultWriter::flush() {
  if (buffered_ == 0) return;
  const hsize_t start = rows_, count = buffered_, size = rows_ + buffered_;
  const hid_t memspace = H5Screate_simple(1, &count, nullptr);
  for (size_t c = 0; c < datasets_.size(); ++c) {
    const hid_t ds = datasets_[c];
    herr_t rc = H5Dset_extent(ds, &size);
    const hid_t filespace = H5Dget_space(ds);
    if (rc >= 0)
      rc = H5Sselect_hyperslab(filespace, H5S_SELECT_SET, &start, nullptr, &count, nullptr);
    if (rc >= 0) {
      rc = H5Dwrite(ds, H5T_NATIVE_DOUBLE, memspace, filespace, H5P_DEFAULT,
                    &block_[c * kBlockRows]);
    }
    H5Sclose(filespace);
    if (rc < 0) {
      H5Sclose(memspace);
      fail(path_, fmt::format("appending to '{}' failed (disk full?)", columns_[c].name));
    }
  }
  H5Sclose(memspace);
  rows_ += buffered_;
  buffered_ = 0;
}

void Hdf5ResultWriter::set_group(const std::string& group, Hdf5Attributes attributes) {
  groups_.emplace_back(group, std::move(attributes));
}

void Hdf5ResultWriter::close() {
  for (const hid_t ds : datasets_) H5Dclose(ds);
  datasets_.clear();
  if (file_ >= 0) H5Fclose(file_);
  file_ = -1;
}

void Hdf5ResultWriter::finish() {
  flush();
  for (const auto& [name, attributes] : groups_) {
    const hid_t g = H5Gcreate2(file_, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    if (g < 0) fail(path_, fmt::format("group '{}'", name));
    for (const auto& [key, value] : attributes) write_attribute(g, key, value);
    H5Gclose(g);
  }
  close();
  std::error_code ec;
  std::filesystem::rename(tmp_, path_, ec);
  if (ec) fail(path_, ec.message());
  finished_ = true;
}

}  // namespace mb
