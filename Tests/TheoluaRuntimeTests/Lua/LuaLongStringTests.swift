import Testing
import TheoluaCore
import TheoluaRuntime

/// Long strings cross between Lua and Swift without being copied again when they come
/// back (the kept string of the Lua state), and each one read is exactly the one the
/// script has, however many of the same length come and go.
@Suite struct LuaLongStringTests {
    static let app = """
        local ui = require("theolua")
        return ui.component("Long", {
          initialState = function() return { text = string.rep("a", 5000) } end,
          render = function(self)
            local text = self.state.text
            return ui.column {
              onKey = function(key)
                local next
                if key.name == "f2" then next = string.rep("b", 5000)
                elseif key.name == "f3" then next = string.rep("c", 4999) .. "!"
                elseif key.name == "f4" then next = self.state.text:sub(1, 4999) .. "x"
                elseif key.name == "f5" then collectgarbage() collectgarbage() next = string.rep("d", 5000)
                else return false end
                self:updateState({ text = next })
                return true
              end,
              ui.text(text:sub(1, 2) .. text:sub(-2) .. " " .. #text),
              ui.input { value = text, width = 10 },
            }
          end,
        })
        """

    @Test func eachLongStringReadIsTheOneTheScriptHas() throws {
        let app = try LuaApp(Self.app, width: 20, height: 2)
        #expect(app.lines.first == "aaaa 5000")
        for (key, shown) in [("f2", "bbbb 5000"), ("f3", "ccc! 5000"), ("f4", "cccx 5000"), ("f5", "dddd 5000"), ("f2", "bbbb 5000")] {
            app.press(key)
            #expect(app.lines.first == shown, "after \(key)")
            let state = app.runtime.componentTree.first?.state.recordValue?["text"]?.stringValue
            #expect(state?.utf8.count == 5000 && state?.hasSuffix(String(shown.dropLast(5).suffix(2))) == true)
        }
        #expect(app.errors() == [])
    }

    @Test func aLongPropFromTheHostComesBackAsItWas() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Echo", {
              props = { text = { "string", default = "" } },
              render = function(self) return ui.text((self.props.text .. "|"):sub(-3) .. #self.props.text) end,
            })
            """, width: 20, height: 1)
        for letter in ["p", "q", "r"] {
            let text = String(repeating: letter, count: 6_000)
            try app.runtime.mount(props: ["text": .string(text)])
            #expect(app.lines == ["\(letter)\(letter)|6000"])
        }
    }
}
