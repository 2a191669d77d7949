import Foundation
import Testing
import TheoluaRuntime

/// `Runtime.Options.workingFolder`: where scripts' relative paths start (files,
/// writes, a process's `cwd`), while `require` loads from the app's folder and
/// `ui.appFolder` names it.
@Suite struct LuaWorkingFolderTests {
    static let app = """
        local ui = require("theolua")
        local lib = require("lib")
        local ok, notes = pcall(ui.readFile, "notes")
        ui.writeFile("saved", "saved " .. lib.name)
        local where = {}
        ui.spawn("pwd", {}, {
          onStdout = function(line) where[#where + 1] = line end,
          onExit = function() print("pwd " .. table.concat(where)) end,
        })
        return ui.component("Paths", {
          render = function(self)
            return ui.column {
              ui.text(lib.name .. " " .. (ok and notes or "none")),
              ui.text(ui.appFolder),
            }
          end,
        })
        """

    @Test func relativePathsStartInTheWorkingFolderAndModulesInTheAppsFolder() throws {
        let appFolder = try TempFolder()
        let work = try TempFolder()
        let path = try appFolder.write("app.lua", Self.app)
        _ = try appFolder.write("lib.lua", "return { name = 'lib' }")
        _ = try appFolder.write("notes", "the app's")
        _ = try work.write("notes", "the user's")
        let runtime = try Runtime(
            options: Runtime.Options(permissions: .all, workingFolder: work.path), width: 80, height: 2)
        var printed: [String] = []
        runtime.onLog = { printed.append($0) }
        try runtime.load(file: path)
        try runtime.mount()
        #expect(runtime.waitForProcesses(timeout: .seconds(5)))
        #expect(runtime.lines == ["lib the user's", appFolder.path])
        #expect(printed == ["pwd " + work.path])
        #expect(try String(contentsOfFile: work.path + "/saved", encoding: .utf8) == "saved lib")
        #expect(!FileManager.default.fileExists(atPath: appFolder.path + "/saved"))
    }

    @Test func withoutOneRelativePathsStartInTheAppsFolder() throws {
        let appFolder = try TempFolder()
        let path = try appFolder.write("app.lua", Self.app)
        _ = try appFolder.write("lib.lua", "return { name = 'lib' }")
        _ = try appFolder.write("notes", "the app's")
        let runtime = try Runtime(options: Runtime.Options(permissions: .all), width: 80, height: 2)
        var printed: [String] = []
        runtime.onLog = { printed.append($0) }
        try runtime.load(file: path)
        try runtime.mount()
        #expect(runtime.waitForProcesses(timeout: .seconds(5)))
        #expect(runtime.lines == ["lib the app's", appFolder.path])
        #expect(printed == ["pwd " + appFolder.path])
        #expect(try String(contentsOfFile: appFolder.path + "/saved", encoding: .utf8) == "saved lib")
    }
}
