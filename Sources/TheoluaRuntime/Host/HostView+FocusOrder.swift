/// Focus order: the focusable views in tree order (pre-order: a focusable box comes
/// before the focusables inside it), leaving out subtrees hidden by `display = "none"`.
///
/// Every search descends only into subtrees whose focusable count is not zero, so a
/// long list without focusables costs a scan of its sibling counts at most, never a
/// walk of its rows, and ordinary keys cost no search at all. A search that looks
/// inside a view not expanded expands it (see ``HostView/expand()``); one that meets a
/// placeholder (a scroll's row that waits) renders it and looks at what took its place.
extension HostView {
    /// The first focusable view of this subtree in tree order, this view included.
    var firstFocusable: HostView? {
        guard focusableCount > 0, !isHidden, !isPlaceholder else { return nil }
        if isFocusable { return self }
        expand()
        return firstFocusable(amongChildrenFrom: 0)
    }

    /// The last focusable view of this subtree in tree order, this view included.
    var lastFocusable: HostView? {
        guard focusableCount > 0, !isHidden, !isPlaceholder else { return nil }
        if focusableCount > (isFocusable ? 1 : 0) { expand() }
        if let found = lastFocusable(amongChildrenBefore: children.count) { return found }
        return isFocusable ? self : nil
    }

    /// Whether `display = "none"` hides this view and its subtree.
    var isHidden: Bool { props["display"]?.stringValue == "none" }

    /// The first focusable view after this one in tree order, inside its subtree first
    /// unless `skippingSubtree`; nil when there is none (no wrapping).
    func nextFocusable(skippingSubtree: Bool = false) -> HostView? {
        if !skippingSubtree {
            if focusableCount > (isFocusable ? 1 : 0) { expand() }
            if let found = firstFocusable(amongChildrenFrom: 0) { return found }
        }
        return firstFocusableAfterSubtree
    }

    /// The first focusable in tree order from this view's child `index` on (its subtree
    /// included), then after this view.
    func firstFocusable(fromChild index: Int) -> HostView? {
        var view = self
        var start = index
        while true {
            if let found = view.firstFocusable(amongChildrenFrom: start) { return found }
            guard let parent = view.parent else { return nil }
            start = parent.index(of: view).map { $0 + 1 } ?? parent.children.count
            view = parent
        }
    }

    /// The last focusable in tree order before this view's child `index` (this view and
    /// its ancestors count).
    func lastFocusable(beforeChild index: Int) -> HostView? {
        var view = self
        var end = index
        while true {
            if let found = view.lastFocusable(amongChildrenBefore: end) { return found }
            if view.isFocusable, !view.isHidden { return view }
            guard let parent = view.parent else { return nil }
            end = parent.index(of: view) ?? 0
            view = parent
        }
    }

    /// The first focusable after this view's subtree, in its ancestors' later children.
    private var firstFocusableAfterSubtree: HostView? {
        guard let parent else { return nil }
        return parent.firstFocusable(fromChild: parent.index(of: self).map { $0 + 1 } ?? parent.children.count)
    }

    /// The last focusable view before this one in tree order (its ancestors count, its
    /// subtree does not); nil when there is none (no wrapping).
    func previousFocusable() -> HostView? {
        guard let parent else { return nil }
        return parent.lastFocusable(beforeChild: parent.index(of: self) ?? 0)
    }

    /// The first focusable in the subtrees of the children from `start` on. A
    /// placeholder met on the way is rendered, and the search goes on over what took
    /// its place.
    private func firstFocusable(amongChildrenFrom start: Int) -> HostView? {
        var index = start
        while index < children.count {
            let child = children[index]
            if child.isPlaceholder {
                // Rendered, the component's views stand at `index` now.
                if !primitive.registry.renderPlaceholder(child) { index += 1 }
                continue
            }
            if child.focusableCount > 0, let found = child.firstFocusable { return found }
            index += 1
        }
        return nil
    }

    /// The last focusable in the subtrees of the children before `end`, rendering the
    /// placeholders met on the way.
    private func lastFocusable(amongChildrenBefore end: Int) -> HostView? {
        var index = end - 1
        while index >= 0 {
            let child = children[index]
            if child.isPlaceholder {
                let count = children.count
                // Rendered, the component's views end at `index` moved by what it added.
                index += primitive.registry.renderPlaceholder(child) ? children.count - count : -1
                continue
            }
            if child.focusableCount > 0, let found = child.lastFocusable { return found }
            index -= 1
        }
        return nil
    }
}
