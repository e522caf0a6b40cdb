// Ops that send one source port to several destinations: `aie.broadcast_packet(%t, DMA : 0)
// { aie.bp_id(N) { aie.bp_dest<%d, DMA : 0> ... } ... }`, one packet flow per bp_id, and
// `aie.multicast(%t, DMA : 0) { aie.multi_dest<%d, DMA : 0> ... }`, one circuit-switched net
// (the aiex. spellings too). Their bodies may sit on their own lines or on one line.
#include <string>

#include "engine/aie/io/mlir_module_importer.h"

namespace ts::aie::mlir {

void ModuleImporter::startFanOut(Cursor& c, const Statement& st, bool multicast) {
  fanOut_ = {};
  fanOut_.multicast = multicast;
  fanOut_.at = opAt_;
  c.expect('(', "after " + c.op());
  fanOut_.source = flowEnd(c, "source");
  auto tile = tiles_.find(fanOut_.source.tile);
  if (tile == tiles_.end()) c.fail(fanOut_.source.at, "unknown tile value " + fanOut_.source.tile);
  checkPortTile(c, fanOut_.source, tile->second, true);
  c.expect(')', "after the source channel");
  fanOutBody(st, c.index());
}

void ModuleImporter::finishFanOutPacket() {
  // A bp_id's packet flow is complete at the next bp_id or at the end of the op.
  if (!fanOut_.packetOpen) return;
  fanOut_.packetOpen = false;
  if (packet_.dests.empty())
    throw core::InputError(file_, packet_.at.line, packet_.at.column,
                           "aie.bp_id(" + std::to_string(packet_.id) + "): no aie.bp_dest");
  closePacketFlow();
  ++fanOut_.packets;
}

void ModuleImporter::fanOutBody(const Statement& st, size_t from) {
  for (size_t k = from; k < st.tokens.size(); ++k) {
    const Token& t = st.tokens[k];
    if (t.kind != TokenKind::Identifier) continue;
    const std::string op = normalizeOp(t.text);
    const std::string name = op.substr(op.find('.') + 1);
    if (name != "bp_id" && name != "bp_dest" && name != "multi_dest") continue;
    Cursor c(st, k + 1, op, file_);
    if ((name == "multi_dest") != fanOut_.multicast)
      c.fail(t, std::string("does not belong in ") + (fanOut_.multicast ? "aie.multicast" : "aie.broadcast_packet") +
                    " (bp_id and bp_dest go in aie.broadcast_packet, multi_dest in aie.multicast)");
    if (name == "bp_id") {
      finishFanOutPacket();
      packet_ = {};
      packet_.at = t;
      c.expect('(', "after aie.bp_id");
      packet_.id = c.integer("packet id", 0, kMaxPacketId);
      c.expect(')', "after the packet id");
      packet_.sources = {fanOut_.source};
      fanOut_.packetOpen = true;
    } else {
      c.expect('<', "after " + op);
      FlowEnd e = flowEnd(c, "destination");
      auto tile = tiles_.find(e.tile);
      if (tile == tiles_.end()) c.fail(e.at, "unknown tile value " + e.tile);
      checkPortTile(c, e, tile->second, false);
      c.expect('>', "after the channel");
      if (name == "multi_dest") {
        addFlowEdge(fanOut_.source, e);
        ++fanOut_.destinations;
      } else {
        if (!fanOut_.packetOpen) c.fail(t, "a bp_dest outside an aie.bp_id (which gives its packet id)");
        packet_.dests.push_back(e);
      }
    }
    k = c.index() - 1;
  }
}

void ModuleImporter::closeFanOut() {
  finishFanOutPacket();
  if (fanOut_.multicast ? fanOut_.destinations == 0 : fanOut_.packets == 0)
    throw core::InputError(file_, fanOut_.at.line, fanOut_.at.column,
                           fanOut_.multicast ? "aie.multicast: no aie.multi_dest"
                                             : "aie.broadcast_packet: no aie.bp_id with an aie.bp_dest");
}

}  // namespace ts::aie::mlir
