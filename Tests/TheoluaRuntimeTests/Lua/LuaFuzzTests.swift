import Testing
import TheoluaCore
import TheoluaLua
import TheoluaRuntime

/// Random Lua values (nested tables, cycles, odd keys, huge and invalid strings,
/// functions, coroutines, deep nesting) thrown at every place a script hands values to
/// the host: props with and without schemas, state, `ui.emit`, handler arguments.
/// Nothing may crash; every error must name the file, the line and the component; and
/// the Lua state must not grow.
@Suite(.serialized) struct LuaFuzzTests {
    static let components = ["Loose", "Typed", "Holder", "Setter", "Emitter", "Binder", "Caller", "Plain"]

    static let schemas = [
        "'any'", "'any?'", "'table?'", "'string?'", "{ 'array', of = 'any' }", "{ 'map', of = 'any' }",
        "'elements'", "'element?'", "'function?'", "{ 'oneOf', 'table', 'number', 'string' }",
        "{ 'record', fields = { f0 = 'any?', f1 = 'any?' } }",
        "{ 'array', of = { 'array', of = 'integer' } }",
    ]

    /// An app putting the value made by `make()` everywhere a value crosses to Swift.
    /// With `controllers`, the follow-up work runs in controllers' `init`; without, in a
    /// timer each component starts on its first render (for leak hunting without them).
    static func app(seed: UInt64, controllers: Bool = true) -> String {
        var outer = LuaValueGenerator(seed: seed, hasSelf: false)
        var inner = LuaValueGenerator(seed: seed &+ 7919, hasSelf: true)
        var pickSchema = SeededGenerator(seed: seed)
        let schema = schemas[Int.random(in: 0..<schemas.count, using: &pickSchema)]
        func afterMount(_ body: String) -> (render: String, spec: String) {
            if controllers { return ("", "controller = { init = function(ctl) \(body) end },") }
            return (
                "if not started[self] then started[self] = true; ui.after(0, function() local ctl = self; \(body) end) end",
                ""
            )
        }
        let setter = afterMount(
            "ctl:updateState({ v = make() }); ctl:updateState(function(old) return { v = make(), old = old } end)"
        )
        let emitter = afterMount("ui.emit('fuzz', make())")
        let caller = afterMount(
            "if handlers.plain then handlers.plain(make(), make()) end; if handlers.bound then handlers.bound(make()) end; ctl:send('nobody', make())"
        )
        return """
            local ui = require("theolua")
            local started = setmetatable({}, { __mode = "k" })
            local function make()
                \(outer.functionBody())
            end
            local function makeWithSelf(self)
                \(inner.functionBody())
            end
            local function walk(v, depth)
              if depth > 6 then return "…" end
              local t = type(v)
              if t == "userdata" and getmetatable(v) == "locked" then
                local parts = { "#" .. #v }
                for k, x in pairs(v) do parts[#parts + 1] = tostring(k) .. "=" .. walk(x, depth + 1) end
                for i, x in ipairs(v) do parts[#parts + 1] = walk(x, depth + 1) end
                return "{" .. table.concat(parts, ",") .. "}"
              end
              return t
            end
            local Loose = ui.component("Loose", function(props) return ui.text(walk(props.value, 0)) end)
            local Typed = ui.component("Typed", {
              props = { value = \(schema) },
              render = function(self) return ui.text(walk(self.props.value, 0)) end,
            })
            local Plain = ui.component("Plain", function(props)
              return ui.button { "plain", onPress = type(props.value) == "function" and props.value or nil }
            end)
            local Holder = ui.component("Holder", {
              render = function(self)
                local v = make()
                return ui.column { Loose { value = v }, Typed { value = v }, Plain { value = v } }
              end,
            })
            local Setter = ui.component("Setter", {
              initialState = function() return { v = "initial" } end,
              render = function(self)
                \(setter.render)
                return ui.text(walk(self.state, 0))
              end,
              \(setter.spec)
            })
            local Emitter = ui.component("Emitter", {
              render = function(self)
                \(emitter.render)
                return "emitter"
              end,
              \(emitter.spec)
            })
            local handlers = {}
            local Binder = ui.component("Binder", {
              render = function(self)
                handlers.bound = self:handler("echo", makeWithSelf(self))
                handlers.plain = self:handler("echo")
                return ui.button { "bound", onPress = handlers.bound }
              end,
              actions = { echo = function(self, ...) return select("#", ...) end },
            })
            local callerUpdated = false
            local Caller = ui.component("Caller", {
              render = function(self)
                if not callerUpdated then
                  callerUpdated = true
                  local v = makeWithSelf(self)
                  -- A function would be taken as an updater; wrap it to pass it as a value.
                  if type(v) == "function" then v = { v } end
                  self:updateState(v)
                end
                \(caller.render)
                return "caller"
              end,
              \(caller.spec)
            })
            return ui.column { Holder {}, Setter {}, Emitter {}, Binder {}, Caller {} }
            """
    }

    /// An error is acceptable when it says where and in which component it happened.
    static func isWellFormed(_ message: String) -> Bool {
        guard message.hasPrefix("app.lua:") else { return false }
        let rest = message.dropFirst("app.lua:".count)
        let digits = rest.prefix { $0.isNumber }
        guard !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(": ") else { return false }
        let afterLine = rest.dropFirst(digits.count + 2)
        return components.contains { afterLine.hasPrefix($0 + ": ") }
    }

    /// Drains Lua's pending releases and collects garbage twice (finalizers release Swift
    /// objects, which release more registry references).
    static func collect(_ runtime: Runtime) throws {
        for _ in 0..<3 { try runtime.bridge.evaluate("collectgarbage('collect')") }
    }

    @Test func randomValuesNeverCrashAndEveryErrorNamesFileLineAndComponent() throws {
        let app = try LuaApp(width: 60, height: 12)
        var malformed: [String] = []
        var kinds: [String: Int] = [:]
        for seed in UInt64(1)...300 {
            let source = LuaFuzzTests.app(seed: seed)
            do {
                try app.runtime.load(source: source, name: "app.lua")
                try app.runtime.mount()
            } catch {
                malformed.append("seed \(seed): thrown: \(error)")
                continue
            }
            app.press("tab enter tab enter")
            app.advance(1)
            _ = app.lines
            for error in app.errors() {
                let kind = error.split(separator: ":").dropFirst(2).prefix(3).joined(separator: ":")
                kinds[kind, default: 0] += 1
                if !LuaFuzzTests.isWellFormed(error) { malformed.append("seed \(seed): \(error)") }
            }
            _ = app.warnings()
            _ = app.takeLogs()
            _ = app.takeEmitted()
            app.runtime.unmount()
        }
        #expect(
            malformed.isEmpty,
            "errors without file, line or component:\n\(malformed.prefix(20).joined(separator: "\n"))")
        // The generator reaches every kind of rejection.
        for expected in [
            "a table that contains itself", "levels of nesting", "got coroutine", "a mixed table",
            "a table with a key of boolean", "a table with a key of number (1.5)", "a sparse table",
        ] {
            #expect(kinds.keys.contains { $0.contains(expected) }, "no error mentions \(expected)")
        }
    }

    /// Lua memory after running the random apps of seeds 1…40 five times, versus after
    /// running them once.
    static func randomAppsGrowth(controllers: Bool) throws -> (start: Int, end: Int) {
        let app = try LuaApp(width: 60, height: 12)
        func run(_ seed: UInt64) throws {
            try app.runtime.load(
                source: LuaFuzzTests.app(seed: seed, controllers: controllers), name: "app.lua")
            try app.runtime.mount()
            app.press("tab enter tab enter")
            app.advance(1)
            _ = app.errors()
            _ = app.warnings()
            _ = app.takeLogs()
            _ = app.takeEmitted()
            app.runtime.unmount()
        }
        // Warm up with the same seeds that run later, so caches and interned strings settle.
        for seed in UInt64(1)...40 { try run(seed) }
        try LuaFuzzTests.collect(app.runtime)
        let start = app.runtime.bridge.memoryUsed
        for _ in 0..<5 {
            for seed in UInt64(1)...40 { try run(seed) }
        }
        try LuaFuzzTests.collect(app.runtime)
        return (start, app.runtime.bridge.memoryUsed)
    }

    @Test func theLuaStateDoesNotGrowOverManyRandomApps() throws {
        let (start, end) = try LuaFuzzTests.randomAppsGrowth(controllers: false)
        #expect(end < start + 512 << 10, "Lua memory grew from \(start) to \(end) bytes")
    }

    @Test func theLuaStateDoesNotGrowOverManyRandomAppsWithControllers() throws {
        let (start, end) = try LuaFuzzTests.randomAppsGrowth(controllers: true)
        #expect(end < start + 512 << 10, "Lua memory grew from \(start) to \(end) bytes")
    }

    static let holderApp = """
        local ui = require("theolua")
        local Child = ui.component("Child", {
          props = { onPick = "function", label = "string" },
          render = function(self) return ui.button { self.props.label, onPress = self.props.onPick } end,
        })
        local Holder = ui.component("Holder", {
          initialState = function() return { n = 0, big = string.rep("x", 2000), list = { 1, 2, 3 } } end,
          render = function(self)
            return ui.column {
              Child { label = "bound " .. self.state.n, onPick = self:handler("pick", { 1, 2, 3 }, "arg") },
              Child { label = "plain", onPick = function() self:updateState({ n = 2 }) end },
              ui.input { value = "v", onChange = self:handler("changed") },
            }
          end,
          actions = { pick = function(self, t, s) self:updateState({ n = self.state.n + 1 }) end },
          controller = {
            init = function(ctl)
              ctl.cache = { string.rep("y", 1000) }
              ctl.every = ui.every(0.5, function() ctl:updateState(function(s) return { n = s.n + 1, big = s.big, list = s.list } end) end)
              ctl.later = ui.after(1000, function() print("never") end)
              ui.after(0.25, function() ctl.cache[2] = "z" end)
            end,
            willUnmount = function(ctl) ctl.cache = nil end,
          },
        })
        return Holder {}
        """

    /// Lua memory after 100 and after 2,100 mount/unmount cycles of `source`.
    static func mountCyclesGrowth(_ source: String) throws -> (
        start: Int, end: Int, errors: [String], logs: [String]
    ) {
        let app = try LuaApp(width: 30, height: 4)
        try app.runtime.load(source: source, name: "app.lua")
        func cycle() throws {
            try app.runtime.mount()
            app.press("enter")
            app.advance(0.6)
            app.runtime.unmount()
        }
        for _ in 0..<100 { try cycle() }
        try LuaFuzzTests.collect(app.runtime)
        let start = app.runtime.bridge.memoryUsed
        for _ in 0..<2_000 { try cycle() }
        try LuaFuzzTests.collect(app.runtime)
        return (start, app.runtime.bridge.memoryUsed, app.errors(), app.takeLogs())
    }

    /// `holderApp` with its timers started on the first render instead of by a controller.
    static let holderAppWithoutController = """
        local ui = require("theolua")
        local Child = ui.component("Child", {
          props = { onPick = "function", label = "string" },
          render = function(self) return ui.button { self.props.label, onPress = self.props.onPick } end,
        })
        local Holder = ui.component("Holder", {
          initialState = function() return { n = 0, big = string.rep("x", 2000), list = { 1, 2, 3 } } end,
          render = function(self)
            local cache = { string.rep("y", 1000) }
            if self.state.n == 0 then
              ui.every(0.5, function() self:updateState(function(s) return { n = s.n + 1, big = s.big, list = s.list } end) end)
              ui.after(1000, function() print("never") end)
              ui.after(0.25, function() cache[2] = "z" end)
            end
            return ui.column {
              Child { label = "bound " .. self.state.n, onPick = self:handler("pick", { 1, 2, 3 }, "arg") },
              Child { label = "plain", onPick = function() cache[3] = "plain" end },
              ui.input { value = "v", onChange = self:handler("changed") },
            }
          end,
          actions = { pick = function(self, t, s) self:updateState({ n = self.state.n + 1 }) end },
        })
        return Holder {}
        """

    @Test func mountingAndUnmountingThousandsOfTimesReleasesHandlersTimersAndState() throws {
        let (start, end, errors, logs) = try LuaFuzzTests.mountCyclesGrowth(
            LuaFuzzTests.holderAppWithoutController)
        #expect(errors == [])
        #expect(logs == [])
        #expect(end < start + 256 << 10, "Lua memory grew from \(start) to \(end) bytes over 2,000 mounts")
    }

    @Test func mountingAndUnmountingThousandsOfTimesReleasesControllers() throws {
        let (start, end, errors, logs) = try LuaFuzzTests.mountCyclesGrowth(LuaFuzzTests.holderApp)
        #expect(errors == [])
        #expect(logs == [])
        #expect(
            end < start + 256 << 10, "Lua memory grew from \(start) to \(end) bytes over 2,000 mounts")
    }

    @Test func aHandlerClosureCapturingSelfIsReleasedAfterUnmount() throws {
        // The most common handler of all: `onPress = function() self:updateState(…) end`.
        let source = """
            local ui = require("theolua")
            local C = ui.component("C", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                return ui.button { "n=" .. self.state.n, onPress = function() self:updateState({ n = 1 }) end }
              end,
            })
            return C {}
            """
        let (start, end, errors, _) = try LuaFuzzTests.mountCyclesGrowth(source)
        #expect(errors == [])
        #expect(
            end < start + 256 << 10, "Lua memory grew from \(start) to \(end) bytes over 2,000 mounts")
    }

    @Test func reloadingThousandsOfTimesKeepsTheLuaStateFlat() throws {
        let app = try LuaApp(width: 30, height: 4)
        try app.runtime.load(source: LuaFuzzTests.holderApp, name: "app.lua")
        try app.runtime.mount()
        for _ in 0..<50 { try app.runtime.reload() }
        try LuaFuzzTests.collect(app.runtime)
        let start = app.runtime.bridge.memoryUsed
        for _ in 0..<1_000 {
            try app.runtime.reload()
            app.advance(0.5)
        }
        try LuaFuzzTests.collect(app.runtime)
        let end = app.runtime.bridge.memoryUsed
        #expect(app.errors() == [])
        #expect(end < start + 256 << 10, "Lua memory grew from \(start) to \(end) bytes over 1,000 reloads")
    }
}
