import Testing
import TheoluaCanvas
import TheoluaCore
import TheoluaRuntime

/// `ui.span` among a `ui.text`'s items (docs/lua-api.md, `ui.text`): one paragraph of
/// styled runs, spans nesting and inheriting, links, and the mistakes said clearly.
@Suite struct LuaSpanTests {
    @Test func spansWrapWithTheParagraph() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.text { "alpha beta ", ui.span { "gamma delta", bold = true }, " epsilon zeta" }
            """, width: 12, height: 4)
        #expect(app.lines == ["alpha beta", "gamma delta", "epsilon zeta", ""])
        #expect(app.runtime.screen[0, 1].style.attributes == .bold)
        #expect(app.runtime.screen[0, 0].style.attributes == [])
    }

    @Test func spansNestAndInheritWhatTheyDoNotSet() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.text { color = "blue",
              "a", ui.span { bold = true, color = "red", "b", ui.span { "c", italic = true }, ui.span { "d", bold = false } }, "e" }
            """, width: 10, height: 1)
        let screen = app.runtime.screen
        #expect(app.lines == ["abcde"])
        #expect(screen[0, 0].style == CellStyle(foreground: .blue))
        #expect(screen[1, 0].style == CellStyle(foreground: .red, attributes: .bold))
        #expect(screen[2, 0].style == CellStyle(foreground: .red, attributes: [.bold, .italic]))
        #expect(screen[3, 0].style == CellStyle(foreground: .red))
        #expect(screen[4, 0].style == CellStyle(foreground: .blue))
    }

    @Test func aLinkIsAHyperlinkInTheANSIScreenAndPlainText() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.column {
              ui.text { "see ", ui.span { "the docs", link = "https://example.com/docs" } },
              ui.text { "home", link = "https://example.com" },
            }
            """, width: 20, height: 2)
        #expect(app.lines == ["see the docs", "home"])
        #expect(app.runtime.ansiText(colors: .truecolor).contains("\u{1B}]8;;https://example.com/docs\u{1B}\\the docs\u{1B}]8;;\u{1B}\\"))
        #expect(app.runtime.screen[0, 1].style.link.url == "https://example.com")
    }

    @Test func aSpanAloneIsAText() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.span { "just me", underline = true }
            """, width: 10, height: 1)
        #expect(app.lines == ["just me"])
        #expect(app.runtime.screen[0, 0].style.attributes == .underline)
    }

    @Test func anUpdateChangesOnlyTheRunsThatChanged() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Log", {
              props = { level = { "string", default = "info" } },
              render = function(self)
                return ui.text { "[", ui.span { self.props.level, color = self.props.level == "error" and "red" or "green" }, "] started" }
              end,
            })
            """, width: 20, height: 1)
        #expect(app.lines == ["[info] started"])
        #expect(app.runtime.screen[1, 0].style.foreground == .green)
        try app.runtime.mount(props: ["level": .string("error")])
        #expect(app.lines == ["[error] started"])
        #expect(app.runtime.screen[1, 0].style.foreground == .red)
    }

    @Test func mistakesAreSaidAtTheirLine() {
        #expect(
            luaFailure(
                """
                local ui = require("theolua")
                return ui.text { "a", ui.box {} }
                """)?.contains("app.lua:2: ui.text: item 2 must be a string or a ui.span, got") == true)
        #expect(
            luaFailure(
                """
                local ui = require("theolua")
                return ui.text { ui.span { "x", size = 3 } }
                """)?.contains("app.lua:2: ui.span") == true)
        #expect(
            luaFailure(
                """
                local ui = require("theolua")
                return ui.text { ui.span { "x", link = 3 } }
                """)?.contains("link") == true)
    }
}
