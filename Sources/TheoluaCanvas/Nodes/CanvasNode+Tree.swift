extension CanvasNode {
    /// Whether this node can hold children (boxes and scrolls can, texts cannot).
    public var isContainer: Bool { kind != .text }

    /// Inserts `child` at `index` (clamped to 0…count) and returns whether it did.
    ///
    /// A child that already has a parent is first removed from it, as in the DOM.
    /// Refused (returning false) when this node is a text, or when `child` is this node
    /// or one of its ancestors, since either would break the tree.
    @discardableResult
    public func insertChild(_ child: CanvasNode, at index: Int) -> Bool {
        guard canAdopt(child) else { return false }
        if let oldParent = child.parent { oldParent.detach(child) }
        let position = min(max(0, index), children.count)
        if position == children.count {
            children.append(child)
        } else {
            children.insert(child, at: position)
        }
        if kind == .scroll { scrollState.childInserted(at: position) }
        return adopted(child, at: position)
    }

    /// Whether `child` may become a child of this node: this node is no text, and
    /// `child` is neither this node nor one of its ancestors.
    private func canAdopt(_ child: CanvasNode) -> Bool {
        // A child without children of its own can only be an ancestor of itself.
        isContainer && child !== self && (child.children.isEmpty || !child.isAncestor(of: self))
    }

    /// Links `child`, put at `position` among the children, to this node, to be laid out
    /// and painted; returns true.
    private func adopted(_ child: CanvasNode, at position: Int) -> Bool {
        child.parent = self
        child.indexHint = position
        child.hasLayout = false
        child.needsPaint = true
        markNeedsLayout()
        return true
    }

    /// Appends `child` after the last child; see `insertChild(_:at:)`.
    @discardableResult
    public func appendChild(_ child: CanvasNode) -> Bool {
        insertChild(child, at: children.count)
    }

    /// Inserts `child` right before `sibling`, or appends it when `sibling` is nil or is
    /// not a child of this node; see `insertChild(_:at:)`.
    @discardableResult
    public func insertChild(_ child: CanvasNode, before sibling: CanvasNode?) -> Bool {
        if child === sibling { return child.parent === self }
        if child.parent === self { detach(child) }
        guard let sibling, let index = index(of: sibling) else { return appendChild(child) }
        return insertChild(child, at: index)
    }

    /// Puts `child` in the place of `old`, one of this node's children, which leaves;
    /// the children around it do not move. Returns false, changing nothing, when `old`
    /// is not a child of this node or `child` cannot be one (see `insertChild(_:at:)`).
    @discardableResult
    public func replaceChild(_ old: CanvasNode, with child: CanvasNode) -> Bool {
        guard old.parent === self, child !== old, canAdopt(child) else { return false }
        if let oldParent = child.parent { oldParent.detach(child) }
        guard let position = index(of: old) else { return false }
        children[position] = child
        old.parent = nil
        if old.hasLayout { pendingDamage.append(old.frame) }
        if kind == .scroll { scrollState.childReplaced(at: position) }
        return adopted(child, at: position)
    }

    /// Moves one of this node's children to `index` of the remaining children; returns
    /// false when `child` is not a child of this node.
    @discardableResult
    public func moveChild(_ child: CanvasNode, to index: Int) -> Bool {
        guard child.parent === self else { return false }
        detach(child)
        return insertChild(child, at: index)
    }

    /// Removes one of this node's children; returns false when it is not one.
    @discardableResult
    public func removeChild(_ child: CanvasNode) -> Bool {
        guard child.parent === self else { return false }
        detach(child)
        return true
    }

    /// Removes every child.
    public func removeAllChildren() {
        guard !children.isEmpty else { return }
        for child in children {
            if child.hasLayout { pendingDamage.append(child.frame) }
            child.parent = nil
        }
        children.removeAll()
        if kind == .scroll { scrollState.reset() }
        markNeedsLayout()
    }

    /// Removes this node from its parent, if it has one.
    public func removeFromParent() {
        parent?.detach(self)
    }

    /// The position of `child` among this node's children, or nil.
    public func index(of child: CanvasNode) -> Int? {
        guard child.parent === self else { return nil }
        let hint = child.indexHint
        if hint < children.count, children[hint] === child { return hint }
        // Search outwards from the hint: siblings usually shift by a few places.
        let count = children.count
        var distance = 1
        while hint - distance >= 0 || hint + distance < count {
            if hint + distance < count, children[hint + distance] === child {
                child.indexHint = hint + distance
                return hint + distance
            }
            if hint - distance >= 0, hint - distance < count, children[hint - distance] === child {
                child.indexHint = hint - distance
                return hint - distance
            }
            distance += 1
        }
        return nil
    }

    /// Whether this node is `node` or one of its ancestors.
    func isAncestor(of node: CanvasNode) -> Bool {
        var current: CanvasNode? = node
        while let candidate = current {
            if candidate === self { return true }
            current = candidate.parent
        }
        return false
    }

    /// Unlinks a child and remembers the area it covered so it gets repainted.
    private func detach(_ child: CanvasNode) {
        guard let position = index(of: child) else { return }
        children.remove(at: position)
        child.parent = nil
        if child.hasLayout { pendingDamage.append(child.frame) }
        if kind == .scroll { scrollState.childRemoved(at: position) }
        markNeedsLayout()
    }
}

extension CanvasNode {
    /// Whether this node is `root` or inside it, with no hidden node on the way (the
    /// root is the whole canvas, and counts as shown).
    func isShown(in root: CanvasNode) -> Bool {
        var node: CanvasNode? = self
        while let current = node {
            if current === root { return true }
            if current.item.hidden { return false }
            node = current.parent
        }
        return false
    }

    /// Whether this node comes before `other` in tree order (pre-order), both being in
    /// one tree: compares the child indices along their paths from the root.
    func precedesInTree(_ other: CanvasNode) -> Bool {
        let mine = pathFromRoot
        let theirs = other.pathFromRoot
        for (a, b) in zip(mine, theirs) where a != b { return a < b }
        return mine.count < theirs.count
    }

    /// The index of each node along the path from the root down to this node.
    private var pathFromRoot: [Int] {
        var path: [Int] = []
        var node = self
        while let parent = node.parent {
            path.append(parent.index(of: node) ?? 0)
            node = parent
        }
        return path.reversed()
    }
}
