#include "engine/aie/flow/algorithms.h"

#include "engine/aie/flow/manual_placer.h"

namespace ts::aie {

namespace {

std::vector<PlacerInfo> makePlacers() {
  std::vector<PlacerInfo> out;
  out.push_back({"manual", "Keep the given (hand-made) placement and only check it",
                 [] { return std::vector<core::ParamSpec>{}; },
                 [](const Design& d, const Device& dev, const Placement& start,
                    const core::ParamValues& values, core::RunContext&) {
                   core::ParamBinder().apply(values);  // rejects any setting: there are none
                   return runManualPlacement(d, dev, start);
                 }});
  return out;
}

std::vector<RouterInfo> makeRouters() { return {}; }

template <typename T>
const T* findByName(const std::vector<T>& list, const std::string& name) {
  for (const auto& item : list)
    if (item.name == name) return &item;
  return nullptr;
}

template <typename T>
std::string joinNames(const std::vector<T>& list) {
  std::string out;
  for (const auto& item : list) out += (out.empty() ? "" : ", ") + item.name;
  return out;
}

}  // namespace

const std::vector<PlacerInfo>& placerRegistry() {
  static const std::vector<PlacerInfo> placers = makePlacers();
  return placers;
}

const std::vector<RouterInfo>& routerRegistry() {
  static const std::vector<RouterInfo> routers = makeRouters();
  return routers;
}

const PlacerInfo* findPlacer(const std::string& name) { return findByName(placerRegistry(), name); }
const RouterInfo* findRouter(const std::string& name) { return findByName(routerRegistry(), name); }
std::string placerNames() { return joinNames(placerRegistry()); }
std::string routerNames() { return joinNames(routerRegistry()); }

}  // namespace ts::aie
