import Testing
import TheoluaCore
import TheoluaRuntime

/// A host's app that fails and is mended (docs/embedding.md, "Errors"): the props
/// survive a file that does not load at start, the error shown goes once a mount or a
/// reload renders fine, and the host may dismiss it.
@Suite struct LuaStartErrorTests {
    static let labelled = """
        local ui = require("theolua")
        return ui.component("Label", {
          props = { label = { "string" }, fail = { "boolean", default = false } },
          initialState = function() return { clicks = 0 } end,
          render = function(self)
            if self.props.fail then error("bad data") end
            return ui.text(self.props.label .. " " .. self.state.clicks)
          end,
        })
        """

    @Test func propsSurviveAFileThatDoesNotLoadAtStart() throws {
        let folder = try TempFolder()
        let path = try folder.write("app.lua", "this is not lua (")
        let app = try LuaApp(width: 20, height: 1)
        #expect(throws: ScriptError.self) { try app.runtime.load(file: path) }
        #expect(app.runtime.shownError?.contains("app.lua:1") == true)
        #expect(!app.runtime.isRunning)
        // Nothing loaded: the mount fails, and keeps the props.
        #expect(throws: ScriptError.self) { try app.runtime.mount(props: ["label": .string("hello")]) }
        try folder.write("app.lua", Self.labelled)
        try app.runtime.reload()
        #expect(app.lines == ["hello 0"])
        #expect(app.runtime.shownError == nil)
        #expect(app.runtime.isRunning)
    }

    @Test func aMountThatRendersFineTakesAwayTheErrorABadOneCaused() throws {
        let app = try LuaApp(Self.labelled, width: 20, height: 1, props: ["label": .string("one")])
        try app.runtime.mount(props: ["label": .string("two"), "fail": .bool(true)])
        #expect(app.runtime.shownError?.contains("bad data") == true)
        #expect(app.errors().count == 1)
        try app.runtime.mount(props: ["label": .string("three")])
        #expect(app.runtime.shownError == nil)
        #expect(app.lines == ["three 0"])
    }

    @Test func propsThatDoNotFitAreShownAndKept() throws {
        let app = try LuaApp(Self.labelled, width: 20, height: 1, props: ["label": .string("one")])
        #expect(throws: ScriptError.self) { try app.runtime.mount(props: ["label": .int(5)]) }
        #expect(app.runtime.shownError?.contains("prop 'label'") == true)
        #expect(app.lines == ["one 0"], "the app before stays")
        app.runtime.dismissError()
        #expect(app.runtime.shownError == nil)
    }
}
