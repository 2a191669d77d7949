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
/// - a press of the left button focuses the innermost focusable under the pointer, and
///   an input or textarea under it places its cursor there (a double press selects a
///   word, a triple press a line, shift extends the selection) and takes the drag;
/// - a left press anywhere else begins a selection of the text on screen: dragging
///   chooses cells as a terminal does (alt held: a rectangle), drawn inverted; the
///   release copies the text to the clipboard, and the selection stays drawn until the
///   next press, key or resize;
/// - a press and a release of a button over the same primitive make a click: the
///   `onClick` handlers of what is under both hear it, from the innermost out, until one
///   returns `true`, and then (for the left button) the innermost primitive that acts
///   on clicks does: a button presses, a list selects the item clicked (and activates
///   it when it was selected already);
/// - a wheel step scrolls the innermost scroll, or moves the innermost list's selection.
///
/// While a button is held, drags and the release go to what the press was on (its
/// `onMouse` handlers), wherever the pointer is, so a drag can leave the box it began
/// in. Handlers receive `{ x, y, button, kind, clicks, ctrl, alt, shift }` with `x` and
/// `y` in the handler's box's own cells (from 0 at its top-left corner, border
/// included) and `clicks` the presses in a row on one cell (2 for a double click).
extension CanvasHost {
    /// Presses on one cell closer together than this count as one double or triple click.
    static let multiClickInterval: Duration = .milliseconds(500)

    /// Routes one mouse event; returns whether something used it.
    @discardableResult
    package func handleMouse(_ event: MouseEvent) -> Bool {
        defer { deliverFocusChanges() }
        switch event.kind {
        case .press:
            clearSelection()
            // A press closes the help overlay, and reaches nothing under it.
            if helpShown {
                helpShown = false
                if helpViews.contains(where: { $0.isAttached(to: rootView) }) { return true }
            }
            let clicks = countPress(event)
            let path = views(atX: event.x, y: event.y)
            pressed = (path, event.button)
            pointerOwner = nil
            if deliver(event, to: path, \.mouseHandler) { return true }
            guard event.button == .left else { return false }
            if let target = path.last(where: \.isFocusable) { setFocus(target) }
            let pointer = PointerEvent(.press, x: event.x, y: event.y, clicks: clicks, shift: event.shift)
            if let owner = path.last(where: { point(pointer, at: $0) }) {
                pointerOwner = owner
            } else {
                selectionStart = (event.x, event.y, event.alt)
            }
            return true
        case .drag:
            let path = pressed.map { attached($0.views) } ?? views(atX: event.x, y: event.y)
            if deliver(event, to: path, \.mouseHandler) { return true }
            if let owner = pointerOwner {
                return point(PointerEvent(.drag, x: event.x, y: event.y, shift: event.shift), at: owner)
            }
            guard let start = selectionStart else { return false }
            selection = ScreenSelection(
                anchor: (start.x, start.y), head: (event.x, event.y), block: start.block || event.alt)
            return true
        case .release:
            let owner = pointerOwner
            pointerOwner = nil
            if let owner {
                _ = point(PointerEvent(.release, x: event.x, y: event.y, shift: event.shift), at: owner)
            }
            if selectionStart != nil {
                selectionStart = nil
                // The text as drawn now (a headless app is painted only when asked).
                if let selection, !selection.isEmpty { onCopy(canvas.paint().text(of: selection)) }
            }
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
            if !common.isEmpty { used = self.click(click, on: common, skipping: owner) || used }
            return used
        case .move:
            return deliver(event, to: views(atX: event.x, y: event.y), \.mouseHandler)
        case .wheel:
            let path = views(atX: event.x, y: event.y)
            if deliver(event, to: path, \.mouseHandler) { return true }
            // shift turns the wheel sideways, as in browsers.
            var direction = event.button
            if event.shift { direction = direction == .up ? .wheelLeft : direction == .down ? .wheelRight : direction }
            for view in path.reversed()
            where view.widget?.handleWheel(direction, props: view.props, dispatch: dispatch) == true {
                return true
            }
            return false
        }
    }

    /// Ends the selection on screen; the next frame is drawn without it.
    package func clearSelection() {
        selection = nil
        selectionStart = nil
    }

    /// Counts `press` among the presses before it: 1, or 2 or 3 for a press of the same
    /// button on the same cell soon after the last (a fourth starts again at 1).
    private func countPress(_ press: MouseEvent) -> Int {
        let time = now()
        var count = 1
        if let last = lastPress, last.x == press.x, last.y == press.y, last.button == press.button,
            time - last.time <= Self.multiClickInterval
        {
            count = last.count % 3 + 1
        }
        lastPress = (press.x, press.y, press.button, time, count)
        return count
    }

    /// The presses in a row the last press was.
    private var pressCount: Int { lastPress?.count ?? 1 }

    /// Gives `pointer` (at a cell of the screen) to `view`'s primitive, in its own cells;
    /// returns whether it used it.
    private func point(_ pointer: PointerEvent, at view: HostView) -> Bool {
        guard view.isAttached(to: rootView), let widget = view.widget else { return false }
        let frame = widget.node.absoluteFrame
        var local = pointer
        local.x -= frame.x
        local.y -= frame.y
        return widget.handlePointer(local, props: view.props, dispatch: dispatch)
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
    private func click(_ event: MouseEvent, on path: [HostView], skipping owner: HostView?) -> Bool {
        if deliver(event, as: "click", to: path, \.clickHandler) { return true }
        guard event.button == .left else { return false }
        for (position, view) in path.enumerated().reversed() {
            // What took the drag acted at the press already.
            if view === owner { return true }
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
            let clicks = event.kind == .move || event.kind == .wheel ? 0 : pressCount
            let record = Self.record(
                of: event, kind: kind ?? event.kind.rawValue, x: event.x - frame.x, y: event.y - frame.y,
                clicks: clicks)
            if case .handled(.bool(true)) = dispatch(handler, [.record(record)]) { return true }
        }
        return false
    }

    /// The mouse event as handlers receive it; `clicks` is 0 for moves and the wheel.
    package static func record(of event: MouseEvent, kind: String, x: Int, y: Int, clicks: Int) -> Record {
        [
            "x": .int(x), "y": .int(y), "button": .string(event.button.rawValue), "kind": .string(kind),
            "clicks": .int(clicks),
            "ctrl": .bool(event.ctrl), "alt": .bool(event.alt), "shift": .bool(event.shift),
        ]
    }
}
