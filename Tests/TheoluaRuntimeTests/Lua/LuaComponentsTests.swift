import Testing
import TheoluaCore
import TheoluaRuntime

/// PRODUCT.md §1 "Components": both forms, `self`, state updates, handlers, dispatch.
@Suite struct LuaComponentsTests {
    @Test func theSpecFormAndTheFunctionFormBothDefineComponents() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Spec = ui.component("Spec", {
              props = { name = "string" },
              render = function(self) return "spec " .. self.props.name end,
            })
            local Plain = ui.component("Plain", function(props) return ui.text("plain " .. props.name) end)
            return ui.column { Spec { name = "a" }, Plain { name = "b" } }
            """)
        expectScreen(app, ["spec a", "plain b", ""])
        #expect(app.errors() == [])
    }

    @Test func theProductExampleCounterCounts() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")

            local Counter = ui.component("Counter", {
              props = {
                label = "string",                   -- required
                step  = { "integer", default = 1 }, -- optional, with a default
                note  = "string?",                  -- optional, may be nil
              },
              initialState = function(props) return { count = 0 } end,
              render = function(self)
                return ui.row { gap = 1,
                  ui.text { self.props.label .. ":", bold = true },
                  ui.text(tostring(self.state.count)),
                  ui.button { "+", onPress = self:handler("increment") },
                }
              end,
              actions = {
                increment = function(self)
                  self:updateState(function(s) return { count = s.count + self.props.step } end)
                end,
              },
            })

            return Counter { label = "Clicks" }
            """, height: 1)
        expectScreen(app, ["Clicks: 0 [ + ]"])
        app.press("enter enter space")
        expectScreen(app, ["Clicks: 3 [ + ]"])
    }

    @Test func twoComponentsWithOneNameAreAnErrorNamingBothPlaces() {
        let message = luaFailure(
            """
            local ui = require("theolua")
            local A = ui.component("Same", function() return "a" end)
            local B = ui.component("Same", function() return "b" end)
            return A {}
            """)
        #expect(
            message
                == "app.lua:3: ui.component: two components are named 'Same': one at app.lua:2, one at app.lua:3; give each a unique name"
        )
    }

    @Test func selfReadsTheLatestPropsAndStateEvenFromOldClosures() throws {
        // The timer closure is made during the first render; it must read the values
        // committed later, not those of the generation that created it.
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local started = false
            local Ticker = ui.component("Ticker", {
              props = { label = "string" },
              initialState = function() return { n = 0 } end,
              render = function(self)
                if not started then
                  started = true
                  ui.every(1, function() print(self.props.label, self.state.n) end)
                end
                return ui.button { self.props.label .. " " .. self.state.n, onPress = self:handler("bump") }
              end,
              actions = { bump = function(self) self:updateState({ n = self.state.n + 1 }) end },
            })
            local Root = ui.component("Root", {
              initialState = function() return { label = "first" } end,
              render = function(self)
                return ui.column { Ticker { label = self.state.label }, ui.button { "rename", onPress = self:handler("rename") } }
              end,
              actions = { rename = function(self) self:updateState({ label = "second" }) end },
            })
            return Root {}
            """)
        app.advance(1)
        app.press("enter enter")
        app.advance(1)
        app.press("tab enter")
        app.advance(1)
        expectScreen(app, ["[ second 2 ]", "[ rename ]", ""])
        #expect(app.takeLogs() == ["first\t0", "first\t2", "second\t2"])
        #expect(app.errors() == [])
    }

    // MARK: Read-only props and state

    private static let readOnlyApp = """
        local ui = require("theolua")
        local Locked = ui.component("Locked", {
          props = { label = "string", items = { "array", of = "table" } },
          initialState = function() return { list = { { name = "x" } }, n = 1 } end,
          render = function(self)
            local attempts = {
              function() self.props.label = "changed" end,
              function() self.props.items[1].title = "changed" end,
              function() self.state.n = 2 end,
              function() self.state.list[1].name = "y" end,
              function() self.state.list[2] = {} end,
              function() self.props = {} end,
              function() self.state = {} end,
              function() self.extra = 1 end,
              function() rawset(self.props, "label", "changed") end,
              function() rawset(self.state.list, 1, "changed") end,
              function() setmetatable(self.state, {}) end,
              function() setmetatable(self.props.items, nil) end,
            }
            for _, attempt in ipairs(attempts) do
              local ok, err = pcall(attempt)
              print(ok, err)
            end
            print(getmetatable(self.props))
            return self.props.label .. " " .. self.state.n .. " " .. self.state.list[1].name
          end,
        })
        return Locked { label = "kept", items = { { title = "t" } } }
        """

    @Test func propsAndStateAreDeeplyReadOnlyWithErrorsNamingComponentAndField() throws {
        let app = try LuaApp(LuaComponentsTests.readOnlyApp)
        expectScreen(app, ["kept 1 x", "", ""])
        let logs = app.takeLogs()
        let expected = [
            "false\tapp.lua:7: Locked: cannot assign props.label: props are read-only; the parent sets them",
            "false\tapp.lua:8: Locked: cannot assign props.items[1].title: props are read-only; the parent sets them",
            "false\tapp.lua:9: Locked: cannot assign state.n: state is read-only; use self:updateState",
            "false\tapp.lua:10: Locked: cannot assign state.list[1].name: state is read-only; use self:updateState",
            "false\tapp.lua:11: Locked: cannot assign state.list[2]: state is read-only; use self:updateState",
            "false\tapp.lua:12: Locked: cannot assign self.props: props are read-only; the parent sets them",
            "false\tapp.lua:13: Locked: cannot assign self.state: state is read-only; use self:updateState",
            "false\tapp.lua:14: Locked: cannot assign self.extra: keep data in state (self:updateState) or in a controller",
        ]
        #expect(Array(logs.prefix(8)) == expected)
        #expect(logs.count == 13)
        for line in logs.dropFirst(8).prefix(4) {
            #expect(line.hasPrefix("false\tapp.lua:"), "rawset and setmetatable fail: \(line)")
        }
        #expect(logs.last == "locked")
        expectScreen(app, ["kept 1 x", "", ""], "nothing was changed")
    }

    @Test(arguments: [
        ("rawset(self.props, 'label', 'changed')", "props"),
        ("rawset(self.state.list, 1, 'changed')", "state.list"),
        ("setmetatable(self.state, {})", "state"),
        ("setmetatable(self.props.items, nil)", "props.items"),
    ])
    func rawsetAndSetmetatableOnViewsFailNamingTheComponentAndField(_ statement: String, _ field: String)
        throws
    {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Locked = ui.component("Locked", {
              props = { label = "string", items = { "array", of = "table" } },
              initialState = function() return { list = { { name = "x" } }, n = 1 } end,
              render = function(self)
                \(statement)
                return self.props.label
              end,
            })
            return Locked { label = "kept", items = { { title = "t" } } }
            """, width: 80)
        let errors = app.errors()
        #expect(errors.count == 1)
        let message = errors.first ?? ""
        #expect(message.hasPrefix("app.lua:6: Locked: "), "\(message)")
        #expect(message.contains(field), "\(message)")
    }

    @Test func pairsIpairsAndLengthWorkOnProps() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Show = ui.component("Show", {
              props = { b = "integer", a = "integer", list = { "array", of = "string" } },
              initialState = function() return { rows = { "r1", "r2" }, map = { x = 1, y = 2 } } end,
              render = function(self)
                local keys = {}
                for k in pairs(self.props) do keys[#keys + 1] = k end
                table.sort(keys)
                local items = {}
                for i, v in ipairs(self.props.list) do items[#items + 1] = i .. "=" .. v end
                local sum = 0
                for k, v in pairs(self.state.map) do sum = sum + v end
                return ui.column {
                  table.concat(keys, ","),
                  table.concat(items, ",") .. " #" .. #self.props.list,
                  "#rows=" .. #self.state.rows .. " sum=" .. sum .. " " .. table.concat({ table.unpack({ "u", "v" }) }),
                }
              end,
            })
            return Show { b = 2, a = 1, list = { "p", "q", "r" } }
            """)
        expectScreen(app, ["a,b,list", "1=p,2=q,3=r #3", "#rows=2 sum=3 uv"])
        #expect(app.errors() == [])
    }

    @Test func stateIsNotAvailableInsideInitialState() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("C", {
              initialState = function(props, extra) return { kind = type(props), extra = type(extra) } end,
              render = function(self) return self.state.kind .. " " .. self.state.extra end,
            })
            return C {}
            """)
        expectScreen(app, ["userdata nil", "", ""])
    }

    // MARK: updateState

    @Test func updatesOfOneTurnAreBatchedAndAppliedInOrderBeforeOneRender() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("C", {
              initialState = function() return { n = 1 } end,
              render = function(self)
                print("render", self.state.n)
                return ui.button { "n=" .. self.state.n, onPress = self:handler("go") }
              end,
              actions = {
                go = function(self)
                  self:updateState({ n = 10 })
                  print("after value form", self.state.n)
                  self:updateState(function(s) return { n = s.n + 1 } end)
                  self:updateState(function(s) return { n = s.n * 2 } end)
                  print("after function forms", self.state.n)
                end,
              },
            })
            return C {}
            """, height: 1)
        #expect(app.takeLogs() == ["render\t1"])
        app.press("enter")
        expectScreen(app, ["[ n=22 ]"])
        #expect(app.takeLogs() == ["after value form\t1", "after function forms\t1", "render\t22"])
    }

    @Test func updatesFromSeveralComponentsInOneTurnRenderEachOnce() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local children = {}
            local Child = ui.component("Child", {
              props = { id = "string" },
              initialState = function() return { n = 0 } end,
              render = function(self)
                children[self.props.id] = self
                print("render " .. self.props.id, self.state.n)
                return self.props.id .. "=" .. self.state.n
              end,
            })
            local Parent = ui.component("Parent", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                print("render parent", self.state.n)
                return ui.column { Child { id = "a" }, Child { id = "b" }, ui.button { "go", onPress = self:handler("go") } }
              end,
              actions = {
                go = function(self)
                  children.b:updateState(function(s) return { n = s.n + 1 } end)
                  children.a:updateState({ n = 5 })
                  self:updateState({ n = 1 })
                  children.b:updateState(function(s) return { n = s.n + 1 } end)
                end,
              },
            })
            return Parent {}
            """, height: 3)
        _ = app.takeLogs()
        app.press("enter")
        expectScreen(app, ["a=5", "b=2", "[ go ]"])
        #expect(app.takeLogs() == ["render parent\t1", "render a\t5", "render b\t2"])
    }

    @Test func anUpdateToAnEqualStateDoesNotReRender() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("C", {
              initialState = function() return { n = 1, list = { "a" } } end,
              render = function(self)
                print("render")
                return ui.button { "n=" .. self.state.n, onPress = self:handler("same") }
              end,
              actions = { same = function(self) self:updateState({ list = { "a" }, n = 1 }) end },
            })
            return C {}
            """, height: 1)
        #expect(app.takeLogs() == ["render"])
        app.press("enter enter")
        #expect(app.takeLogs() == [])
    }

    @Test func aFailingUpdaterNamesFileLineAndComponent() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("C", {
              initialState = function() return { n = 1 } end,
              render = function(self) return ui.button { "n=" .. self.state.n, onPress = self:handler("go") } end,
              actions = {
                go = function(self)
                  self:updateState(function(s) return { n = s.n + 1 } end)
                  self:updateState(function(s) error("updater failed") end)
                end,
              },
            })
            return C {}
            """, height: 1)
        app.press("enter")
        #expect(app.errors() == ["app.lua:8: C: updater failed"])
        // The app keeps working.
        app.press("enter")
        #expect(app.errors().count == 1)
    }

    // MARK: Handlers

    @Test func handlerPropsAreEqualAcrossGenerationsSoChildrenAreNotReRendered() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local function shared() end
            local Child = ui.component("Child", {
              props = { onPick = "function", onOther = "function" },
              render = function(self)
                print("render child")
                return "child"
              end,
            })
            local Parent = ui.component("Parent", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                print("render parent", self.state.n)
                print("same handler", self:handler("pick") == self:handler("pick"))
                return ui.column {
                  Child { onPick = self:handler("pick", "bound"), onOther = shared },
                  ui.button { "bump " .. self.state.n, onPress = self:handler("bump") },
                }
              end,
              actions = { bump = function(self) self:updateState({ n = self.state.n + 1 }) end },
            })
            return Parent {}
            """)
        #expect(app.takeLogs() == ["render parent\t0", "same handler\ttrue", "render child"])
        app.press("enter")
        expectScreen(app, ["child", "[ bump 1 ]", ""])
        #expect(app.takeLogs() == ["render parent\t1", "same handler\ttrue"])
    }

    @Test func handlerCallsPassBoundArgumentsThenCallArguments() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("C", {
              render = function(self)
                return ui.button { "go", onPress = self:handler("tap", "a", 1) }
              end,
              actions = {
                tap = function(self, ...)
                  local parts = {}
                  for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
                  print(table.concat(parts, " "))
                end,
                call = function(self) self:handler("tap", "x")("y", { 1, 2 }) end,
              },
            })
            return C {}
            """, height: 1)
        app.press("enter")
        #expect(app.takeLogs().first?.hasPrefix("a 1") == true)
    }

    @Test func callingAHandlerFromLuaDispatchesIt() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("C", {
              render = function(self)
                return ui.button { "go", onPress = self:handler("call") }
              end,
              actions = {
                tap = function(self, a, b, c) print("tap", a, b, type(c), c and c[2]) end,
                call = function(self) self:handler("tap", "x")("y", { 1, 2 }) end,
              },
            })
            return C {}
            """, height: 1)
        app.press("enter")
        #expect(app.takeLogs() == ["tap\tx\ty\ttable\t2"])
        #expect(app.errors() == [])
    }

    @Test func plainFunctionsAreAcceptedAsHandlers() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("C", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                return ui.button { "n=" .. self.state.n, onPress = function(...)
                  print("pressed", select("#", ...))
                  self:updateState(function(s) return { n = s.n + 1 } end)
                end }
              end,
            })
            return C {}
            """, height: 1)
        app.press("enter space")
        expectScreen(app, ["[ n=2 ]"])
        #expect(app.takeLogs().allSatisfy { $0.hasPrefix("pressed") })
        #expect(app.errors() == [])
    }

    @Test func anErrorInAPlainFunctionHandlerNamesFileLineAndComponent() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("Clicky", {
              render = function(self)
                return ui.button { "go", onPress = function()
                  error("handler broke")
                end }
              end,
            })
            return C {}
            """, height: 1)
        app.press("enter")
        let errors = app.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("app.lua:5: ") == true, "\(errors)")
        #expect(errors == ["app.lua:5: Clicky: handler broke"])
    }

    // MARK: send and the responder chain

    @Test func sendStartsAtTheParent() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Child = ui.component("Child", {
              render = function(self) return ui.button { "go", onPress = self:handler("go") } end,
              actions = {
                go = function(self) self:send("ping", "from child") end,
                ping = function(self, from) print("child ping", from) end,
              },
            })
            local Parent = ui.component("Parent", {
              render = function(self) return Child {} end,
              actions = { ping = function(self, from) print("parent ping", from) end },
            })
            return Parent {}
            """, height: 1)
        app.press("enter")
        #expect(app.takeLogs() == ["parent ping\tfrom child"])
    }

    @Test func dispatchWalksComponentThenControllerThenAncestorsUpToTheRoot() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Leaf = ui.component("Leaf", {
              render = function(self)
                return ui.row {
                  ui.button { "a", onPress = self:handler("a") },
                  ui.button { "b", onPress = self:handler("b") },
                  ui.button { "c", onPress = self:handler("c") },
                  ui.button { "d", onPress = self:handler("d") },
                  ui.button { "e", onPress = self:handler("e") },
                  ui.button { "f", onPress = self:handler("f") },
                }
              end,
              actions = { a = function(self) print("leaf a") end },
              controller = { actions = {
                a = function(ctl) print("leaf controller a") end,
                b = function(ctl) print("leaf controller b") end,
              } },
            })
            local Middle = ui.component("Middle", {
              render = function(self) return Leaf {} end,
              controller = { actions = { c = function(ctl) print("middle controller c") end } },
            })
            local Root = ui.component("Root", {
              render = function(self) return ui.box { Middle {} } end,
              actions = {
                c = function(self) print("root c") end,
                d = function(self, ...) print("root d", select("#", ...)) end,
              },
              controller = { actions = { e = function(ctl) print("root controller e") end } },
            })
            return Root {}
            """, height: 1)
        app.press("enter tab enter tab enter tab enter tab enter")
        #expect(
            app.takeLogs() == [
                "leaf a", "leaf controller b", "middle controller c", "root d\t0", "root controller e",
            ])
        #expect(app.warnings() == [])
        app.press("tab enter")
        let warnings = app.warnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("Unhandled action 'f'") == true, "\(warnings)")
        #expect(app.errors() == [])
    }

    @Test func anUnhandledSendIsAWarningNotACrash() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local C = ui.component("Lonely", {
              render = function(self) return ui.button { "go", onPress = self:handler("go") } end,
              actions = { go = function(self) self:send("nobody", 1, 2) end },
            })
            return C {}
            """, height: 1)
        app.press("enter")
        let warnings = app.warnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("Unhandled action 'nobody'") == true, "\(warnings)")
        #expect(warnings.first?.contains("Lonely") == true, "\(warnings)")
        #expect(app.errors() == [])
    }

    // MARK: Memoization

    @Test func aComponentReRendersOnlyWhenItsPropsOrStateChanged() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Child = ui.component("Child", {
              props = { label = "string", data = "table" },
              render = function(self)
                print("render " .. self.props.label)
                return self.props.label
              end,
            })
            local Parent = ui.component("Parent", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                print("render parent")
                return ui.column {
                  Child { label = "same", data = { x = 1, list = { 1, 2 } } },
                  Child { label = "changes " .. self.state.n, data = {} },
                  ui.button { "bump", onPress = self:handler("bump") },
                }
              end,
              actions = { bump = function(self) self:updateState({ n = self.state.n + 1 }) end },
            })
            return Parent {}
            """)
        #expect(app.takeLogs() == ["render parent", "render same", "render changes 0"])
        app.press("enter")
        #expect(app.takeLogs() == ["render parent", "render changes 1"])
        expectScreen(app, ["same", "changes 1", "[ bump ]"])
    }
}
