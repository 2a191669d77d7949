import Testing
import TheoluaCore
import TheoluaWidgets

/// A parent with a counter and two children; the first child shows the parent's count.
struct Family: Component {
    var log: LogRef
    struct State: Equatable, Sendable { var count = 0 }
    static func initialState(_ props: Family) -> State { State() }

    func render(_ context: ComponentContext<Family>) -> [Element] {
        log.log.add("render Family")
        log.log.ids["Family"] = context.id
        return [
            .box(children: [
                Row(label: "shown\(context.state.count)", log: log).element(key: "first"),
                Row(label: "other", log: log).element(key: "second"),
            ])
        ]
    }

    func perform(_ action: String, _ arguments: [Value], _ context: ComponentContext<Family>) -> Bool {
        guard action == "bump" else { return false }
        context.mutateState { $0.count += 1 }
        return true
    }
}

@Suite struct StateTests {
    @Test func updateStateIsAppliedOnNextTurnOnly() {
        let f = Fixture()
        f.render(List(labels: ["a"], log: f.logRef).element())
        f.reconciler.dispatchToRow("a", in: f, bump: 1)
        #expect(f.take() == [])
        #expect(f.reconciler.hasPendingUpdates)
        #expect(f.settle() == ["render List › Row#a", "update text(\"a 1\")"])
    }

    @Test func updatesOfOneTurnApplyInOrderAndRenderOnce() {
        let f = Fixture()
        f.render(List(labels: ["a"], log: f.logRef).element())
        for amount in [1, 10, 100] { f.reconciler.dispatchToRow("a", in: f, bump: amount) }
        #expect(f.settle() == ["render List › Row#a", "update text(\"a 111\")"])
    }

    @Test func valueAndFunctionUpdatesInterleaveInOrder() {
        let f = Fixture()
        f.render(Recorder(log: f.logRef).element())
        guard let id = f.rowIDs["Recorder"] else {
            Issue.record("Recorder did not render")
            return
        }
        f.reconciler.dispatch(action: "mix", to: id)
        #expect(f.settle() == ["update text(\"[1, 2, 20]\")"])
    }

    @Test func aStateUpdateRerendersOnlyThatComponent() {
        let f = Fixture()
        f.render(List(labels: ["a", "b", "c"], log: f.logRef).element())
        f.reconciler.dispatchToRow("b", in: f, bump: 1)
        #expect(f.settle() == ["render List › Row#b", "update text(\"b 1\")"])
    }

    @Test func parentsRenderBeforeChildrenAndEachRendersOnce() {
        let f = Fixture()
        f.render(Family(log: f.logRef).element())
        // Queue the child first, then the parent: the parent still renders first, and the
        // child renders once with both its new props and its new state.
        f.reconciler.dispatchToRow("shown0", in: f, bump: 1)
        if let family = f.rowIDs["Family"] { f.reconciler.dispatch(action: "bump", to: family) }
        let lines = f.settle()
        #expect(
            lines == [
                "render Family",
                "render Family › Row#first",
                "update text(\"shown1 1\")",
            ])
    }

    @Test func anUpdateToAnEqualStateDoesNotRerender() {
        let f = Fixture()
        f.render(List(labels: ["a"], log: f.logRef).element())
        f.reconciler.dispatchToRow("a", in: f, bump: 0)
        #expect(f.settle() == [])
    }

    @Test func anUpdateAfterUnmountIsIgnoredWithAWarning() {
        let f = Fixture()
        f.render(Recorder(log: f.logRef).element())
        guard let id = f.rowIDs["Recorder"] else { return }
        f.render(nil)
        #expect(f.reconciler.dispatch(action: "mix", to: id) == .targetGone)
        #expect(f.warnings.count == 1)
        #expect(f.settle() == [])
    }

    @Test func aThrowingUpdaterIsReportedAndLeavesStateAsItWas() {
        let f = Fixture()
        f.render(Recorder(log: f.logRef).element())
        guard let id = f.rowIDs["Recorder"] else { return }
        f.reconciler.dispatch(action: "fail", to: id)
        #expect(f.settle() == [])
        #expect(f.errors.count == 1)
        #expect(f.errors.first?.phase == .updateState)
        #expect(f.errors.first?.component == "Recorder")
    }
}

struct TestError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Applies a mix of value and function updates to an array state.
struct Recorder: Component {
    var log: LogRef
    static func initialState(_ props: Recorder) -> [Int] { [] }

    func render(_ context: ComponentContext<Recorder>) -> [Element] {
        log.log.ids["Recorder"] = context.id
        return [.text("\(context.state)")]
    }

    func perform(_ action: String, _ arguments: [Value], _ context: ComponentContext<Recorder>) -> Bool {
        switch action {
        case "mix":
            context.updateState { $0 + [1] }
            context.updateState([1, 2])
            context.updateState { $0 + [$0.count * 10] }
            return true
        case "fail":
            context.updateState { _ in throw TestError(message: "updater failed") }
            return true
        default:
            return false
        }
    }
}
