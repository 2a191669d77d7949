import Testing
import TheoluaCore
import TheoluaWidgets

/// A component whose controller logs its lifecycle and handles `tick` by updating state.
struct Clock: Component {
    var label: String
    var log: LogRef
    static func initialState(_ props: Clock) -> Int { 0 }

    func render(_ context: ComponentContext<Clock>) -> [Element] {
        log.log.add("render \(label)")
        log.log.ids[label] = context.id
        return [.text("\(label) \(context.state)")]
    }

    static func makeController(_ context: ComponentContext<Clock>) -> (any ComponentController)? {
        ClockController(context)
    }
}

final class ClockController: ComponentController {
    let component: ComponentContext<Clock>

    init(_ component: ComponentContext<Clock>) {
        self.component = component
        component.props.log.log.add("make controller \(component.props.label)")
    }

    func didMount() {
        component.props.log.log.add("didMount \(component.props.label) state \(component.state)")
    }

    func didUpdateComponent() {
        component.props.log.log.add("didUpdate \(component.props.label) state \(component.state)")
    }

    func willUnmount() {
        component.props.log.log.add("willUnmount \(component.props.label)")
    }

    func perform(action: String, arguments: [Value]) -> Bool {
        switch action {
        case "tick":
            component.updateState { $0 + 1 }
            return true
        case "startTimer":
            component.every(.seconds(1)) { [component] in component.updateState { $0 + 1 } }
            return true
        default:
            return false
        }
    }
}

struct Pair: Component {
    var showSecond: Bool
    var log: LogRef
    func render(_ context: ComponentContext<Pair>) -> [Element] {
        [
            .box(
                children: [
                    Clock(label: "outer", log: log).element(),
                    showSecond ? Clock(label: "inner", log: log).element() : nil,
                ].compactMap { $0 })
        ]
    }
}

@Suite struct ControllerTests {
    @Test func didMountRunsAfterTheFirstGenerationIsMountedChildrenFirst() {
        let f = Fixture()
        f.reconciler.update(root: Pair(showSecond: true, log: f.logRef).element())
        #expect(
            f.log.take() == [
                "insert box into root",
                "render outer",
                "insert text(\"outer 0\") into box",
                "make controller outer",
                "render inner",
                "insert text(\"inner 0\") into box",
                "make controller inner",
                "commit",
                "didMount outer state 0",
                "didMount inner state 0",
            ])
    }

    @Test func controllerIsKeptAcrossGenerationsAndToldOfEachUpdate() {
        let f = Fixture()
        f.render(Clock(label: "c", log: f.logRef).element())
        guard let id = f.rowIDs["c"] else { return }
        for _ in 0..<3 {
            #expect(f.reconciler.dispatch(action: "tick", to: id) == .handled(true))
            f.settle()
        }
        #expect(f.log.lines.isEmpty)
        f.reconciler.dispatch(action: "tick", to: id)
        f.loop.runUntilIdle()
        #expect(f.log.take() == ["render c", "update text(\"c 4\")", "commit", "didUpdate c state 4"])
        #expect(!f.log.lines.contains("make controller c"))
    }

    @Test func didUpdateComponentDoesNotRunWhenTheComponentIsReused() {
        let f = Fixture()
        f.render(Pair(showSecond: false, log: f.logRef).element())
        let lines = f.render(Pair(showSecond: true, log: f.logRef).element())
        #expect(!lines.contains { $0.hasPrefix("didUpdate outer") })
        #expect(lines.contains("didMount inner state 0"))
    }

    @Test func willUnmountRunsBeforeTheHostNodesAreRemoved() {
        let f = Fixture()
        f.render(Pair(showSecond: true, log: f.logRef).element())
        #expect(
            f.render(Pair(showSecond: false, log: f.logRef).element()) == [
                "willUnmount inner",
                "remove text(\"inner 0\") from box",
            ])
    }

    @Test func timersOwnedByAComponentStopWhenItUnmounts() {
        let f = Fixture()
        f.render(Pair(showSecond: true, log: f.logRef).element())
        guard let id = f.rowIDs["inner"] else { return }
        f.reconciler.dispatch(action: "startTimer", to: id)
        f.loop.advance(by: .milliseconds(2500))
        #expect(f.take().filter { $0.hasPrefix("update") } == ["update text(\"inner 1\")", "update text(\"inner 2\")"])
        f.render(Pair(showSecond: false, log: f.logRef).element())
        f.loop.advance(by: .seconds(10))
        #expect(f.take().isEmpty)
        #expect(f.loop.nextDeadline == nil)
    }
}

@Suite struct ActionTests {
    @Test func dispatchWalksComponentThenControllerThenAncestors() {
        let f = Fixture()
        let chain = ResponderChain(log: f.logRef)
        f.render(chain.element())
        guard let leaf = f.rowIDs["leaf"] else { return }
        for action in ["leafAction", "leafControllerAction", "rootAction", "rootControllerAction"] {
            // Swift actions that handle an action report true (consuming a key, say).
            #expect(f.reconciler.dispatch(Handler(component: leaf, named: "Link", action: action)) == .handled(true))
        }
        #expect(
            f.log.take() == [
                "leaf handles leafAction",
                "leaf controller handles leafControllerAction",
                "root handles rootAction",
                "root controller handles rootControllerAction",
            ])
    }

    @Test func anActionNobodyHandlesIsAWarning() {
        let f = Fixture()
        f.render(ResponderChain(log: f.logRef).element())
        guard let leaf = f.rowIDs["leaf"] else { return }
        #expect(f.reconciler.dispatch(action: "nobody", to: leaf) == .unhandled)
        #expect(f.warnings.count == 1)
        #expect(f.warnings.first?.contains("Unhandled action 'nobody'") == true)
    }

    @Test func theLastResponderSeesWhatNoComponentHandles() {
        let f = Fixture()
        var reached: [String] = []
        f.reconciler.lastResponder = { action, arguments in
            reached.append("\(action) \(arguments)")
            return action == "appLevel" ? "done" : nil
        }
        f.render(ResponderChain(log: f.logRef).element())
        guard let leaf = f.rowIDs["leaf"] else { return }
        #expect(f.reconciler.dispatch(action: "appLevel", to: leaf, arguments: [1]) == .handled("done"))
        #expect(f.reconciler.dispatch(action: "rootAction", to: leaf) == .handled(true))
        #expect(f.reconciler.dispatch(action: "nobody", to: leaf) == .unhandled)
        #expect(reached == ["appLevel [1]", "nobody []"])
        #expect(f.warnings.count == 1)
    }

    @Test func sendStartsAtTheParent() {
        let f = Fixture()
        f.render(ResponderChain(log: f.logRef).element())
        guard let leaf = f.rowIDs["leaf"] else { return }
        #expect(f.reconciler.dispatch(action: "forward", to: leaf) == .handled(true))
        #expect(f.log.take() == ["root handles leafAction"])
    }

    @Test func handlersReachTheLatestGeneration() {
        let f = Fixture()
        f.render(ResponderChain(log: f.logRef, tag: "first").element())
        guard let leaf = f.rowIDs["leaf"] else { return }
        let handler = Handler(component: leaf, named: "Link", action: "rootAction")
        f.render(ResponderChain(log: f.logRef, tag: "second").element())
        f.reconciler.dispatch(handler)
        #expect(f.log.take() == ["root handles rootAction (second)"])
    }

    @Test func aThrowingActionIsReportedWithItsComponent() {
        let f = Fixture()
        f.render(ResponderChain(log: f.logRef).element())
        guard let leaf = f.rowIDs["leaf"] else { return }
        #expect(f.reconciler.dispatch(action: "explode", to: leaf) == .failed)
        #expect(f.errors.first?.component == "Link")
        #expect(f.errors.first?.phase == .action("explode"))
        #expect(f.errors.first?.path == "ResponderChain › Link#root › Link#leaf")
    }

    @Test func functionHandlersReceiveTheirArguments() {
        let f = Fixture()
        let received = Log()
        let handler = Handler.function { [received] arguments in received.add("\(arguments)") }
        #expect(f.reconciler.dispatch(handler, arguments: [1, "x"]) == .handled(.null))
        #expect(received.lines == ["[1, \"x\"]"])
    }
}

/// Two nested links, each with a controller, to exercise the responder chain.
struct ResponderChain: Component {
    var log: LogRef
    var tag = ""
    func render(_ context: ComponentContext<ResponderChain>) -> [Element] {
        [Link(name: "root", log: log, tag: tag, child: true).element(key: "root")]
    }
}

struct Link: Component {
    var name: String
    var log: LogRef
    var tag: String
    var child: Bool

    func render(_ context: ComponentContext<Link>) -> [Element] {
        log.log.ids[name] = context.id
        return child ? [Link(name: "leaf", log: log, tag: tag, child: false).element(key: "leaf")] : [.text(name)]
    }

    func perform(_ action: String, _ arguments: [Value], _ context: ComponentContext<Link>) throws -> Bool {
        let suffix = tag.isEmpty ? "" : " (\(tag))"
        switch (name, action) {
        case ("leaf", "leafAction"), ("root", "rootAction"), ("root", "leafAction"):
            log.log.add("\(name) handles \(action)\(suffix)")
            return true
        case ("leaf", "forward"):
            context.send("leafAction")
            return true
        case (_, "explode"):
            throw TestError(message: "boom")
        default:
            return false
        }
    }

    static func makeController(_ context: ComponentContext<Link>) -> (any ComponentController)? {
        LinkController(context)
    }
}

final class LinkController: ComponentController {
    let component: ComponentContext<Link>
    init(_ component: ComponentContext<Link>) { self.component = component }

    func perform(action: String, arguments: [Value]) -> Bool {
        let name = component.props.name
        guard action == "\(name)ControllerAction" else { return false }
        component.props.log.log.add("\(name) controller handles \(action)")
        return true
    }
}
