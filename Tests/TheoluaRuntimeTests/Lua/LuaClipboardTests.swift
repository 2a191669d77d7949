import Testing
import TheoluaCore
import TheoluaRuntime

/// `ui.clipboard.write(text)`: the host hears it and the runtime keeps the last text.
@Suite struct LuaClipboardTests {
    static let app = """
        local ui = require("theolua")
        return ui.component("Copy", {
          render = function(self)
            return ui.box { focusable = true, autoFocus = true, onKey = self:handler("key"), ui.text "copy" }
          end,
          actions = { key = function(self, key)
            if key.name == "y" then ui.clipboard.write("line one\\nπ") return true end
            if key.name == "n" then ui.clipboard.write({}) return true end
          end },
        })
        """

    @Test func theHostHearsTheTextAndTheRuntimeKeepsIt() throws {
        let app = try LuaApp(Self.app)
        var heard: [String] = []
        app.runtime.onClipboard = { heard.append($0) }
        #expect(app.runtime.clipboard == nil)
        app.press("y")
        #expect(heard == ["line one\nπ"])
        #expect(app.runtime.clipboard == "line one\nπ")
    }

    @Test func onlyTextIsCopied() throws {
        let app = try LuaApp(Self.app)
        app.press("n")
        #expect(app.errors().first?.contains("ui.clipboard.write: expected the text as a string, got table") == true)
        #expect(app.runtime.clipboard == nil)
        #expect(
            luaFailure(
                """
                local ui = require("theolua")
                ui.clipboard.write(string.rep("x", 2 * 1024 * 1024))
                return ui.text "x"
                """)?.contains("more than the 1 MiB the clipboard takes at once") == true)
    }
}
