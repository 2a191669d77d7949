import Testing
import TheoluaCore
import TheoluaRuntime

/// Hot reload's rough edges: timers a controller started run the new code after a save,
/// top-level timers are not doubled by it, and a component's `version` resets its state
/// (docs/lua-api.md, Hot reload).
@Suite struct LuaReloadTimersTests {
    /// Loads `source` from a file, mounts it, and returns the app and a way to save a new
    /// version of the file and reload it.
    private func app(_ source: String) throws -> (LuaApp, (String) throws -> Void, TempFolder) {
        let folder = try TempFolder()
        let path = try folder.write("app.lua", source)
        let app = try LuaApp(width: 20, height: 2)
        try app.runtime.load(file: path)
        try app.runtime.mount()
        let save = { (text: String) throws in
            try folder.write("app.lua", text)
            try app.runtime.reload()
        }
        return (app, save, folder)
    }

    static func ticker(_ word: String) -> String {
        """
        local ui = require("theolua")
        return ui.component("Ticker", {
          initialState = function() return { ticks = 0 } end,
          render = function(self) return ui.text("ticks " .. self.state.ticks) end,
          controller = {
            init = function(ctl)
              ctl.inits = (ctl.inits or 0) + 1
              ctl.timer = ui.every(1, function()
                print("\(word)", ctl.inits)
                ctl:updateState(function(s) return { ticks = s.ticks + 1 } end)
              end)
            end,
          },
        })
        """
    }

    @Test func aTimerStartedInInitRunsTheNewCodeAfterASave() throws {
        let (app, save, folder) = try app(Self.ticker("old"))
        _ = folder
        app.advance(2)
        #expect(app.takeLogs() == ["old\t1", "old\t1"])
        try save(Self.ticker("new"))
        app.advance(2)
        // The old timer was cancelled and init ran again, keeping the controller's fields
        // and the state.
        #expect(app.takeLogs() == ["new\t2", "new\t2"])
        #expect(app.lines[0] == "ticks 4")
        #expect(app.errors() == [])
    }

    @Test func aControllerWithoutTimersIsNotStartedAgain() throws {
        let source = """
            local ui = require("theolua")
            return ui.component("Quiet", {
              render = function() return ui.text "quiet" end,
              controller = { init = function(ctl) print("init") end },
            })
            """
        let (app, save, folder) = try app(source)
        _ = folder
        #expect(app.takeLogs() == ["init"])
        try save(source + "\n-- saved")
        #expect(app.takeLogs() == [])
    }

    @Test func aTopLevelTimerIsNotDoubledByASave() throws {
        func source(_ word: String) -> String {
            """
            local ui = require("theolua")
            ui.every(1, function() print("\(word)") end)
            return ui.text "top"
            """
        }
        let (app, save, folder) = try app(source("v1"))
        _ = folder
        app.advance(1)
        #expect(app.takeLogs() == ["v1"])
        try save(source("v2"))
        app.advance(1)
        #expect(app.takeLogs() == ["v2"])
    }

    static func counter(version: String?) -> String {
        """
        local ui = require("theolua")
        return ui.component("Counter", {
          \(version.map { "version = \($0)," } ?? "")
          initialState = function() return { n = 0 } end,
          render = function(self) return ui.text { "n " .. self.state.n, onKey = nil } end,
          actions = {},
          controller = {
            init = function(ctl) print("init", ctl.seen) ctl.seen = true end,
            willUnmount = function() print("willUnmount") end,
          },
        })
        """
    }

    @Test func changingTheVersionResetsStateAndController() throws {
        let (app, save, folder) = try app(Self.counter(version: nil))
        _ = folder
        #expect(app.takeLogs() == ["init\tnil"])
        try save(Self.counter(version: "1"))
        #expect(app.takeLogs() == ["willUnmount", "init\tnil"], "a version where there was none is a change")
        try save(Self.counter(version: "1") + "\n-- an edit that keeps the version")
        #expect(app.takeLogs() == [])
        try save(Self.counter(version: "\"two\""))
        #expect(app.takeLogs() == ["willUnmount", "init\tnil"])
        #expect(app.errors() == [])
    }

    @Test func theVersionKeepsStateUntilItChanges() throws {
        func source(_ version: Int) -> String {
            """
            local ui = require("theolua")
            return ui.component("Counter", {
              version = \(version),
              initialState = function() return { n = 0 } end,
              render = function(self) return ui.column { onKey = self:handler("add"), ui.text("n " .. self.state.n) } end,
              actions = { add = function(self) self:updateState(function(s) return { n = s.n + 1 } end) return true end },
            })
            """
        }
        let (app, save, folder) = try app(source(1))
        _ = folder
        app.press("a a a")
        #expect(app.lines[0] == "n 3")
        try save(source(1) + "\n")
        #expect(app.lines[0] == "n 3", "same version: state kept")
        try save(source(2))
        #expect(app.lines[0] == "n 0", "new version: state reset")
    }

    @Test func aVersionMustBeAStringOrANumber() throws {
        let app = try LuaApp(width: 20, height: 2)
        #expect(throws: ScriptError.self) {
            try app.runtime.load(
                source: """
                    local ui = require("theolua")
                    return ui.component("C", { version = {}, render = function() return ui.text "x" end })
                    """)
        }
    }
}
