import TheoluaCanvas
import TheoluaCore
import TheoluaTerminal

/// Mouse routing.
///
/// An event goes to the primitives drawn under the pointer, found against the last
/// layout: the innermost first. Their `onMouse` handlers hear every event, from the
/// innermost box out, until one returns `true`; that also keeps the primitive's own
/// behaviour from running, as `preventDefault` does in a browser. Otherwise:
///
/// - a press of the left button focuses the innermost focusable under the pointer;
/// - a press and a release of a button over the same primitive make a click: the
///   `onClick` handlers of what is under both hear it, from the innermost out, until one
///   returns `true`, and then (for the left button) the innermost primitive that acts
///   on clicks does: a button presses, an input moves its cursor there, a list selects
///   the item clicked (and activates it when it was selected already);
/// - a wheel step scrolls the innermost scroll, or moves the innermost list's selection.
///
/// While a button is held, drags and the release go to what the press was on (its
/// `onMouse` handlers), wherever the pointer is, so a drag can leave the box it began
/// in. Handlers receive `{ x, y, button, kind, ctrl, alt, shift }` with `x` and `y` in
/// the handler's box's own cells (from 0 at its top-left corner, border included).
extension CanvasHost {
    /// Routes one mouse event; returns whether something used it.
    @discardableResult
    package func handleMouse(_ event: MouseEvent) -> Bool {
        defer { deliverFocusChanges() }
        switch event.kind {
        case .press:
            let path = views(atX: event.x, y: event.y)
            pressed = (path, event.button)
            if deliver(event, to: path, \.mouseHandler) { return true }
            guard event.button == .left, let target = path.last(where: \.isFocusable) else { return false }
            setFocus(target)
            return true
        case .drag:
            let path = pressed.map { attached($0.views) } ?? views(atX: event.x, y: event.y)
            return deliver(event, to: path, \.mouseHandler)
        case .release:
            guard let press = pressed, press.button == event.button || event.button == .none else {
                pressed = nil
                return deliver(event, to: views(atX: event.x, y: event.y), \.mouseHandler)
            }
            pressed = nil
            let captured = attached(press.views)
            var used = deliver(event, to: captured, \.mouseHandler)
            // A click is a press and a release over the same primitive: it goes to what
            // is under both.
            let under = views(atX: event.x, y: event.y)
            let common = Array(zip(captured, under).prefix { $0 === $1 }.map(\.0))
            // The click is of the button pressed (a terminal may not say which was released).
            var click = event
            click.button = press.button
            if !common.isEmpty { used = self.click(click, on: common) || used }
            return used
        case .move:
            return deliver(event, to: views(atX: event.x, y: event.y), \.mouseHandler)
        case .wheel:
            let path = views(atX: event.x, y: event.y)
            if deliver(event, to: path, \.mouseHandler) { return true }
            for view in path.reversed()
            where view.widget?.handleWheel(event.button, props: view.props, dispatch: dispatch) == true {
                return true
            }
            return false
        }
    }

    /// The views drawn at the cell (`x`, `y`), outermost first, the root's left out:
    /// each one's child under the pointer, as the last layout placed and the last paint
    /// drew them (inside borders, in a scroll's window).
    func views(atX x: Int, y: Int) -> [HostView] {
        // Layers are on top, the last drawn first; an open modal layer hides what is
        // below it from the mouse.
        let layers = canvas.layerNodes
        for layerNode in layers.reversed() {
            guard let layer = layerViews.last(where: { $0.node === layerNode && $0.isAttached(to: rootView) })
            else { continue }
            let frame = layerNode.absoluteFrame
            if frame.contains(x: x, y: y) {
                var path = layer.ancestors
                path.append(layer)
                return path + descend(from: layer, to: (x - frame.x, y - frame.y))
            }
            if layer === trap?.modal { return [] }
        }
        guard let rootNode = rootView.widget?.node, rootNode.frame.contains(x: x, y: y) else { return [] }
        return descend(from: rootView, to: (x - rootNode.frame.x, y - rootNode.frame.y))
    }

    /// The views under `point` (in `start`'s node's coordinates) below `start`, outermost
    /// first, as the last layout placed them; layers inside are left to ``views(atX:y:)``.
    private func descend(from start: HostView, to point: (x: Int, y: Int)) -> [HostView] {
        var path: [HostView] = []
        var view = start
        var point = point
        while let container = view.widget?.container, container === view.widget?.node,
            let index = container.childIndex(atX: point.x, y: point.y)
        {
            let childNode = container.children[index]
            guard let child = view.child(drawnAs: childNode, at: index), child.isRealized else { break }
            path.append(child)
            point = (point.x - childNode.frame.x, point.y - childNode.frame.y)
            view = child
        }
        return path
    }

    /// The views of `path` still in the tree: a handler may have removed some since the
    /// press.
    private func attached(_ path: [HostView]) -> [HostView] {
        var kept: [HostView] = []
        var parent = rootView
        for view in path {
            guard view.parent === parent else { break }
            kept.append(view)
            parent = view
        }
        return kept
    }

    /// The click of `event`'s button on `path` (the views under both its press and its
    /// release): `onClick` handlers, then for the left button the innermost primitive
    /// that acts on clicks.
    private func click(_ event: MouseEvent, on path: [HostView]) -> Bool {
        if deliver(event, as: "click", to: path, \.clickHandler) { return true }
        guard event.button == .left else { return false }
        for (position, view) in path.enumerated().reversed() {
            guard view.isAttached(to: rootView), let widget = view.widget else { continue }
            let frame = widget.node.absoluteFrame
            let child = position + 1 < path.count ? view.index(of: path[position + 1]) : nil
            if widget.handleClick(
                atX: event.x - frame.x, y: event.y - frame.y, child: child, props: view.props, dispatch: dispatch)
            {
                return true
            }
        }
        return false
    }

    /// Calls the handlers at `handler` of `path`'s views, innermost first, with the
    /// event in each one's cells, until one returns `true`. The handlers and their
    /// boxes are collected first: a handler may change the tree.
    private func deliver(
        _ event: MouseEvent, as kind: String? = nil, to path: [HostView], _ handler: KeyPath<HostView, Handler?>
    ) -> Bool {
        let targets = path.reversed().compactMap { view -> (Handler, Rect)? in
            guard let handler = view[keyPath: handler], let node = view.widget?.node else { return nil }
            return (handler, node.absoluteFrame)
        }
        for (handler, frame) in targets {
            let record = Self.record(
                of: event, kind: kind ?? event.kind.rawValue, x: event.x - frame.x, y: event.y - frame.y)
            if case .handled(.bool(true)) = dispatch(handler, [.record(record)]) { return true }
        }
        return false
    }

    /// The mouse event as handlers receive it.
    package static func record(of event: MouseEvent, kind: String, x: Int, y: Int) -> Record {
        [
            "x": .int(x), "y": .int(y), "button": .string(event.button.rawValue), "kind": .string(kind),
            "ctrl": .bool(event.ctrl), "alt": .bool(event.alt), "shift": .bool(event.shift),
        ]
    }
}
