/// Where new or moved host nodes go: before a known node (or at the end of the host
/// parent when `nil`), or before whatever host node follows an instance, found only
/// if it is needed.
enum Anchor {
    case known(HostNode?)
    case after(Instance)
}

extension Reconciler {
    func resolve(_ anchor: Anchor) -> HostNode? {
        switch anchor {
        case .known(let node): return node
        case .after(let instance): return nextHostNode(after: instance)
        }
    }

    /// The first host node after `instance`'s output within its host parent, or `nil`
    /// when its output ends the host parent's children.
    func nextHostNode(after instance: Instance) -> HostNode? {
        var current = instance
        while let parent = current.parent {
            var index = Int(current.indexInParent) + 1
            while index < parent.children.count {
                if let node = parent.children[index].firstHostNode { return node }
                index += 1
            }
            if parent.endsHostRun { return nil }
            current = parent
        }
        return nil
    }

    // MARK: Mount

    /// Creates and mounts an instance for `element`, inserting its host nodes before
    /// `anchor`. Returns `nil` when its initial state failed (the error is reported). A
    /// component may wait (see ``render(waiting:)``) unless `mayWait` is false.
    func mount(_ element: Element, slot: Slot, parent: Instance, before anchor: HostNode?, mayWait: Bool = true)
        -> Instance?
    {
        guard parent.depth < Reconciler.maximumDepth else {
            let placeholder = Instance(element: element, parent: parent, slot: slot)
            report(placeholder, .render, TreeTooDeepError(limit: Reconciler.maximumDepth))
            return nil
        }
        let textBytes = element.isHost ? element.hostProps.stringBytes : 0
        if let exceeded = limits.exceeded(instances: mountedCount + 1, textBytes: mountedTextBytes + textBytes) {
            if !limitReported {
                limitReported = true
                report(Instance(element: element, parent: parent, slot: slot), .render, exceeded)
            }
            return nil
        }
        if mayWait && waits(element, under: parent) {
            return mountWaiting(element, slot: slot, parent: parent, before: anchor)
        }
        let instance: Instance
        do {
            // A component's instance starts from its initial state: script code.
            instance =
                try element.isHost
                ? element.storage.makeInstance(parent: parent, slot: slot, element: element)
                : stageClock.measure(.script) {
                    try element.storage.makeInstance(parent: parent, slot: slot, element: element)
                }
        } catch {
            let placeholder = Instance(element: element, parent: parent, slot: slot)
            report(placeholder, .initialState, error)
            return nil
        }
        instance.hostParent = parent.hostContainer
        instance.isMounted = true
        mountedCount += 1
        mountedTextBytes += textBytes
        if let host = instance.asHost {
            hostInsert(host, into: host.hostParent, before: anchor)
            host.defersComponents = self.host.defersComponents(in: host)
            reconcileChildren(of: host, with: element.children, anchor: .known(nil))
        } else if let component = instance.asComponent {
            register(component)
            render(component, anchor: .known(anchor), isFirst: true)
            do {
                try stageClock.measure(.controllers) { try component.makeController() }
            } catch {
                report(component, .makeController, error)
            }
            if component.controller != nil { pendingLifecycle.append((component, .didMount)) }
        }
        return instance
    }

    /// Renders a component and reconciles its output. A render error keeps the previous
    /// output (none on first mount) and is reported.
    func render(_ component: ComponentInstanceBase, anchor: Anchor, isFirst: Bool) {
        let elements: [Element]
        component.renderCount += 1
        let started = measuresRenderTimes ? ContinuousClock.now : nil
        defer { if let started { component.lastRenderTime = ContinuousClock.now - started } }
        do {
            elements = try stageClock.measure(.script) { try component.render() }
        } catch {
            report(component, .render, error)
            return
        }
        reconcileChildren(of: component, with: elements, anchor: anchor)
        if !isFirst && component.controller != nil {
            pendingLifecycle.append((component, .didUpdateComponent))
            if isReloading && component.hasRunningWork {
                // Its timers (and processes, watches) would go on calling the code of
                // before the reload: start the controller again, so that its `didMount`
                // starts them with the new code.
                component.cancelOwnedWork()
                pendingLifecycle.append((component, .didMount))
            }
        }
    }

    func applyUpdates(_ component: ComponentInstanceBase) -> Bool {
        do {
            return try component.applyPendingUpdates()
        } catch {
            report(component, .updateState, error)
            return false
        }
    }

    // MARK: Update

    /// Whether `new` differs from `old` only in event handlers: the same fields, and each
    /// field that differs is named `on…` and holds a handler in both.
    static func onlyHandlersDiffer(_ old: Record, _ new: Record) -> Bool {
        guard old.count == new.count else { return false }
        for (name, value) in new {
            guard let previous = old[name] else { return false }
            guard previous != value else { continue }
            guard name.hasPrefix("on"), case .handler = value, case .handler = previous else { return false }
        }
        return true
    }

    /// Gives an existing instance the element of its next generation.
    func update(_ instance: Instance, with element: Element, anchor: Anchor) {
        if instance.element.storage === element.storage && !forceRender {
            // The very same element: only a component's own queued state can change it.
            guard let component = instance.asComponent, component.isDirty else { return }
        }
        if let host = instance.asHost {
            let old = host.props
            let props = element.hostProps
            if props != old && Self.onlyHandlersDiffer(old, props) {
                // Only event handlers changed (inline closures): nothing drawn did.
                host.element = element
                hostHandlersChanged(host, from: old)
            } else if props != old {
                let textBytes = mountedTextBytes - old.stringBytes + props.stringBytes
                if let exceeded = limits.exceeded(instances: mountedCount, textBytes: textBytes) {
                    // The node keeps its last props, and takes the new children.
                    host.element = .host(host.kind, props: old, children: element.children, key: element.key)
                    if !limitReported {
                        limitReported = true
                        report(host, .render, exceeded)
                    }
                } else {
                    mountedTextBytes = textBytes
                    host.element = element
                    hostUpdate(host, from: old)
                }
            } else {
                host.element = element
            }
            reconcileChildren(of: host, with: element.children, anchor: .known(nil))
        } else if let component = instance.asComponent {
            let provided = component.provided
            let propsChanged = component.receive(element)
            if propsChanged, let provided, let now = component.provided,
                provided.context !== now.context || provided.value != now.value
            {
                providedValueChanged(component)
            }
            let stateChanged = component.isDirty && applyUpdates(component)
            if propsChanged || stateChanged || forceRender {
                render(component, anchor: anchor, isFirst: false)
            }
        } else if let waiting = instance.asWaiting {
            // Rendered with its latest element when it is reached.
            waiting.element = element
        }
    }

    // MARK: Unmount

    /// Removes `instance` and its subtree: `willUnmount` runs parents first, then the
    /// topmost host nodes are removed.
    func unmount(_ instance: Instance) {
        var nodes: [HostNode] = []
        instance.collectTopHostNodes(into: &nodes)
        let hostParent = instance.hostParent
        detach(instance)
        for node in nodes { hostRemove(node, from: hostParent) }
    }

    private func detach(_ instance: Instance) {
        if let component = instance.asComponent {
            if let controller = component.controller {
                do {
                    try controller.willUnmount()
                } catch {
                    report(component, .willUnmount, error)
                }
            }
            component.cancelOwnedWork()
            component.dropPendingUpdates()
            unregister(component)
            contextConsumers[component.id] = nil
            instance.isMounted = false
            component.didUnmount()
            // Drop what the component held: a controller or a script's closures may
            // refer back to it, and nothing may keep an unmounted subtree alive.
            component.controller = nil
        }
        if instance.isMounted {
            mountedCount -= 1
            if let host = instance.asHost { mountedTextBytes -= host.props.stringBytes }
        }
        instance.isMounted = false
        for child in instance.children { detach(child) }
        instance.children = []
        instance.parent = nil
        instance.hostParent = nil
    }

    // MARK: Children

    /// Makes `parent`'s children match `elements`: matches each element to the previous
    /// generation's child of the same name and key (or position), updates those, mounts
    /// the new, removes the gone, and moves the fewest host nodes to restore order.
    func reconcileChildren(of parent: Instance, with elements: [Element], anchor: Anchor) {
        let old = parent.children
        let previous = parent.reconciledElements
        parent.reconciledElements = nil
        if old.isEmpty && elements.isEmpty { return }

        // Fast path: every element is the next generation of the child at its index, so
        // keys are unchanged (and were unique) and nothing moves.
        if old.count == elements.count {
            // One pass: children given their very element again need nothing unless
            // they have updates of their own (see `update`); the rest are updated once
            // every child is known to match. With no instance dirty, the elements the
            // children last took tell the very same ones apart without reading them.
            var inOrder = true
            var changed: [Int] = []
            let known = previous.flatMap { $0.count == elements.count && dirtyCount == 0 && !forceRender ? $0 : nil }
            for index in elements.indices {
                if let known {
                    if known[index].storage === elements[index].storage { continue }
                } else if old[index].element.storage === elements[index].storage {
                    if forceRender || old[index].isDirty { changed.append(index) }
                    continue
                }
                if !old[index].matches(elements[index], at: slot(of: elements[index], index)) {
                    inOrder = false
                    break
                }
                changed.append(index)
            }
            if inOrder {
                for index in changed {
                    update(old[index], with: elements[index], anchor: .after(old[index]))
                }
                parent.rememberElements(elements)
                return
            }
        }

        if let duplicate = duplicateKey(in: elements) {
            let error = DuplicateKeyError(key: duplicate, parent: parent.scopePath)
            report(parent, .reconcile, error)
            return
        }

        if old.isEmpty {
            let before = resolve(anchor)
            var mounted: [Instance] = []
            mounted.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if let child = mount(element, slot: slot(of: element, index), parent: parent, before: before) {
                    mounted.append(child)
                }
            }
            parent.setChildren(mounted)
            if mounted.count == elements.count { parent.rememberElements(elements) }
            return
        }

        reconcileGeneral(parent, old: old, elements: elements, anchor: anchor)
        if parent.children.count == elements.count { parent.rememberElements(elements) }
    }

    private func reconcileGeneral(_ parent: Instance, old: [Instance], elements: [Element], anchor: Anchor) {
        // Match by identity.
        var oldIndexBySlot: [Slot: Int] = [:]
        oldIndexBySlot.reserveCapacity(old.count)
        for (index, child) in old.enumerated() { oldIndexBySlot[child.slot] = index }
        var sources = [Int](repeating: -1, count: elements.count)
        var matched = [Bool](repeating: false, count: old.count)
        for (index, element) in elements.enumerated() {
            let slot = slot(of: element, index)
            if let oldIndex = oldIndexBySlot[slot], !matched[oldIndex], old[oldIndex].matches(element, at: slot) {
                sources[index] = oldIndex
                matched[oldIndex] = true
            }
        }

        // Remove the gone, then update the kept in their current order.
        var kept: [Instance] = []
        kept.reserveCapacity(old.count)
        for (index, child) in old.enumerated() {
            if matched[index] { kept.append(child) } else { unmount(child) }
        }
        parent.setChildren(kept)
        var newIndexOfOld = [Int](repeating: -1, count: old.count)
        for (newIndex, oldIndex) in sources.enumerated() where oldIndex >= 0 { newIndexOfOld[oldIndex] = newIndex }
        for (oldIndex, child) in old.enumerated() where matched[oldIndex] {
            update(child, with: elements[newIndexOfOld[oldIndex]], anchor: .after(child))
        }

        // Place everything in the new order, back to front: children on the longest
        // increasing run of old positions stay; the rest move; the new are mounted.
        let stays = longestIncreasingSubsequenceMask(sources)
        var placed = [Instance?](repeating: nil, count: elements.count)
        var next: Anchor = anchor
        for index in stride(from: elements.count - 1, through: 0, by: -1) {
            let child: Instance?
            if sources[index] >= 0 {
                let existing = old[sources[index]]
                if !stays[index] {
                    var nodes: [HostNode] = []
                    existing.collectTopHostNodes(into: &nodes)
                    let before = resolve(next)
                    for node in nodes { hostMove(node, in: existing.hostParent, before: before) }
                }
                child = existing
            } else {
                let element = elements[index]
                child = mount(element, slot: slot(of: element, index), parent: parent, before: resolve(next))
            }
            placed[index] = child
            if let node = child?.firstHostNode { next = .known(node) }
        }
        parent.setChildren(placed.compactMap { $0 })
    }

    @inline(__always)
    private func slot(of element: Element, _ index: Int) -> Slot {
        if let key = element.slotKey { return .key(key) }
        return .position(index)
    }

    private func duplicateKey(in elements: [Element]) -> Key? {
        Element.firstDuplicateKey(in: elements)
    }
}

extension Element {
    /// The first key that two of `siblings` share, if any: keys must be unique among
    /// siblings. Hosts that build children can check early, where the line is known.
    public static func firstDuplicateKey(in siblings: [Element]) -> Key? {
        // Keys written as `key = i` in a loop rise, and rising keys are all different:
        // the usual list is checked without hashing.
        var last = Int.min
        var rising = true
        for element in siblings {
            switch element.slotKey {
            case nil: continue
            case .int(let value)? where value > last: last = value
            default: rising = false
            }
            if !rising { break }
        }
        if rising { return nil }
        var seen: Set<Key> = []
        for element in siblings {
            guard let key = element.slotKey else { continue }
            if seen.isEmpty { seen.reserveCapacity(siblings.count) }
            if !seen.insert(key).inserted { return key }
        }
        return nil
    }
}

/// Marks the entries of one longest strictly increasing subsequence of the non-negative
/// values of `sequence` (negative entries are never part of it). O(n log n).
func longestIncreasingSubsequenceMask(_ sequence: [Int]) -> [Bool] {
    var tails: [Int] = []  // indices into sequence: tails[k] ends the best run of length k+1
    var previous = [Int](repeating: -1, count: sequence.count)
    for (index, value) in sequence.enumerated() where value >= 0 {
        var low = 0
        var high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if sequence[tails[middle]] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[index] = tails[low - 1] }
        if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var mask = [Bool](repeating: false, count: sequence.count)
    var index = tails.last ?? -1
    while index >= 0 {
        mask[index] = true
        index = previous[index]
    }
    return mask
}
