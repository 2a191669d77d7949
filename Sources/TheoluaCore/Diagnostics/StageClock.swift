/// Where the time of the pipeline goes, stage by stage: what the benchmark reports so
/// that a regression shows its stage.
///
/// Each moment counts toward the innermost stage running then, so the stages add up to
/// the time spent inside any of them: a component's render counts as `script`, except
/// the element constructors it calls, which count as `elements`. The reconciler, the
/// Lua bridge and the canvas host report to the clock their runtime gives them; without
/// one (the default) they measure nothing.
package final class StageClock {
    /// A stage of the pipeline.
    package enum Stage: Int, CaseIterable, Sendable {
        /// Script code: render functions, actions, initial state, timers (and Swift
        /// components' render).
        case script
        /// Element constructors: props validated and converted into elements.
        case elements
        /// The reconciler's own work: matching children, mounting, memoizing.
        case reconcile
        /// Controllers: making them and their lifecycle methods.
        case controllers
        /// The host mirror: host nodes into views, widgets and canvas nodes.
        case host
        /// The canvas layout.
        case layout
        /// Painting into the cell buffer.
        case paint
        /// Turning the buffer into terminal bytes or text.
        case output

        /// The stage's name in reports.
        package var name: String {
            switch self {
            case .script: "script"
            case .elements: "elements"
            case .reconcile: "reconcile"
            case .controllers: "controllers"
            case .host: "host"
            case .layout: "layout"
            case .paint: "paint"
            case .output: "output"
            }
        }
    }

    /// The time counted toward each stage so far, indexed by `Stage.rawValue`.
    package private(set) var totals = [Duration](repeating: .zero, count: Stage.allCases.count)
    private var running: [Stage] = []
    private var since = ContinuousClock.now

    package init() {}

    /// Starts `stage` inside whatever stage is running.
    package func enter(_ stage: Stage) {
        let now = ContinuousClock.now
        if let current = running.last { totals[current.rawValue] += now - since }
        running.append(stage)
        since = now
    }

    /// Ends the innermost stage; the one around it resumes.
    package func leave() {
        let now = ContinuousClock.now
        if let current = running.popLast() { totals[current.rawValue] += now - since }
        since = now
    }

    /// Runs `body` as `stage`.
    @inline(__always)
    package func measure<T, E: Error>(_ stage: Stage, _ body: () throws(E) -> T) throws(E) -> T {
        enter(stage)
        defer { leave() }
        return try body()
    }

    /// The time counted toward `stage`.
    package subscript(stage: Stage) -> Duration { totals[stage.rawValue] }

    /// Forgets the times counted so far.
    package func reset() {
        totals = [Duration](repeating: .zero, count: Stage.allCases.count)
    }
}

extension Optional where Wrapped == StageClock {
    /// Runs `body` as `stage` on the clock, if there is one.
    @inline(__always)
    package func measure<T, E: Error>(_ stage: StageClock.Stage, _ body: () throws(E) -> T) throws(E) -> T {
        guard let clock = self else { return try body() }
        return try clock.measure(stage, body)
    }
}
