#include "engine/aie/io/yaml_tree.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include <istream>
#include <limits>
#include <streambuf>
#include <unordered_map>

#include "engine/core/error.h"

namespace ts::aie::yamlio {

// ---- Node ----

bool Node::IsNull() const {
  return tree_ && tree_->item(index_).kind == Tree::Kind::Null;
}
bool Node::IsScalar() const {
  return tree_ && tree_->item(index_).kind == Tree::Kind::Scalar;
}
bool Node::IsSequence() const {
  return tree_ && tree_->item(index_).kind == Tree::Kind::Sequence;
}
bool Node::IsMap() const {
  return tree_ && tree_->item(index_).kind == Tree::Kind::Map;
}

size_t Node::size() const {
  if (!tree_) return 0;
  const Tree::Item& it = tree_->item(index_);
  if (it.kind == Tree::Kind::Sequence) return it.count;
  if (it.kind == Tree::Kind::Map) return it.count / 2;
  return 0;
}

std::string_view Node::Scalar() const {
  if (!IsScalar()) return {};
  return tree_->scalar(tree_->item(index_));
}

YAML::Mark Node::Mark() const {
  if (!tree_) return YAML::Mark::null_mark();
  YAML::Mark m;
  m.line = int(tree_->item(index_).line);
  m.column = int(tree_->item(index_).column);
  return m;
}

Node Node::operator[](std::string_view key) const {
  if (!IsMap()) return {};
  const Tree::Item& it = tree_->item(index_);
  for (uint32_t k = 0; k < it.count; k += 2) {
    const Tree::Item& keyItem = tree_->item(tree_->child(it, k));
    if (keyItem.kind == Tree::Kind::Scalar && tree_->scalar(keyItem) == key) return {tree_, tree_->child(it, k + 1)};
  }
  return {};
}

Node Node::operator[](size_t i) const {
  if (!IsSequence() || i >= size()) return {};
  return {tree_, tree_->child(tree_->item(index_), i)};
}

NodeEntry Node::Iterator::operator*() const {
  NodeEntry e;
  const Tree* tree = owner_.tree_;
  const Tree::Item& it = tree->item(owner_.index_);
  if (it.kind == Tree::Kind::Map) {
    e.first = Node(tree, tree->child(it, 2 * i_));
    e.second = Node(tree, tree->child(it, 2 * i_ + 1));
  } else {
    static_cast<Node&>(e) = Node(tree, tree->child(it, i_));
  }
  return e;
}

// ---- building from parser events ----

class TreeBuilder : public YAML::EventHandler {
 public:
  TreeBuilder(Tree& tree, const std::string& file, size_t textSize)
      : tree_(tree), file_(file), expansionLimit_(4 * uint64_t(textSize) + 100000) {
    tree_.text_.reserve(textSize);  // scalars never hold more text than the file
  }

  void OnDocumentStart(const YAML::Mark& mark) override {
    if (++documents_ > 1)
      throw core::InputError(file_, mark.line + 1, mark.column + 1,
                             "a second YAML document starts here ('---'); a file holds one document");
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { leaf(mark, anchor, Tree::Kind::Null, 0); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, const std::string& value) override {
    if (tree_.text_.size() + value.size() > std::numeric_limits<uint32_t>::max())
      fail(mark, "the document is too large");
    uint32_t offset = uint32_t(tree_.text_.size());
    tree_.text_ += value;
    leaf(mark, anchor, Tree::Kind::Scalar, offset);
    tree_.items_.back().count = uint32_t(value.size());
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto it = anchors_.find(anchor);
    if (it == anchors_.end()) fail(mark, "alias to an unknown anchor");
    if (it->second.weight == 0) fail(mark, "an alias refers to a node that contains it");
    addChild(it->second.item, it->second.weight, mark);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(mark, anchor, Tree::Kind::Sequence);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(mark, anchor, Tree::Kind::Map);
  }
  void OnMapEnd() override {
    checkDuplicateKeys(stack_.back().children);
    close();
  }

 private:
  struct Open {
    uint32_t item;
    YAML::anchor_t anchor;
    uint64_t weight = 1;  // nodes this collection stands for once aliases are expanded
    std::vector<uint32_t> children;
  };
  struct Anchored {
    uint32_t item;
    uint64_t weight;  // 0 while the anchored collection is still open
  };

  [[noreturn]] void fail(const YAML::Mark& mark, const std::string& message) const {
    throw core::InputError(file_, mark.line + 1, mark.column + 1, message);
  }

  uint32_t newItem(const YAML::Mark& mark, Tree::Kind kind, uint32_t first, YAML::anchor_t anchor, uint64_t weight) {
    if (tree_.items_.size() >= std::numeric_limits<uint32_t>::max() - 1) fail(mark, "the document has too many nodes");
    Tree::Item it;
    it.kind = kind;
    it.line = uint32_t(mark.line < 0 ? 0 : mark.line);
    it.column = uint32_t(mark.column < 0 ? 0 : mark.column);
    it.first = first;
    tree_.items_.push_back(it);
    uint32_t index = uint32_t(tree_.items_.size() - 1);
    if (anchor != YAML::NullAnchor) anchors_[anchor] = {index, weight};
    return index;
  }

  void addChild(uint32_t index, uint64_t weight, const YAML::Mark& mark) {
    if (stack_.empty()) return;  // the root
    Open& parent = stack_.back();
    parent.children.push_back(index);
    parent.weight += weight;
    if (parent.weight > expansionLimit_)
      fail(mark,
           "aliases expand the document to more than " + std::to_string(expansionLimit_) + " nodes (an alias bomb?)");
  }

  void leaf(const YAML::Mark& mark, YAML::anchor_t anchor, Tree::Kind kind, uint32_t first) {
    uint32_t index = newItem(mark, kind, first, anchor, 1);
    addChild(index, 1, mark);
  }

  void open(const YAML::Mark& mark, YAML::anchor_t anchor, Tree::Kind kind) {
    uint32_t index = newItem(mark, kind, 0, anchor, 0);
    stack_.push_back({index, anchor, 1, {}});
  }

  void close() {
    Open done = std::move(stack_.back());
    stack_.pop_back();
    Tree::Item& it = tree_.items_[done.item];
    it.first = uint32_t(tree_.children_.size());
    it.count = uint32_t(done.children.size());
    tree_.children_.insert(tree_.children_.end(), done.children.begin(), done.children.end());
    if (done.anchor != YAML::NullAnchor) anchors_[done.anchor].weight = done.weight;
    addChild(done.item, done.weight, YAML::Mark{});
  }

  void checkDuplicateKeys(const std::vector<uint32_t>& kids) const {
    auto duplicate = [&](const Tree::Item& key, const Tree::Item& first) {
      YAML::Mark m;
      m.line = int(key.line);
      m.column = int(key.column);
      fail(m, "key '" + std::string(tree_.scalar(key)) + "' appears twice in this map (first on line " +
                  std::to_string(first.line + 1) + ")");
    };
    auto isKey = [&](size_t k) { return tree_.items_[kids[k]].kind == Tree::Kind::Scalar; };
    auto text = [&](size_t k) { return tree_.scalar(tree_.items_[kids[k]]); };
    if (kids.size() <= 32) {  // small maps (nearly all): no allocation
      for (size_t k = 0; k < kids.size(); k += 2)
        for (size_t j = 0; j < k && isKey(k); j += 2)
          if (isKey(j) && text(j) == text(k)) duplicate(tree_.items_[kids[k]], tree_.items_[kids[j]]);
      return;
    }
    std::unordered_map<std::string_view, size_t> seen;
    for (size_t k = 0; k < kids.size(); k += 2) {
      if (!isKey(k)) continue;
      auto [it, fresh] = seen.emplace(text(k), k);
      if (!fresh) duplicate(tree_.items_[kids[k]], tree_.items_[kids[it->second]]);
    }
  }

  Tree& tree_;
  const std::string& file_;
  uint64_t expansionLimit_;
  int documents_ = 0;
  std::vector<Open> stack_;
  std::unordered_map<YAML::anchor_t, Anchored> anchors_;
};

namespace {
// Reads the text in place (an istringstream would copy a 50 MB file).
class TextBuffer : public std::streambuf {
 public:
  explicit TextBuffer(const std::string& text) {
    char* p = const_cast<char*>(text.data());  // only read: the get area is never written
    setg(p, p, p + text.size());
  }
};
}  // namespace

Tree::Tree(const std::string& text, const std::string& file) {
  TextBuffer buffer(text);
  std::istream stream(&buffer);
  try {
    YAML::Parser parser(stream);
    TreeBuilder builder(*this, file, text.size());
    while (parser.HandleNextDocument(builder)) {
    }
  } catch (const YAML::DeepRecursion& e) {
    throw core::InputError(file, e.mark.line + 1, e.mark.column + 1, "YAML nesting is too deep");
  } catch (const YAML::ParserException& e) {
    throw core::InputError(file, e.mark.line + 1, e.mark.column + 1, "YAML syntax error: " + e.msg);
  }
}

}  // namespace ts::aie::yamlio
