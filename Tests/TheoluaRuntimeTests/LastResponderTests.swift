import Testing
import TheoluaRuntime

/// Actions no component handles reach the runtime above the root: `quit` quits, and the
/// host's `onAction` sees the rest.
@Suite struct LastResponderTests {
    /// A component whose `q` key sends `quit` up the responder chain.
    struct Stopper: Component {
        func render(_ context: ComponentContext<Stopper>) -> [Element] {
            [.box(["onKey": .handler(context.handler("key"))], children: [.text("press q")])]
        }

        func perform(_ action: String, _ arguments: [Value], _ context: ComponentContext<Stopper>) -> Bool {
            guard action == "key", arguments.first?["name"]?.stringValue == "q" else { return false }
            return context.send("quit") == .handled(true)
        }
    }

    @Test func aSwiftComponentQuitsBySendingQuit() throws {
        let runtime = try Runtime(width: 20, height: 2)
        runtime.mount(Stopper().element())
        try runtime.send(keys: "x")
        #expect(!runtime.quitRequested)
        _ = runtime.takeWarnings()  // the declined key
        try runtime.send(keys: "q")
        #expect(runtime.quitRequested)
        #expect(runtime.takeWarnings().isEmpty)
    }

    /// Handles every key, consuming only `q`.
    struct KeyWatcher: Component {
        func render(_ context: ComponentContext<KeyWatcher>) -> [Element] {
            [.box(["onKey": .handler(context.handler("key"))], children: [.button("ok", onPress: nil)])]
        }

        func performReturningValue(_ action: String, _ arguments: [Value], _ context: ComponentContext<KeyWatcher>)
            -> Value?
        {
            guard action == "key" else { return nil }
            return .bool(arguments.first?["name"]?.stringValue == "q")
        }
    }

    @Test func anActionCanBeHandledWithoutConsumingTheKey() throws {
        let runtime = try Runtime(width: 20, height: 2)
        runtime.mount(KeyWatcher().element())
        try runtime.send(keys: "x tab q")
        #expect(runtime.takeWarnings().isEmpty, "a handled action is no unhandled-action warning")
        #expect(!runtime.quitRequested)
    }

    @Test func quitIsTheHostsToo() throws {
        let runtime = try Runtime(width: 20, height: 2)
        runtime.quit()
        #expect(runtime.quitRequested)
    }

    @Test func theHostHandlesWhatReachesTheTop() throws {
        let runtime = try Runtime(width: 20, height: 2)
        var seen: [String] = []
        runtime.onAction = { action, arguments in
            seen.append("\(action)(\(arguments.map(\.description).joined(separator: ", ")))")
            return action == "save" ? .bool(true) : nil
        }
        try runtime.load(
            source: """
                local ui = require("theolua")
                local App = ui.component("App", {
                  render = function(self) return ui.box { onKey = self:handler("forward"), "app" } end,
                })
                local Root = ui.component("Root", {
                  render = function(self) return App {} end,
                  actions = {
                    forward = function(self, key)
                      return self:send(key.name == "s" and "save" or key.name == "q" and "quit" or "other", 7)
                    end,
                  },
                })
                return Root {}
                """)
        try runtime.mount()
        try runtime.send(keys: "s x")
        #expect(seen == ["save(7)", "other(7)"])
        #expect(runtime.takeWarnings().count == 1, "the action nobody handled is still a warning")
        #expect(!runtime.quitRequested)
        try runtime.send(keys: "q")
        #expect(runtime.quitRequested)
        #expect(seen.count == 2, "quit is the runtime's own")
        #expect(runtime.takeErrors().isEmpty)
    }
}
