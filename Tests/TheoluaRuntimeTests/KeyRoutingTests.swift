import Testing
import TheoluaCanvas
import TheoluaCore

/// Buttons pressing, onKey bubbling and stopping, and keys with nothing focused.
@Suite struct KeyRoutingTests {
    @Test func enterAndSpacePressTheFocusedButton() {
        let log = CallLog()
        let harness = HostHarness(
            .box(children: [
                .button("a", onPress: log.handler("press a")),
                .button("b", onPress: log.handler("press b")),
            ]))
        #expect(harness.press("enter", "tab", "space", "x") == [true, true, true, false])
        #expect(log.take() == ["press a", "press b"])
    }

    @Test func onKeyBubblesFromTheFocusedNodeThroughItsAncestors() {
        let log = CallLog()
        let harness = HostHarness(
            .box(
                ["onKey": .handler(log.handler("outer"))],
                children: [
                    .box(
                        ["onKey": .handler(log.handler("inner"))],
                        children: [.button("b", onPress: nil, ["onKey": .handler(log.handler("button"))])]),
                    .box(["onKey": .handler(log.handler("sibling"))], children: []),
                ]))
        #expect(harness.press("j", "ctrl+x") == [false, false])
        #expect(
            log.take() == ["button j", "inner j", "outer j", "button ctrl+x", "inner ctrl+x", "outer ctrl+x"])
    }

    @Test func aHandlerReturningTrueStopsTheKey() {
        let log = CallLog()
        let harness = HostHarness(
            .box(
                ["onKey": .handler(log.handler("outer"))],
                children: [
                    .box(
                        ["onKey": .handler(log.handler("inner", returning: true))],
                        children: [
                            .button("a", onPress: nil, key: "a"), .button("b", onPress: nil, key: "b"),
                        ])
                ]))
        #expect(harness.press("q", "tab") == [true, true])
        #expect(log.take() == ["inner q", "inner tab"])
        #expect(harness.focusedKey == "a")
    }

    @Test func theKeyEventRecordCarriesNameTextAndModifiers() {
        let captured = CapturedValues()
        let handler = Handler(function: CapturingFunction(store: captured))
        let harness = HostHarness(.box(["focusable": true, "onKey": .handler(handler)], children: []))
        harness.press("j", "ctrl+x", "shift+up")
        #expect(
            captured.values == [
                ["name": "j", "text": "j", "ctrl": false, "alt": false, "shift": false],
                ["name": "ctrl+x", "text": nil, "ctrl": true, "alt": false, "shift": false],
                ["name": "shift+up", "text": nil, "ctrl": false, "alt": false, "shift": true],
            ])
    }

    @Test func withNothingFocusedTopLevelHandlersGetKeysAndPastes() {
        let log = CallLog()
        let harness = HostHarness(
            .box(
                ["onKey": .handler(log.handler("root")), "onPaste": .handler(log.handler("root paste"))],
                children: [
                    .box(["onKey": .handler(log.handler("child"))], children: [.text("no focusables")])
                ]))
        harness.press("q")
        #expect(harness.paste("clip"))
        #expect(log.take() == ["root q", "root paste \"clip\""])
    }

    @Test func aPasteGoesToTheNearestOnPasteAndNeverToOnKey() {
        let log = CallLog()
        let harness = HostHarness(
            .box(
                ["onKey": .handler(log.handler("keys", returning: true)), "onPaste": .handler(log.handler("outer"))],
                children: [
                    .box(
                        ["onPaste": .handler(log.handler("inner", returning: false))],
                        children: [.button("b", onPress: nil)])
                ]))
        // The inner handler returns false: the paste goes on to the outer one.
        #expect(harness.paste("hello"))
        #expect(log.take() == ["inner \"hello\"", "outer \"hello\""])
    }

    @Test func aPasteNobodyTakesIsNotHandled() {
        let log = CallLog()
        let harness = HostHarness(
            .box(["onKey": .handler(log.handler("keys", returning: true))], children: [.button("b", onPress: nil)]))
        #expect(!harness.paste("hello"))
        #expect(log.take() == [])
    }

    @Test func handlersRunThroughTheReconcilersDispatch() {
        let harness = HostHarness(Counter().element())
        expectScreen(harness, ["[ + ] 0", "", "", "", ""])
        harness.press("enter", "space")
        expectScreen(harness, ["[ + ] 2", "", "", "", ""])
    }
}

/// A counter whose button is pressed through an action handler.
private struct Counter: Component {
    struct State: Equatable, Sendable { var count = 0 }
    static func initialState(_ props: Counter) -> State { State() }

    func render(_ context: ComponentContext<Counter>) -> [Element] {
        [
            .row(
                ["gap": 1],
                children: [
                    .button("+", onPress: context.handler("increment")), .text("\(context.state.count)"),
                ])
        ]
    }

    func perform(_ action: String, _ arguments: [Value], _ context: ComponentContext<Counter>) -> Bool {
        context.mutateState { $0.count += 1 }
        return true
    }
}

/// Values a handler was called with.
final class CapturedValues: @unchecked Sendable {
    // @unchecked: tests drive the host from one thread.
    var values: [Value] = []
}

/// A handler function storing its first argument.
final class CapturingFunction: HandlerFunction {
    let store: CapturedValues
    init(store: CapturedValues) { self.store = store }
    var handlerDescription: String { "capture" }
    func call(_ arguments: [Value]) throws -> Value {
        store.values.append(arguments.first ?? .null)
        return .null
    }
}
