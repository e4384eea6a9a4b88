#pragma once
// Reads an HDF5 results file written by mbsolve --format hdf5 (results/hdf5_result_writer.hpp)
// into a CurveTable: time from /time, one channel per dataset of /channels in creation order,
// with its unit attribute. Anything else (no /time, a channel whose length differs from the
// time's, not an HDF5 file) is Error(kDeckError) naming the file and the dataset.

#include <string>
#include <string_view>

#include "results/curve_table.hpp"

namespace mb::results {

/// True when the bytes start with the HDF5 signature.
bool looks_like_hdf5(std::string_view head);

CurveTable read_hdf5_results(const std::string& path);

}  // namespace mb::results
