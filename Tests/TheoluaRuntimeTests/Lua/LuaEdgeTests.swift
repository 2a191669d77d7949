import Testing
import TheoluaCore
import TheoluaLua
import TheoluaRuntime

/// Corners of PRODUCT.md §1 that ordinary apps reach by accident.
@Suite struct LuaEdgeTests {
    @Test func elementAndHandlerPropsAreComparedByValueSoChildrenAreNotReRendered() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Panel = ui.component("Panel", function(props) print("render panel"); return ui.column { props.children } end)
            local Pick = ui.component("Pick", {
              props = { on = "function", el = "element" },
              render = function(self) print("render pick"); return self.props.el end,
            })
            local App = ui.component("App", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                print("render app", self.state.n)
                return ui.column {
                  Panel { ui.text "static", "str" },
                  Pick { on = self:handler("x", { 1, { a = 2 } }), el = ui.text { "el", bold = true } },
                  ui.button { tostring(self.state.n), onPress = self:handler("bump") },
                }
              end,
              actions = { bump = function(self) self:updateState({ n = self.state.n + 1 }) end },
            })
            return App {}
            """, height: 4)
        #expect(app.takeLogs() == ["render app\t0", "render panel", "render pick"])
        app.press("enter")
        expectScreen(app, ["static", "str", "el", "[ 1 ]"])
        #expect(app.takeLogs() == ["render app\t1"])
    }

    @Test func stateMayBeAnyValueAndInitialStateSeesDefaults() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("C", {
              props = { step = { "integer", default = 5 } },
              initialState = function(props) return props.step end,
              render = function(self)
                return ui.button { type(self.state) .. " " .. self.state .. " key=" .. tostring(self.props.key), onPress = self:handler("add") }
              end,
              actions = { add = function(self) self:updateState(function(n) return n + self.props.step end) end },
            })
            return C { key = "k" }
            """, height: 1)
        expectScreen(app, ["[ number 5 key=nil ]"])
        app.press("enter")
        expectScreen(app, ["[ number 10 key=nil ]"])
    }

    @Test func unknownSpecFieldsSuggestTheClosestField() {
        let message = luaFailure(
            """
            local ui = require("theolua")
            local C = ui.component("C", { rendr = function() end })
            return C {}
            """, width: 80)
        #expect(message == "app.lua:2: C: unknown spec field 'rendr' (did you mean 'render'?)")
    }

    @Test func numbersBecomeTextAndNilTextIsAnError() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local ok, err = pcall(function() return ui.text(nil) end)
            return ui.column { ui.text(5), ui.text(1.5), tostring(ok) .. " " .. err }
            """, width: 80)
        expectScreen(app, ["5", "1.5", "false app.lua:2: ui.text: expected a string or a table, got nil"])
    }

    @Test func emitNeedsAnEventName() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local ok, err = pcall(function() ui.emit(42, {}) end)
            return ui.text(err)
            """, width: 60, height: 1)
        expectScreen(app, ["app.lua:2: ui.emit: expected an event name, got number (42)"])
    }

    @Test func updatesAndHandlersAfterUnmountAreWarningsNotErrors() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local kept = {}
            local Child = ui.component("Child", {
              render = function(self)
                kept.self = self
                kept.handler = self:handler("ping")
                return "child"
              end,
              actions = { ping = function(self) print("ping") end },
            })
            local Root = ui.component("Root", {
              initialState = function() return { show = true } end,
              render = function(self)
                return ui.column {
                  self.state.show and Child {},
                  ui.button { "hide", onPress = self:handler("hide") },
                  ui.button { "poke", onPress = self:handler("poke") },
                }
              end,
              actions = {
                hide = function(self) self:updateState({ show = false }) end,
                poke = function(self)
                  kept.handler()
                  kept.self:updateState({ late = true })
                  kept.self:send("ping")
                  print("poked", kept.self.props ~= nil)
                end,
              },
            })
            return Root {}
            """)
        app.press("enter")
        expectScreen(app, ["[ hide ]", "[ poke ]", ""])
        app.press("tab enter")
        #expect(app.takeLogs() == ["poked\ttrue"])
        #expect(app.errors() == [])
        let warnings = app.warnings()
        #expect(warnings.count == 3, "\(warnings)")
        #expect(warnings.allSatisfy { $0.contains("unmounted") }, "\(warnings)")
    }

    @Test func aRenderThatAlwaysUpdatesItsStateIsReportedNotSilentlyCut() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("Loop", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                self:updateState({ n = self.state.n + 1 })
                return tostring(self.state.n)
              end,
            })
            return C {}
            """, height: 1)
        let reports = app.errors() + app.warnings()
        #expect(reports.contains { $0.contains("Loop") }, "\(reports)")
    }

    @Test func aRecursiveDispatchIsAnErrorNamingTheComponent() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("Rec", {
              render = function(self) return ui.button { "go", onPress = self:handler("go") } end,
              actions = { go = function(self) self:handler("go")() end },
            })
            return C {}
            """, width: 60, height: 1)
        app.press("enter")
        let errors = app.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("app.lua:4: Rec: ") == true, "\(errors)")
        app.press("enter")
        #expect(app.errors().count == 1, "the app still answers")
    }

    @Test func aRequireCycleIsAnErrorNamingTheModules() throws {
        let folder = try TempFolder()
        try folder.write("a.lua", "local b = require('b')\nreturn 1")
        try folder.write("b.lua", "local a = require('a')\nreturn 2")
        let path = try folder.write(
            "app.lua", "local ui = require('theolua')\nlocal a = require('a')\nreturn ui.text 'x'")
        let runtime = try Runtime(width: 10, height: 1)
        var message = ""
        do {
            try runtime.load(file: path)
        } catch {
            message = "\(error)"
        }
        #expect(!message.isEmpty)
        #expect(message.contains("a.lua:") || message.contains("b.lua:"), "\(message)")
    }

    @Test func reloadPicksUpChangedModules() throws {
        let folder = try TempFolder()
        try folder.write("words.lua", "return { hello = 'hello' }")
        let path = try folder.write(
            "app.lua",
            """
            local ui = require("theolua")
            local words = require("words")
            local C = ui.component("C", {
              initialState = function() return { n = 7 } end,
              render = function(self) return words.hello .. " " .. self.state.n end,
            })
            return C {}
            """)
        let runtime = try Runtime(width: 20, height: 1)
        try runtime.load(file: path)
        try runtime.mount()
        expectLines(runtime.lines, ["hello 7"])
        try folder.write("words.lua", "return { hello = 'bonjour' }")
        try runtime.reload()
        expectLines(runtime.lines, ["bonjour 7"])
    }

    @Test func theInstructionBudgetIsPerCallNotCumulative() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local function work() local x = 0; for i = 1, 500000 do x = x + i end; return x end
            local C = ui.component("Worker", {
              initialState = function() return { n = 0 } end,
              render = function(self) work(); return "n=" .. self.state.n end,
              controller = { init = function(ctl)
                ui.every(1, function() work(); ctl:updateState(function(s) return { n = s.n + 1 } end) end)
              end },
            })
            return C {}
            """, height: 1)
        app.advance(10)
        expectScreen(app, ["n=10"])
        #expect(app.errors() == [])
    }

    @Test func aRunawayLoopInsideACoroutineOrAComparatorIsStopped() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Co = ui.component("Co", function()
              coroutine.wrap(function() while true do end end)()
            end)
            local Sorter = ui.component("Sorter", function()
              local t = { 3, 2, 1 }
              table.sort(t, function(a, b) while true do end end)
            end)
            local Gsub = ui.component("Gsub", function()
              return (string.gsub("abc", "%w", function() while true do end end))
            end)
            return ui.column { Co {}, Sorter {}, Gsub {} }
            """, width: 80)
        #expect(
            app.errors() == [
                "app.lua:3: Co: instruction budget of 5000000 exceeded (a runaway loop? long work can run in ui.task, or raise --max-instructions)",
                "app.lua:7: Sorter: instruction budget of 5000000 exceeded (a runaway loop? long work can run in ui.task, or raise --max-instructions)",
                "app.lua:10: Gsub: instruction budget of 5000000 exceeded (a runaway loop? long work can run in ui.task, or raise --max-instructions)",
            ])
    }

    @Test func aRunawayLoopStaysStoppedThroughPcallAndMessageHandlers() throws {
        // After the budget runs out, every call into Swift fails with the budget's
        // message, and finalizers still release their objects: Lua warns of none that
        // failed.
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Caught = ui.component("Caught", function()
              pcall(function() while true do end end)
              return "after"
            end)
            local Handled = ui.component("Handled", function()
              for i = 1, 50 do local _ = ui.text "garbage" end
              xpcall(function() while true do end end, function() return ui.text "handled" end)
              return "after"
            end)
            return ui.column { Caught {}, Handled {} }
            """, width: 80)
        #expect(
            app.errors() == [
                "app.lua:3: Caught: instruction budget of 5000000 exceeded (a runaway loop? long work can run in ui.task, or raise --max-instructions)",
                "app.lua:8: Handled: instruction budget of 5000000 exceeded (a runaway loop? long work can run in ui.task, or raise --max-instructions)",
            ])
        #expect(app.takeLogs() == [])
    }

    @Test func aZeroIntervalRepeatingTimerIsAnErrorNotAHang() throws {
        #expect {
            _ = try LuaApp(
                """
                local ui = require("theolua")
                ui.every(0, function() end)
                return ui.text "x"
                """, height: 1)
        } throws: { error in
            "\(error)" == "app.lua:2: ui.every: the interval must be at least 0.001 seconds, got number (0)"
        }
    }

    @Test func aPathologicalPatternIsStoppedByTheBudget() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("Pattern", function()
              return tostring(string.rep("a", 5000):find(".-.-.-.-b"))
            end)
            return C {}
            """, height: 1)
        #expect(app.errors().first?.contains("Pattern") == true)
    }

    @Test func customSpecFieldsAreMethodsAndTheControllerIsUnreachable() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("C", {
              props = { name = "string" },
              greeting = function(self, word) return word .. " " .. self.props.name end,
              render = function(self)
                return ui.column {
                  self:greeting("hi"),
                  tostring(self.controller.secret) .. " " .. type(self.controller.init),
                }
              end,
              controller = { init = function(ctl) ctl.secret = "s3cret" end },
            })
            return C { name = "ann" }
            """, height: 2)
        expectScreen(app, ["hi ann", "nil function"])
    }

    @Test func multiLinePrintsReachTheLogOneLineAtATime() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            print("first\\nsecond")
            return ui.text "x"
            """, height: 1)
        let logs = app.takeLogs()
        #expect(logs == ["first", "second"])
    }

    @Test func errorsRaisedWithoutAPositionStillNameFileLineAndComponent() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local A = ui.component("A", function() error({ code = 1 }) end)
            local B = ui.component("B", function() error("level zero", 0) end)
            local C = ui.component("C", function() error(setmetatable({}, { __tostring = function() return "custom" end })) end)
            local E = ui.component("E", function() error("level two", 2) end)
            return ui.column { A {}, B {}, C {}, E {} }
            """, width: 80)
        let errors = app.errors()
        #expect(errors.count == 4)
        #expect(zip(errors, ["A", "B", "C", "E"]).allSatisfy { $0.contains("\($1): ") }, "\(errors)")
        for (error, line) in zip(errors, [2, 3, 4, 5]) {
            #expect(error.hasPrefix("app.lua:\(line): "), "\(error)")
        }
    }

    @Test func anErrorTableShowsItsFieldsInAFixedOrder() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local A = ui.component("A", function() error({ msg = "bad", code = 3 }) end)
            local B = ui.component("B", function() error({ 1, "two", ["a b"] = 1.5, [false] = {}, f = print }) end)
            local C = ui.component("C", function()
              local t = {}
              for i = 1, 100 do t["k" .. i] = string.rep("x", i) end
              error(t)
            end)
            local D = ui.component("D", function() error(setmetatable({ x = 1 }, { __name = "Thing" })) end)
            return ui.column { A {}, B {}, C {}, D {} }
            """, width: 80)
        let errors = app.errors()
        #expect(errors.count == 4)
        #expect(errors.first == #"app.lua:2: A: {code = 3, msg = "bad"}"#, "\(errors)")
        #expect(errors.dropFirst().first == #"app.lua:3: B: {[false] = table, [1] = 1, [2] = "two", ["a b"] = 1.5, f = function}"#, "\(errors)")
        // Of a big table, eight fields are shown, and long strings are cut.
        let big = errors.dropFirst(2).first ?? ""
        #expect(big.hasPrefix("app.lua:7: C: {k") && big.hasSuffix(", …}"), "\(big)")
        #expect(big.components(separatedBy: " = ").count == 9, "\(big)")
        #expect(!big.contains(String(repeating: "x", count: 61)), "\(big)")
        // A table with a name is not a plain table: Lua's own text for it.
        #expect(errors.last?.contains("D: Thing: 0x") == true, "\(errors)")
    }

    @Test func aMisspelledNameIsAnErrorThatSuggestsTheNameMeant() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local A = ui.component("A", function() return ui.txt "x" end)
            local B = ui.component("B", { render = function(self) self:updatestate({}) return ui.text "x" end })
            local C = ui.component("C", function() local t = {} return t.nothing() end)
            return ui.column { A {}, B {}, C {} }
            """, width: 80)
        #expect(
            app.errors() == [
                "app.lua:2: A: attempt to call a nil value (field 'txt') (did you mean ui.text?)",
                "app.lua:3: B: attempt to call a nil value (method 'updatestate') (did you mean :updateState?)",
                "app.lua:4: C: attempt to call a nil value (field 'nothing')",
            ])
    }

    @Test func whatTheSandboxLeavesOutNamesTheFlagThatAllowsIt() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local open, getenv, sethook = io.open, os.getenv, debug.sethook
            local A = ui.component("A", function() io.write("x") end)
            local B = ui.component("B", function() os.execute("ls") end)
            local C = ui.component("C", function() return ui.text(type(open) .. " " .. type(getenv)) end)
            local D = ui.component("D", function() package.loadlib("x", "y") end)
            local E = ui.component("E", function() local _, t = xpcall(error, debug.traceback, "boom") return ui.text(t:match("[^\\n]*")) end)
            return ui.column { A {}, B {}, C {}, D {}, E {} }
            """, width: 80, height: 5)
        #expect(
            app.errors() == [
                "app.lua:3: A: io.write is not available in the sandbox: run with --allow-io to let scripts use it",
                "app.lua:4: B: os.execute is not available in the sandbox: run with --allow-io to let scripts use it",
                "app.lua:6: D: package.loadlib is not available in the sandbox: run with --allow-io to let scripts use it",
            ])
        // What the sandbox withholds can be named at load time, as libraries do.
        #expect(app.lines.prefix(2) == ["function function", "boom"])
    }

    @Test func aRenderWithoutAReturnIsWarnedOfOnce() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Forgot = ui.component("Forgot", function() local x = ui.text "lost" end)
            local Empty = ui.component("Empty", function() return nil end)
            return ui.column { Forgot {}, Forgot {}, Empty {}, ui.text "shown" }
            """, width: 40, height: 1)
        #expect(app.lines == ["shown"])
        #expect(app.errors().isEmpty)
        #expect(
            app.warnings() == [
                "app.lua:2: Forgot: render returned no value, so it shows nothing"
                    + " (a missing return? return nil to show nothing on purpose)"
            ])
    }

    @Test func sparseChildrenTablesAreRejectedLikeSparseProps() throws {
        #expect {
            _ = try LuaApp(
                """
                local ui = require("theolua")
                local C = ui.component("C", function(props) return tostring(#props.children) end)
                return ui.column { C { "a", [200000] = "x" } }
                """, width: 80, height: 1)
        } throws: { error in
            "\(error)"
                == "app.lua:3: C: child: expected a list of children, got a sparse table (2 items up to index 200000)"
        }
    }

    @Test func aHugeChildIndexIsAnErrorNotAHang() throws {
        #expect {
            _ = try LuaApp(
                """
                local ui = require("theolua")
                return ui.column { "a", [math.maxinteger] = "x" }
                """, height: 1)
        } throws: { error in
            "\(error)".contains("sparse table")
        }
    }

    @Test func anErrorWhoseTextStartsWithAnotherComponentsNameNamesTheRightComponent() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Note = ui.component("Note", function() return "note" end)
            local Other = ui.component("Other", function() error("Note: could not be shown") end)
            return ui.column { Note {}, Other {} }
            """, width: 80)
        let errors = app.errors()
        #expect(errors == ["app.lua:3: Other: Note: could not be shown"])
    }

    @Test func twoComponentsWithOneNameInDifferentFilesAreAnErrorNamingBothPlaces() throws {
        let folder = try TempFolder()
        try folder.write(
            "lib.lua",
            "local ui = require('theolua')\nreturn ui.component('Same', function() return 'lib' end)")
        let path = try folder.write(
            "app.lua",
            "local ui = require('theolua')\nlocal Lib = require('lib')\nlocal Mine = ui.component('Same', function() return 'app' end)\nreturn Mine {}"
        )
        let runtime = try Runtime(width: 10, height: 1)
        #expect {
            try runtime.load(file: path)
        } throws: { error in
            "\(error)"
                == "app.lua:3: ui.component: two components are named 'Same': one at lib.lua:2, one at app.lua:3; give each a unique name"
        }
    }

    @Test func elementsCanBeMadeInsideCoroutines() throws {
        // A generator written with coroutine.wrap: the bridge's functions run on the
        // coroutine's stack, not the main thread's.
        var screen: [String] = []
        var errors: [String] = []
        do {
            let app = try LuaApp(
                """
                local ui = require("theolua")
                local function items()
                  return coroutine.wrap(function()
                    for i = 1, 3 do coroutine.yield(ui.text("item " .. i)) end
                  end)
                end
                local List = ui.component("List", function()
                  local list = {}
                  for item in items() do list[#list + 1] = item end
                  return list
                end)
                return List {}
                """)
            screen = app.lines
            errors = app.errors()
        } catch {
            errors = ["\(error)"]
        }
        #expect(errors == [])
        expectLines(screen, ["item 1", "item 2", "item 3"])
    }

    @Test func aBoundedNumberRejectsNaN() {
        let message = luaFailure(
            """
            local ui = require("theolua")
            local C = ui.component("Ratio", { props = { r = { "number", min = 0, max = 1 } }, render = function() return "x" end })
            return C { r = 0/0 }
            """, width: 80)
        #expect(
            message?.hasPrefix("app.lua:3: Ratio: prop 'r': expected number from 0 to 1, got number (")
                == true, "\(message ?? "accepted")")
    }

    @Test func aFailingRenderKeepsThePreviousOutputAndTheAppRecovers() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("Flaky", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                if self.state.n == 1 then error("odd render") end
                return ui.button { "n=" .. self.state.n, onPress = self:handler("bump") }
              end,
              actions = { bump = function(self) self:updateState({ n = self.state.n + 1 }) end },
            })
            return C {}
            """, height: 1)
        app.press("enter")
        #expect(app.errors() == ["app.lua:5: Flaky: odd render"])
        expectScreen(app, ["[ n=0 ]"])
        app.press("enter")
        expectScreen(app, ["[ n=2 ]"])
        #expect(app.errors() == [])
    }
}
