import Testing
import TheoluaCore
import TheoluaLua

@Suite struct LifecycleTests {
    static let clock = """
        local ui = require("theolua")
        local Clock = ui.component("Clock", {
          props = { label = "string" },
          initialState = function() return { ticks = 0 } end,
          render = function(self) return ui.text(self.props.label .. " " .. self.state.ticks) end,
          controller = {
            init = function(ctl)
              ctl.started = true
              print("init", ctl.props.label, ctl.state.ticks)
              ctl.timer = ui.every(1, function() ctl:updateState(function(s) return { ticks = s.ticks + 1 } end) end)
            end,
            didUpdateComponent = function(ctl) print("didUpdate", ctl.state.ticks) end,
            willUnmount = function(ctl) print("willUnmount", ctl.props.label) end,
            actions = { reset = function(ctl) ctl:updateState({ ticks = 0 }) end },
          },
        })
        """

    @Test func controllerTimersDriveStateAndStopOnUnmount() throws {
        let h = try Harness()
        try h.run(Self.clock + "return Clock { label = \"c\" }")
        #expect(h.logs == ["init\tc\t0"])
        h.loop.advance(by: .milliseconds(2500))
        #expect(h.host.take() == ["update text(\"c 1\")", "update text(\"c 2\")"])
        #expect(h.logs == ["init\tc\t0", "didUpdate\t1", "didUpdate\t2"])
        h.reconciler.update(root: nil)
        #expect(h.logs.last == "willUnmount\tc")
        h.loop.advance(by: .seconds(5))
        #expect(h.host.take() == ["remove text(\"c 2\") from root"])
        #expect(h.errors == [])
    }

    @Test func reloadKeepsStateAndControllerFieldsAndTakesNewMethods() throws {
        let h = try Harness()
        try h.run(Self.clock + "return Clock { label = \"c\" }")
        h.loop.advance(by: .seconds(3))
        _ = h.host.take()
        let changed = Self.clock.replacingOccurrences("self.props.label .. \" \"", with: "\"now \"")
            .replacingOccurrences(
                "print(\"didUpdate\", ctl.state.ticks)", with: "print(\"new didUpdate\", ctl.started)")
        let ops = try h.reload(changed + "return Clock { label = \"c\" }")
        #expect(ops == ["update text(\"now 3\")"])
        #expect(h.logs.last == "new didUpdate\ttrue")
        #expect(h.logs.filter { $0.hasPrefix("init") }.count == 1)
        #expect(h.errors == [])
    }

    @Test func actionsWalkFromComponentToControllerToParents() throws {
        let h = try Harness()
        try h.run(
            """
            local ui = require("theolua")
            local Leaf = ui.component("Leaf", {
              render = function(self)
                return ui.button { "go", onPress = self:handler("save", 7) }
              end,
            })
            local App = ui.component("App", {
              render = function(self) return ui.column { Leaf {} } end,
              controller = { actions = { save = function(ctl, n, extra) print("saved", n, extra) end } },
            })
            return App {}
            """)
        h.press("go")
        #expect(h.logs == ["saved\t7\tnil"])
        h.press("go", arguments: ["x"])
        #expect(h.logs.last == "saved\t7\tx")
        #expect(h.errors == [])
    }

    @Test func functionFormComponentsAreStateless() throws {
        let h = try Harness()
        let ops = try h.run(
            """
            local ui = require("theolua")
            local Hello = ui.component("Hello", function(props) return ui.text("hi " .. props.name) end)
            return Hello { name = "ada" }
            """)
        #expect(ops == ["insert text(\"hi ada\") into root"])
    }

    @Test func propsViewsSupportPairsIpairsAndLength() throws {
        let h = try Harness()
        let ops = try h.run(
            """
            local ui = require("theolua")
            local L = ui.component("L", {
              render = function(self)
                local parts = {}
                for i, item in ipairs(self.props.items) do parts[#parts + 1] = i .. "=" .. item end
                local keys = 0
                for k, v in pairs(self.props.meta) do keys = keys + 1 end
                return ui.text(table.concat(parts, ",") .. " #" .. #self.props.items .. " keys " .. keys)
              end,
            })
            return L { items = { "a", "b", "c" }, meta = { x = 1, y = 2 } }
            """)
        #expect(ops == ["insert text(\"1=a,2=b,3=c #3 keys 2\") into root"])
    }

    @Test func childrenArriveAsPropsChildren() throws {
        let h = try Harness()
        let ops = try h.run(
            """
            local ui = require("theolua")
            local Card = ui.component("Card", {
              props = { title = "string", children = "elements?" },
              render = function(self) return ui.box { border = "single", title = self.props.title, self.props.children } end,
            })
            return Card { title = "t", "x", false, ui.text "y" }
            """)
        #expect(ops == ["insert box into root", "insert text(\"x\") into box", "insert text(\"y\") into box"])
    }

    @Test func duplicateComponentNamesInOneLoadAreAnError() throws {
        let h = try Harness()
        let message = h.failure(
            """
            local ui = require("theolua")
            local A = ui.component("Row", function() end)
            local B = ui.component("Row", function() end)
            return A {}
            """)
        #expect(message?.contains("two components are named 'Row': one at app.lua:2, one at app.lua:3") == true)
    }

    @Test func duplicateKeysAreReportedWithParentKeyAndLine() throws {
        let h = try Harness()
        let failure = h.failure(
            """
            local ui = require("theolua")
            return ui.column { ui.text { "a", key = "k" }, ui.text { "b", key = "k" } }
            """)
        #expect(failure == "app.lua:2: Duplicate key 'k' among children of ui.column: give each child a unique key")
    }

    @Test func emitAndQuitReachTheHost() throws {
        let h = try Harness()
        try h.run(
            """
            local ui = require("theolua")
            ui.emit("ready", { n = 1, tags = { "a" } })
            ui.quit()
            return ui.text "x"
            """)
        #expect(h.emitted.first?.0 == "ready")
        #expect(h.emitted.first?.1 == ["n": 1, "tags": ["a"]])
        #expect(h.quit)
    }
}

extension String {
    func replacingOccurrences(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
