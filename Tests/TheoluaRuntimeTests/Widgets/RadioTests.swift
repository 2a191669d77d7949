import Testing
import TheoluaCanvas
import TheoluaCore

@testable import TheoluaRuntime

/// `ui.radio`: a controlled group of options of which one is chosen.
@Suite struct RadioTests {
    static func app(direction: String = "column", value: String = "\"b\"") -> String {
        """
        local ui = require("theolua")
        return ui.component("Pick", {
          initialState = function() return { value = \(value) } end,
          render = function(self)
            return ui.column {
              ui.radio { options = { "a", "b", "c" }, value = self.state.value, direction = "\(direction)",
                onChange = self:handler("choose") },
              ui.text("= " .. tostring(self.state.value)),
            }
          end,
          actions = { choose = function(self, value) self:updateState({ value = value }) end },
        })
        """
    }

    @Test func theArrowsHomeAndEndChooseAnOption() throws {
        let app = try LuaApp(Self.app(), width: 10, height: 4)
        expectScreen(app, ["( ) a", "(•) b", "( ) c", "= b"])
        app.press("down")
        expectScreen(app, ["( ) a", "( ) b", "(•) c", "= c"])
        app.press("down")  // already the last
        expectScreen(app, ["( ) a", "( ) b", "(•) c", "= c"])
        app.press("left")
        expectScreen(app, ["( ) a", "(•) b", "( ) c", "= b"])
        app.press("home")
        expectScreen(app, ["(•) a", "( ) b", "( ) c", "= a"])
        app.press("end")
        expectScreen(app, ["( ) a", "( ) b", "(•) c", "= c"])
        #expect(app.errors() == [])
    }

    @Test func aClickChoosesTheOptionClicked() throws {
        let app = try LuaApp(Self.app(), width: 10, height: 4)
        try app.runtime.send(keys: "click:4,0")
        expectScreen(app, ["(•) a", "( ) b", "( ) c", "= a"])
        try app.runtime.send(keys: "click:1,2")
        expectScreen(app, ["( ) a", "( ) b", "(•) c", "= c"])
    }

    @Test func inARowTheOptionsStandSideBySide() throws {
        let app = try LuaApp(Self.app(direction: "row"), width: 20, height: 2)
        expectScreen(app, ["( ) a  (•) b  ( ) c", "= b"])
        app.press("right")
        expectScreen(app, ["( ) a  ( ) b  (•) c", "= c"])
        try app.runtime.send(keys: "click:1,0")
        expectScreen(app, ["(•) a  ( ) b  ( ) c", "= a"])
    }

    @Test func withNoValueTheFirstKeyChoosesTheFirstOption() throws {
        let app = try LuaApp(Self.app(value: "nil"), width: 10, height: 4)
        expectScreen(app, ["( ) a", "( ) b", "( ) c", "= nil"])
        app.press("down")
        expectScreen(app, ["(•) a", "( ) b", "( ) c", "= a"])
    }

    @Test func theChosenMarkTakesTheAccent() throws {
        let app = try LuaApp(Self.app(), width: 10, height: 4)
        #expect(app.runtime.screen[1, 1].style.foreground == .cyan)
        #expect(app.runtime.screen[1, 0].style.foreground != .cyan)
    }

    @Test func anySizeDrawsWithoutErrors() throws {
        for (width, height) in [(1, 1), (2, 1), (3, 2), (6, 2), (9, 5), (33, 7)] {
            for direction in ["column", "row"] {
                let app = try LuaApp(Self.app(direction: direction), width: width, height: height)
                app.press("down")
                #expect(app.errors() == [], "\(direction) at \(width)x\(height)")
                #expect(app.runtime.text.split(separator: "\n", omittingEmptySubsequences: false).count == height)
            }
        }
    }

    @Test func optionsAreRequired() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            return ui.radio { value = "a" }
            """)
        #expect(failure?.contains("app.lua:2: radio: prop 'options'") == true, "\(failure ?? "")")
    }
}
