import Testing
import TheoluaCore
import TheoluaLua
import TheoluaRuntime

/// What an app makes the host hold, beyond the Lua heap: nodes mounted, text shown,
/// strings copied out of Lua and elements that repeat one another.
@Suite struct LuaHostLimitsTests {
    @Test func mountingPastTheInstanceLimitIsAnErrorAtTheComponentsDefinition() throws {
        let app = try LuaApp(height: 2)
        app.runtime.reconciler.limits = HostLimits(instances: 50)
        try app.runtime.load(
            source: """
                local ui = require("theolua")
                local Row = ui.component("Row", function(p) return ui.row { ui.text "a", ui.text "b" } end)
                local rows = {}
                for i = 1, 40 do rows[i] = Row { key = i } end
                return ui.column { ui.text "top", rows }
                """)
        try app.runtime.mount()
        let errors = app.errors()
        #expect(errors.first == "app.lua:2: Row: more than 50 elements would be mounted at once (the host's limit); show long lists a part at a time")
        #expect(app.lines.first == "top")
        #expect(app.runtime.reconciler.mountedCount <= 50)
    }

    @Test func textPastTheLimitIsNotShownAndUnmountingGivesItBack() throws {
        let app = try LuaApp(height: 3)
        app.runtime.reconciler.limits = HostLimits(textBytes: 3 << 20)
        try app.runtime.load(
            source: """
                local ui = require("theolua")
                local big = string.rep("x", 1 << 20)
                return ui.component("App", {
                  initialState = function() return { n = 1 } end,
                  render = function(self)
                    local texts = {}
                    for i = 1, self.state.n do texts[i] = ui.text { big, wrap = "none", key = i } end
                    return ui.column { ui.button { "more", onPress = self:handler("more") }, texts }
                  end,
                  actions = { more = function(self) self:updateState({ n = self.state.n == 3 and 1 or self.state.n + 1 }) end },
                }) {}
                """)
        try app.runtime.mount()
        app.press("enter")
        #expect(app.errors().isEmpty)
        app.press("enter")
        #expect(app.errors().first?.contains("more than 3 MiB of text at once") == true)
        app.press("enter")
        #expect(app.errors().isEmpty)
        #expect(app.runtime.reconciler.mountedTextBytes < 2 << 20)
    }

    @Test func copyingALongStringOutOfLuaManyTimesSpendsTheBudget() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            local s = string.rep("abcdefghi ", 100000)
            local t = {}
            for i = 1, 500 do t[i] = ui.text(s) end
            return ui.column { t }
            """)
        #expect(failure?.hasPrefix("app.lua:4: instruction budget of 5000000 exceeded") == true, "\(failure ?? "")")
    }

    @Test func anElementRepeatingItselfIsBoundedWhereItIsMade() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            local e = ui.text "x"
            for i = 1, 25 do e = ui.column { e, e } end
            return e
            """)
        #expect(failure?.hasPrefix("app.lua:3: ui.column: child") == true, "\(failure ?? "")")
        #expect(failure?.contains("an element counts the elements it holds") == true)
    }
}
