#include "engine/aie/routing.h"

namespace ts::aie {

const char* toString(Interconnect type) {
  switch (type) {
    case Interconnect::SharedMemory:
      return "shared";
    case Interconnect::Circuit:
      return "circuit";
    case Interconnect::Packet:
      return "packet";
    case Interconnect::IntraTile:
      return "intra-tile";
  }
  return "?";
}

const char* npflowName(Interconnect type) {
  switch (type) {
    case Interconnect::SharedMemory:
      return "neighbor_sharing";
    case Interconnect::Circuit:
      return "circuit_switch";
    case Interconnect::Packet:
      return "packet_switch";
    case Interconnect::IntraTile:
      return "intra_tile";
  }
  return "?";
}

}  // namespace ts::aie
