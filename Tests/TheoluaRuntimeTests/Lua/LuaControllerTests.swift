import Testing
import TheoluaCore
import TheoluaRuntime

/// PRODUCT.md §1 "Controllers" and "Timers and host events".
@Suite struct LuaControllerTests {
    static let lifecycleApp = """
        local ui = require("theolua")
        local Child = ui.component("Child", {
          props = { label = "string" },
          initialState = function() return { n = 0 } end,
          render = function(self)
            print("render", self.props.label, self.state.n)
            return ui.button { self.props.label .. " " .. self.state.n, onPress = self:handler("bump") }
          end,
          actions = { bump = function(self) self:updateState({ n = self.state.n + 1 }) end },
          controller = {
            init = function(ctl)
              ctl.updates = 0
              print("init", ctl.props.label, ctl.state.n)
            end,
            didUpdateComponent = function(ctl)
              ctl.updates = ctl.updates + 1
              print("didUpdateComponent", ctl.updates, ctl.props.label, ctl.state.n)
            end,
            willUnmount = function(ctl) print("willUnmount", ctl.updates, ctl.state.n) end,
          },
        })
        local Root = ui.component("Root", {
          initialState = function() return { show = true, label = "a" } end,
          render = function(self)
            return ui.column {
              self.state.show and Child { label = self.state.label },
              ui.button { "rename", onPress = self:handler("rename") },
              ui.button { "hide", onPress = self:handler("hide") },
            }
          end,
          actions = {
            rename = function(self) self:updateState({ show = true, label = self.state.label .. "!" }) end,
            hide = function(self) self:updateState({ show = false, label = self.state.label }) end,
          },
        })
        return Root {}
        """

    @Test func controllerLifecycleRunsInitAfterMountUpdatesAfterEachGenerationAndUnmountBeforeRemoval() throws {
        let app = try LuaApp(LuaControllerTests.lifecycleApp)
        #expect(app.takeLogs() == ["render\ta\t0", "init\ta\t0"])
        app.press("enter")
        #expect(app.takeLogs() == ["render\ta\t1", "didUpdateComponent\t1\ta\t1"])
        app.press("tab enter")
        #expect(app.takeLogs() == ["render\ta!\t1", "didUpdateComponent\t2\ta!\t1"])
        expectScreen(app, ["[ a! 1 ]", "[ rename ]", "[ hide ]"])
        app.press("tab enter")
        #expect(app.takeLogs() == ["willUnmount\t2\t1"])
        expectScreen(app, ["[ rename ]", "[ hide ]", ""])
        #expect(app.errors() == [])
    }

    @Test func aParentReRenderThatLeavesTheChildUnchangedDoesNotCallDidUpdateComponent() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Child = ui.component("Child", {
              render = function(self) return "child" end,
              controller = { didUpdateComponent = function(ctl) print("didUpdateComponent") end },
            })
            local Root = ui.component("Root", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                return ui.column { Child {}, ui.button { "n" .. self.state.n, onPress = self:handler("bump") } }
              end,
              actions = { bump = function(self) self:updateState({ n = self.state.n + 1 }) end },
            })
            return Root {}
            """)
        app.press("enter")
        expectScreen(app, ["child", "[ n1 ]", ""])
        #expect(app.takeLogs() == [])
    }

    @Test func controllerActionsUpdateStateAndSendFromTheParent() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Child = ui.component("Child", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                return ui.row { gap = 1,
                  ui.text("n=" .. self.state.n),
                  ui.button { "add", onPress = self:handler("add", 5) },
                  ui.button { "tell", onPress = self:handler("tell") },
                }
              end,
              controller = {
                init = function(ctl) ctl.total = 0 end,
                actions = {
                  add = function(ctl, amount)
                    ctl.total = ctl.total + amount
                    ctl:updateState(function(s) return { n = s.n + amount } end)
                  end,
                  tell = function(ctl) ctl:send("told", ctl.total, ctl.state.n) end,
                },
              },
            })
            local Root = ui.component("Root", {
              render = function(self) return Child {} end,
              actions = { told = function(self, total, n) print("told", total, n) end },
            })
            return Root {}
            """, height: 1)
        app.press("enter enter")
        expectScreen(app, ["n=10 [ add ] [ tell ]"])
        app.press("tab enter")
        #expect(app.takeLogs() == ["told\t10\t10"])
        #expect(app.errors() == [])
    }

    @Test func aTimerClosureMadeInInitReadsTheLatestPropsAndState() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Child = ui.component("Child", {
              props = { label = "string" },
              initialState = function() return { n = 0 } end,
              render = function(self) return ui.button { self.props.label .. self.state.n, onPress = self:handler("bump") } end,
              actions = { bump = function(self) self:updateState({ n = self.state.n + 1 }) end },
              controller = {
                init = function(ctl)
                  local props, state = ctl.props, ctl.state
                  ui.every(1, function() print(ctl.props.label, ctl.state.n, props.label, state.n) end)
                end,
              },
            })
            local Root = ui.component("Root", {
              initialState = function() return { label = "a" } end,
              render = function(self)
                return ui.column { Child { label = self.state.label }, ui.button { "rename", onPress = self:handler("rename") } }
              end,
              actions = { rename = function(self) self:updateState({ label = "b" }) end },
            })
            return Root {}
            """)
        app.press("enter enter tab enter")
        app.advance(1)
        // ctl.props and ctl.state are always the latest; views taken earlier keep their values.
        #expect(app.takeLogs() == ["b\t2\ta\t0"])
    }

    @Test func controllerPropsAndStateAreReadOnly() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("Guarded", {
              props = { label = "string" },
              initialState = function() return { n = 0 } end,
              render = function(self) return "x" end,
              controller = {
                init = function(ctl)
                  print(pcall(function() ctl.state.n = 1 end))
                  print(pcall(function() ctl.props.label = "y" end))
                  ctl.mine = "writable"
                  print(ctl.mine, getmetatable(ctl))
                end,
              },
            })
            return C { label = "x" }
            """)
        #expect(
            app.takeLogs() == [
                "false\tapp.lua:8: Guarded: cannot assign state.n: state is read-only; use self:updateState",
                "false\tapp.lua:9: Guarded: cannot assign props.label: props are read-only; the parent sets them",
                "writable\tlocked",
            ])
    }

    @Test func controllerErrorsNameFileLineAndComponent() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("Fragile", {
              initialState = function() return { n = 0 } end,
              render = function(self) return ui.button { "go " .. self.state.n, onPress = self:handler("go") } end,
              actions = { go = function(self) self:updateState({ n = 1 }) end },
              controller = {
                init = function(ctl) error("init failed") end,
                didUpdateComponent = function(ctl) error("update failed") end,
                actions = { other = function(ctl) error("action failed") end },
              },
            })
            return C {}
            """, height: 1)
        #expect(app.errors() == ["app.lua:7: Fragile: init failed"])
        app.press("enter")
        expectScreen(app, ["[ go 1 ]"])
        #expect(app.errors() == ["app.lua:8: Fragile: update failed"])
    }

    @Test func willUnmountErrorsNameFileLineAndComponent() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("Leaving", {
              render = function(self) return "x" end,
              controller = { willUnmount = function(ctl) error("unmount failed") end },
            })
            return C {}
            """, height: 1)
        app.runtime.unmount()
        #expect(app.errors() == ["app.lua:4: Leaving: unmount failed"])
        expectScreen(app, [""])
    }

    // MARK: Timers

    @Test func afterFiresOnceAndEveryRepeatsInDueOrder() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("Clock", {
              initialState = function() return { ticks = 0 } end,
              render = function(self) return "ticks " .. self.state.ticks end,
              controller = {
                init = function(ctl)
                  ui.after(2, function() print("after 2") end)
                  ui.after(1, function() print("after 1") end)
                  ui.after(1, function() print("after 1 again") end)
                  ui.every(0.75, function()
                    print("every")
                    ctl:updateState(function(s) return { ticks = s.ticks + 1 } end)
                  end)
                  ui.after(0, function() print("after 0") end)
                end,
              },
            })
            return C {}
            """, height: 1)
        #expect(app.takeLogs() == [])
        app.advance(0.1)
        #expect(app.takeLogs() == ["after 0"])
        app.advance(2)
        #expect(app.takeLogs() == ["every", "after 1", "after 1 again", "every", "after 2"])
        expectScreen(app, ["ticks 2"])
        app.advance(1.5)
        expectScreen(app, ["ticks 4"])
        #expect(app.errors() == [])
    }

    @Test func aCancelledTimerDoesNotFire() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local n = 0
            local t = ui.every(1, function() n = n + 1; print("tick", n) end)
            local once = ui.after(1, function() print("never") end)
            once:cancel()
            ui.after(2.5, function() t:cancel(); t:cancel() end)
            return ui.text "x"
            """, height: 1)
        app.advance(10)
        #expect(app.takeLogs() == ["tick\t1", "tick\t2"])
    }

    @Test func timersStartedByAComponentAreCancelledWhenItUnmounts() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Ticker = ui.component("Ticker", {
              render = function(self) return "ticker" end,
              controller = {
                init = function(ctl) ui.every(1, function() print("controller tick") end) end,
              },
            })
            local Looper = ui.component("Looper", {
              initialState = function() return { started = false } end,
              render = function(self)
                if not self.state.started then
                  ui.every(1, function() print("render tick") end)
                  self:updateState({ started = true })
                end
                return "looper"
              end,
            })
            local Root = ui.component("Root", {
              initialState = function() return { show = true } end,
              render = function(self)
                return ui.column {
                  self.state.show and Ticker {}, self.state.show and Looper {},
                  ui.button { "hide", onPress = self:handler("hide") },
                }
              end,
              actions = { hide = function(self) self:updateState({ show = false }) end },
            })
            return Root {}
            """)
        app.advance(1)
        #expect(Set(app.takeLogs()) == ["controller tick", "render tick"])
        app.press("enter")
        expectScreen(app, ["[ hide ]", "", ""])
        app.advance(5)
        #expect(app.takeLogs() == [])
    }

    @Test func aTimerErrorNamesFileLineAndComponentAndTheTimerKeepsRunning() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("Ticking", {
              render = function(self) return "x" end,
              controller = {
                init = function(ctl)
                  ui.every(1, function() error("tick failed") end)
                end,
              },
            })
            return C {}
            """, height: 1)
        app.advance(2)
        #expect(app.errors() == ["app.lua:6: Ticking: tick failed", "app.lua:6: Ticking: tick failed"])
    }

    @Test func timerArgumentsAreChecked() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            print(pcall(ui.after, -1, print))
            print(pcall(ui.every, "soon", print))
            print(pcall(ui.after, 1, "not a function"))
            print(pcall(ui.after, 0/0, print))
            return ui.text "x"
            """, height: 1)
        let logs = app.takeLogs()
        #expect(logs.count == 4)
        #expect(logs.allSatisfy { $0.hasPrefix("false\t") }, "\(logs)")
    }

    // MARK: Host events

    @Test func emitHandsThePayloadToTheHostAsAValue() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            ui.emit("loaded")
            local C = ui.component("C", {
              render = function(self) return ui.button { "save", onPress = self:handler("save") } end,
              actions = {
                save = function(self)
                  ui.emit("saved", { id = 3, tags = { "a", "b" }, ok = true, ratio = 0.5, none = {} })
                end,
              },
            })
            return C {}
            """, height: 1)
        app.press("enter")
        let events = app.takeEmitted()
        #expect(events.map(\.name) == ["loaded", "saved"])
        #expect(events.first?.payload == .null)
        #expect(events.last?.payload == ["id": 3, "tags": ["a", "b"], "ok": true, "ratio": 0.5, "none": []])
    }

    @Test func emitRejectsPayloadsThatCannotCrossAndNamesTheComponent() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("Emitter", {
              render = function(self) return ui.button { "go", onPress = self:handler("go") } end,
              actions = {
                go = function(self)
                  local t = {}
                  t.me = t
                  ui.emit("cyclic", t)
                end,
              },
            })
            return C {}
            """, width: 80, height: 1)
        app.press("enter")
        #expect(app.takeEmitted().isEmpty)
        #expect(
            app.errors() == [
                "app.lua:8: Emitter: ui.emit: payload 'me': expected a value without cycles, got a table that contains itself"
            ])
    }

    @Test func quitAsksTheHostToEndTheApp() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("C", {
              render = function(self) return ui.button { "quit", onPress = function() ui.quit() end } end,
            })
            return C {}
            """, height: 1)
        #expect(app.runtime.quitRequested == false)
        app.press("enter")
        #expect(app.runtime.quitRequested == true)
    }
}
