import TheoluaCanvas
import TheoluaCore

/// A turn: something comes in, and everything it leads to follows, each step once and in
/// this order. Every way into a runtime is a turn: a key, a paste, the mouse, a resize,
/// timers, what processes wrote, a load or a reload; so is reading the screen, and each
/// frame of ``TerminalApp``. ``Runtime/turn(through:readingLayout:input:output:)`` is the
/// one place that takes the steps.
extension Runtime {
    /// The steps of a turn, in the order a turn takes them.
    enum Step: Int, Comparable, Sendable {
        /// What came in is routed: a key to the focused element, then `onKey` handlers
        /// and focus movement; a click to what is drawn under it; timers fire; a script
        /// loads. Handlers run and queue state updates.
        case input
        /// The queued state updates are applied, parents first: the components whose
        /// props or state changed render, the host mirrors the differences (settling
        /// `autoFocus` and the focus of removed nodes at the commit), and controllers'
        /// lifecycle methods run. On a manual clock, until no work is queued.
        case updates
        /// Focus requests from code (`self:focus`) are carried out and their `onFocus`
        /// and `onBlur` handlers called; then the updates queued since are applied
        /// (theirs, and on a real clock, where the updates step is one pass, what
        /// controllers' lifecycle methods queued after it).
        case focus
        /// What changed is laid out, and inputs and textareas fit their text to their
        /// sizes. A turn that paints ends a frame, so it first settles the edits no
        /// parent answered (see `InputEditor`).
        case layout
        /// The damaged areas of the screen are repainted.
        case paint
        /// The frame goes out: to the terminal, as the changed cells' bytes.
        case output

        static func < (lhs: Step, rhs: Step) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Takes one turn: `input`, then each step after it through `last`, in order, each
    /// once; returns the screen as of the last paint.
    ///
    /// Inputs take turns through ``Step/layout``, so that the next input meets the
    /// screen as it is (a scroll's page is the one shown, the pointer finds what is
    /// drawn); reading the screen takes one through ``Step/paint``, and a terminal frame
    /// one through ``Step/output``. A step with nothing to do costs a look: a frame after
    /// a key finds the updates applied, focus settled and the layout done, and paints.
    ///
    /// - Parameters:
    ///   - last: The last step to take.
    ///   - readingLayout: Whether the input reads the layout (the mouse finds what is
    ///     drawn; a textarea moves by rows on screen): what is pending is laid out first
    ///     (nothing, when the last turn ended with its layout, as every turn does).
    ///   - input: Routes what came in; returns whether anything did (when nothing did,
    ///     the turn ends there).
    ///   - output: The output step: the frame, to show.
    ///
    /// A turn asked for while another takes its steps (a reload among a frame's due
    /// work, a key sent from `onAction`, a host reading the screen in `onEmit`) routes its
    /// input and leaves the steps after it to the turn in progress, which takes them
    /// next or is taking them: no update is applied in the middle of an action, and the
    /// updates of one turn stay one batch. Reading the screen so lays out and paints
    /// what is there.
    @discardableResult
    func turn(
        through last: Step, readingLayout: Bool = false, input: () -> Bool = { true },
        output: (CellBuffer) -> Void = { _ in }
    ) -> CellBuffer {
        turnDepth += 1
        defer { turnDepth -= 1 }
        // 1. Input, on the screen as it is.
        if readingLayout { layOut() }
        guard input(), last >= .updates else { return host.buffer }
        if turnDepth > 1 {
            // Inside another turn, which takes the steps that follow: only a screen read
            // is laid out and painted here.
            guard last >= .paint else { return host.buffer }
        } else {
            // 2. Updates: what the input queued renders.
            let settled = settleUpdates()
            guard last >= .focus else { return host.buffer }
            // 3. Focus: requests from code, then the updates queued since (unless the
            // updates gave up at their bound, which they would only reach again).
            host.settlePendingFocus()
            if settled { settleUpdates() }
        }
        guard last >= .layout else { return host.buffer }
        // 4. Layout; a frame ends here, so the edits no parent answered are refused first.
        if last >= .paint { host.settleEdits() }
        layOut()
        guard last >= .paint else { return host.buffer }
        // 5. Paint.
        var frame = stageClock.measure(.paint) { host.paint() }
        if !toasts.shown.isEmpty { frame = drawingToasts(over: frame) }
        guard last >= .output else { return frame }
        // 6. Output. What the canvas painted since the last output is all that changed
        // in a frame that is its picture alone.
        let painted = host.canvas.takePaintedAreas()
        changedAreas = host.paintedPlain && toasts.shown.isEmpty ? painted : nil
        output(frame)
        return frame
    }

    /// The layout step: what changed, laid out and fitted.
    private func layOut() {
        stageClock.measure(.layout) { host.layOut() }
    }

    /// The updates step: applies the queued state updates in one pass. On a manual
    /// clock it runs every turn of work queued (a host function's reply, say) until none
    /// is left, within ``settleTimeLimit``; past it, an error names the components still
    /// updating, and it returns false.
    @discardableResult
    private func settleUpdates() -> Bool {
        guard let manual = runLoop as? ManualRunLoop else {
            reconciler.flush()
            return true
        }
        guard manual.hasPendingTurns else { return true }
        let start = ContinuousClock.now
        let limit = settleTimeLimit
        if !manual.runUntilIdle(stoppingWhen: { ContinuousClock.now - start > limit }) {
            let pending = reconciler.pendingComponentNames
            let names = pending.joined(separator: ", ")
            let location = pending.lazy.compactMap { self.bridge.lastUpdateLocation(ofComponentNamed: $0) }.first
            let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
            let bound = ContinuousClock.now - start > limit ? "\(seconds) s" : "\(manual.turnLimit) turns"
            report(
                (location.map { "\($0): " } ?? "")
                    + "\(names.isEmpty ? "app" : names): updates did not settle after \(bound):"
                    + " a component updates its state on every render")
            return false
        }
        return true
    }
}
