#pragma once
// The parts of the `tilestudio` module, each in its own file (module.cpp assembles them).
#include <pybind11/pybind11.h>

namespace ts::py {

void bindAie(pybind11::module_& m);
void bindWse(pybind11::module_& m);

}  // namespace ts::py
