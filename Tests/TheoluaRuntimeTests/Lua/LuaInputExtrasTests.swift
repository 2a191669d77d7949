import Testing
import TheoluaCore
import TheoluaRuntime

/// `ui.input`'s `mask`, `suggestions` and `validate` (docs/lua-api.md, `ui.input`).
@Suite struct LuaInputExtrasTests {
    static let form = """
        local ui = require("theolua")
        local fruits = { "apple", "Apricot", "banana" }
        return ui.component("Form", {
          props = { dynamic = { "boolean", default = false } },
          initialState = function() return { fruit = "", pin = "", submitted = "none" } end,
          render = function(self)
            local s = self.state
            local suggestions = fruits
            if self.props.dynamic then
              suggestions = function(text) return { text .. "-one", text .. "-two" } end
            end
            return ui.column {
              ui.input { value = s.fruit, autoFocus = true, suggestions = suggestions, width = 20,
                onChange = self:handler("set", "fruit"), onSubmit = self:handler("done", "fruit") },
              ui.input { value = s.pin, mask = "•", width = 24, onChange = self:handler("set", "pin"),
                validate = function(text) if #text < 4 then return "4 digits" end end,
                onSubmit = self:handler("done", "pin") },
              ui.text("submitted " .. s.submitted),
            }
          end,
          actions = {
            set = function(self, field, value)
              self:updateState(function(s)
                local c = { fruit = s.fruit, pin = s.pin, submitted = s.submitted }
                c[field] = value
                return c
              end)
            end,
            done = function(self, field, value)
              self:updateState(function(s) return { fruit = s.fruit, pin = s.pin, submitted = field .. "=" .. value } end)
            end,
          },
        })
        """

    @Test func aMaskedValueNeverShowsOnScreenOrInTheTree() throws {
        let app = try LuaApp(Self.form, width: 30, height: 3)
        app.press("tab text:s3cr right")
        #expect(app.lines[1] == "••••")
        #expect(!app.runtime.screen.lines.joined().contains("s3cr"))
        #expect(!app.runtime.treeText.contains("s3cr"), "\(app.runtime.treeText)")
        #expect(app.runtime.treeText.contains(#"pin = "••••""#))
        // The value itself is the app's: what onSubmit gets.
        app.press("enter")
        #expect(app.lines[2] == "submitted pin=s3cr")
    }

    @Test func aSuggestionShowsDimmedAndTabOrRightTakesIt() throws {
        let app = try LuaApp(Self.form, width: 30, height: 3)
        app.press("text:ap")
        #expect(app.lines[0] == "apple")
        #expect(app.runtime.screen[3, 0].style.attributes.contains(.dim))
        app.press("tab")
        #expect(app.runtime.componentTree.first?.state.recordValue?["fruit"] == .string("apple"))
        // Case does not matter to match; the suggestion's is taken.
        app.press("ctrl+u text:apr right")
        #expect(app.lines[0] == "Apricot")
        // Without a suggestion showing, tab moves focus as ever.
        app.press("tab text:1")
        #expect(app.lines[1] == "•")
    }

    @Test func aLongValueTypedKeyByKeyShowsItsEndAndStillCompletes() throws {
        // The field shows no more than the screen before a layout: its end stays in view.
        let app = try LuaApp(Self.form, width: 30, height: 3)
        app.press("text:" + String(repeating: "x", count: 500) + "ap")
        #expect(app.lines[0] == String(repeating: "x", count: 17) + "ap", "the cursor after p, in a 20-cell field")
        app.press("ctrl+u text:APR")
        #expect(app.lines[0] == "APRicot")
        app.press("tab")
        #expect(app.runtime.componentTree.first?.state.recordValue?["fruit"] == .string("Apricot"))
    }

    @Test func suggestionsMayBeAFunctionOfTheText() throws {
        let app = try LuaApp(Self.form, width: 30, height: 3, props: ["dynamic": .bool(true)])
        app.press("text:go")
        #expect(app.lines[0] == "go-one")
        app.press("right")
        #expect(app.runtime.componentTree.first?.state.recordValue?["fruit"] == .string("go-one"))
    }

    @Test func validateHoldsBackSubmitAndShowsWhyUntilMended() throws {
        let app = try LuaApp(Self.form, width: 30, height: 3)
        app.press("tab text:12 enter")
        #expect(app.lines[1] == "••  4 digits")
        #expect(app.lines[2] == "submitted none")
        app.press("text:34")
        #expect(app.lines[1] == "••••")
        app.press("enter")
        #expect(app.lines[2] == "submitted pin=1234")
    }
}
