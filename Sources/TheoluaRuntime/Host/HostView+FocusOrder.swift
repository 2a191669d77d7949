/// Focus order: the focusable views in tree order (pre-order: a focusable box comes
/// before the focusables inside it), leaving out subtrees hidden by `display = "none"`.
///
/// Every search descends only into subtrees whose focusable count is not zero, so a
/// long list without focusables costs a scan of its sibling counts at most, never a
/// walk of its rows, and ordinary keys cost no search at all. A search that looks
/// inside a view not expanded expands it (see ``HostView/expand()``).
extension HostView {
    /// The first focusable view of this subtree in tree order, this view included.
    var firstFocusable: HostView? {
        guard focusableCount > 0, !isHidden else { return nil }
        if isFocusable { return self }
        expand()
        for child in children where child.focusableCount > 0 {
            if let found = child.firstFocusable { return found }
        }
        return nil
    }

    /// The last focusable view of this subtree in tree order, this view included.
    var lastFocusable: HostView? {
        guard focusableCount > 0, !isHidden else { return nil }
        if focusableCount > (isFocusable ? 1 : 0) { expand() }
        for child in children.reversed() where child.focusableCount > 0 {
            if let found = child.lastFocusable { return found }
        }
        return isFocusable ? self : nil
    }

    /// Whether `display = "none"` hides this view and its subtree.
    var isHidden: Bool { props["display"]?.stringValue == "none" }

    /// The first focusable view after this one in tree order, inside its subtree first
    /// unless `skippingSubtree`; nil when there is none (no wrapping).
    func nextFocusable(skippingSubtree: Bool = false) -> HostView? {
        if !skippingSubtree {
            if focusableCount > (isFocusable ? 1 : 0) { expand() }
            for child in children where child.focusableCount > 0 {
                if let found = child.firstFocusable { return found }
            }
        }
        var node = self
        while let parent = node.parent {
            if let position = parent.index(of: node) {
                for sibling in parent.children[(position + 1)...] where sibling.focusableCount > 0 {
                    if let found = sibling.firstFocusable { return found }
                }
            }
            node = parent
        }
        return nil
    }

    /// The last focusable view before this one in tree order (its ancestors count, its
    /// subtree does not); nil when there is none (no wrapping).
    func previousFocusable() -> HostView? {
        var node = self
        while let parent = node.parent {
            if let position = parent.index(of: node) {
                for sibling in parent.children[..<position].reversed() where sibling.focusableCount > 0 {
                    if let found = sibling.lastFocusable { return found }
                }
            }
            if parent.isFocusable, !parent.isHidden { return parent }
            node = parent
        }
        return nil
    }
}
