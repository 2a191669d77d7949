import Testing
import TheoluaCore
import TheoluaLua

@testable import TheoluaRuntime

/// A paste larger than the text the app can still hold is refused, as an editor refuses
/// one: nothing receives it, no state changes, a warning says why, and the app goes on
/// (docs/lua-api.md, Paste).
@Suite struct LuaPasteLimitTests {
    /// A form with a textarea and an input, each keeping every edit, and a box taking
    /// pastes when neither has focus.
    static let form = """
        local ui = require("theolua")
        return ui.component("Form", {
          initialState = function() return { notes = "", name = "", pasted = 0 } end,
          actions = {
            notes = function(self, v) self:updateState { notes = v, name = self.state.name, pasted = self.state.pasted } end,
            name = function(self, v) self:updateState { notes = self.state.notes, name = v, pasted = self.state.pasted } end,
            pasted = function(self, text)
              self:updateState { notes = self.state.notes, name = self.state.name, pasted = #text }
            end,
          },
          render = function(self)
            return ui.column { onPaste = self:handler("pasted"),
              ui.textarea { value = self.state.notes, onChange = self:handler("notes"), rows = 2 },
              ui.input { value = self.state.name, onChange = self:handler("name") },
              ui.button { "ok" },
              ui.text("notes " .. #self.state.notes .. " name " .. #self.state.name .. " pasted " .. self.state.pasted),
            }
          end,
        })
        """

    /// The form with the host holding at most `textBytes` of text.
    private func form(textBytes: Int) throws -> LuaApp {
        let app = try LuaApp(width: 30, height: 5)
        app.runtime.reconciler.limits = HostLimits(textBytes: textBytes)
        try app.runtime.load(source: Self.form)
        try app.runtime.mount()
        return app
    }

    @Test func aTenMebibytePasteIntoATextareaIsRefusedAndTheNextKeyIsTyped() throws {
        // The limits `theolua run` has by default: 256 MiB of Lua memory, 8 MiB of text.
        let app = try LuaApp(
            Self.form, width: 30, height: 5, limits: ScriptLimits(memoryBytes: 256 << 20, instructions: 50_000_000))
        let outcome = app.runtime.paste(String(repeating: "x", count: 10 << 20))
        let message =
            "paste of 10 MiB not inserted: the app holds at most 8 MiB of text at once (the host's limit); paste less"
            + " at a time"
        #expect(outcome == .refused(message: message))
        #expect(app.warnings() == [message])
        #expect(app.errors() == [])
        #expect(app.lines.last == "notes 0 name 0 pasted 0")
        app.press("z")
        #expect(app.lines.first == "z")
        #expect(app.lines.last == "notes 1 name 0 pasted 0")
        #expect(app.errors() == [])
    }

    @Test func aPasteTooLargeForAnInputIsRefusedAndTheInputGoesOn() throws {
        let app = try form(textBytes: 4096)
        app.press("tab")
        #expect(app.runtime.paste(String(repeating: "y", count: 5000)) != .used)
        #expect(app.warnings().first?.hasPrefix("paste of 4.9 KiB not inserted: the app holds at most 4 KiB") == true)
        #expect(app.lines.last == "notes 0 name 0 pasted 0")
        app.press("text:ab")
        #expect(app.runtime.paste("cd") == .used)
        #expect(app.lines.last == "notes 0 name 4 pasted 0")
        #expect(app.errors() == [])
    }

    @Test func anOnPasteHandlerNeverHearsAPasteTooLarge() throws {
        let app = try form(textBytes: 4096)
        app.press("tab tab")  // the button: pastes go to the column's onPaste
        #expect(app.runtime.paste(String(repeating: "z", count: 5000)) != .used)
        #expect(app.lines.last == "notes 0 name 0 pasted 0")
        #expect(app.runtime.paste("zz") == .used)
        #expect(app.lines.last == "notes 0 name 0 pasted 2")
        #expect(app.errors() == [])
    }

    @Test func theRoomLeftCountsTheTextShownAlready() throws {
        let app = try form(textBytes: 4096)
        #expect(app.runtime.paste(String(repeating: "a", count: 3000)) == .used)
        #expect(app.lines.last == "notes 3000 name 0 pasted 0")
        let mounted = app.runtime.reconciler.mountedTextBytes
        let outcome = app.runtime.paste(String(repeating: "b", count: 4096 - mounted + 1))
        guard case .refused(let message) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect(message.hasSuffix("KiB of it shown now; paste less at a time"), "\(message)")
        #expect(app.runtime.paste(String(repeating: "b", count: 4096 - mounted - 8)) == .used)
        #expect(app.errors() == [])
    }
}
