import Foundation
import Testing
import TheoluaCanvas
import TheoluaCore
import TheoluaWidgets

@testable import TheoluaRuntime

/// `ui.filePicker`: a folder's tree read through the read grant, with filters and
/// `onPick(path)`.
@Suite struct FilePickerTests {
    static let app = """
        local ui = require("theolua")
        return ui.component("App", {
          initialState = function() return { picked = "nothing" } end,
          render = function(self)
            return ui.column {
              ui.filePicker { root = "notes", filter = { "*.md", "*.lua" }, grow = 1,
                onPick = function(path) self:updateState({ picked = path }) end },
              ui.text("picked " .. self.state.picked),
            }
          end,
        })
        """

    /// The app in a folder holding notes, run with `permissions` (the folder's read
    /// grant when nil).
    private func mounted(
        _ source: String = app, permissions: Permissions? = nil, width: Int = 24, height: Int = 6
    ) throws -> (
        LuaApp, TempFolder
    ) {
        let folder = try TempFolder()
        try folder.write("notes/todo.md", "# todo\n")
        try folder.write("notes/b.txt", "plain\n")
        try folder.write("notes/.draft.md", "hidden\n")
        try folder.write("notes/2026/march.md", "# march\n")
        try folder.write("notes/2026/tool.lua", "return 1\n")
        let path = try folder.write("app.lua", source)
        let app = try LuaApp(
            width: width, height: height, permissions: permissions ?? Permissions(read: .only([folder.path])))
        try app.runtime.load(file: path)
        try app.runtime.mount()
        return (app, folder)
    }

    @Test func foldersComeFirstAndFilesPassTheFilter() throws {
        let (app, _) = try mounted()
        expectScreen(app, ["▸ 2026/", "  todo.md", "", "", "", "picked nothing"])
    }

    @Test func enterOpensAFolderAndPicksAFile() throws {
        let (app, folder) = try mounted()
        defer { withExtendedLifetime(folder) {} }
        app.press("enter")
        expectScreen(app, ["▾ 2026/", "    march.md", "    tool.lua", "  todo.md", "", "picked nothing"])
        app.press("down down enter")
        #expect(app.lines.suffix(2).joined(separator: " ") == "picked notes/2026/tool.lua")
        try app.runtime.send(keys: "click:4,3 click:4,3")
        #expect(app.lines[5] == "picked notes/todo.md")
        #expect(app.errors() == [])
    }

    @Test func aCollapsedFolderIsReadAgainWhenOpened() throws {
        let (app, folder) = try mounted()
        app.press("enter")
        try folder.write("notes/2026/april.md", "# april\n")
        app.press("enter enter")
        expectScreen(app, ["▾ 2026/", "    april.md", "    march.md", "    tool.lua", "  todo.md", "picked nothing"])
    }

    @Test func hiddenNamesAndAFilterFunction() throws {
        let (app, _) = try mounted(
            """
            local ui = require("theolua")
            return ui.filePicker { root = "notes", hidden = true,
              filter = function(path, entry) return entry.size < 8 end }
            """)
        expectScreen(app, ["▸ 2026/", "  .draft.md", "  b.txt", "  todo.md", "", ""])
    }

    @Test func withoutTheReadGrantItSaysWhichFlagWouldAllowIt() throws {
        let (app, folder) = try mounted(permissions: Permissions(), width: 100, height: 4)
        defer { withExtendedLifetime(folder) {} }
        #expect(app.text.contains("ui.filePicker: reading"))
        #expect(app.text.contains("--allow-read"))
    }

    @Test func anySizeDrawsWithoutErrors() throws {
        for (width, height) in [(1, 1), (2, 1), (3, 2), (7, 3), (13, 5), (41, 9)] {
            let folder = try TempFolder()
            try folder.write("notes/a.md", "a")
            try folder.write("notes/sub/b.md", "b")
            let path = try folder.write("app.lua", Self.app)
            let app = try LuaApp(width: width, height: height, permissions: Permissions(read: .only([folder.path])))
            try app.runtime.load(file: path)
            try app.runtime.mount()
            app.press("enter down enter")
            #expect(app.errors() == [], "\(width)x\(height)")
        }
    }
}

extension FilePickerTests {
    @Test func swiftHostsMakeOneThatReadsThroughTheGrant() throws {
        let folder = try TempFolder()
        try folder.write("a.md", "a")
        try folder.write("b.txt", "b")
        let runtime = try Runtime(
            options: Runtime.Options(permissions: Permissions(read: .only([folder.path]))), width: 16, height: 2)
        runtime.mount(.filePicker(root: folder.path, patterns: ["*.md"]))
        #expect(runtime.lines == ["  a.md", ""])
    }
}

extension LuaApp {
    var text: String { runtime.text }
}
