import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `require` finds libraries people vendor (PRODUCT.md §18): a rock in the app's
/// `lua_modules` tree with no flag, and a folder given with `--module-path`, which
/// `require` may read and nothing else may.
@Suite struct ModulePathTests {
    @Test func aModuleInTheAppsLuaModulesTreeLoadsWithNoFlag() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        Files.makeFolder(folder.path + "/lua_modules/share/lua/5.4/greet")
        folder.write("lua_modules/share/lua/5.4/greet/init.lua", "return { hello = function(n) return 'hello ' .. n end }")
        folder.write("lua_modules/share/lua/5.4/greet/extra.lua", "return 'extra of ' .. (...)")
        let app = folder.write(
            "app.lua",
            """
            local ui = require("theolua")
            local greet = require("greet")
            return ui.text(greet.hello("rocks") .. ", " .. require("greet.extra"))
            """)
        let result = runTheolua(["render", app, "--size", "40x1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "hello rocks, extra of greet.extra\n")
    }

    @Test(.enabled(if: access("/usr/share/lua/5.4/dkjson.lua", R_OK) == 0, "needs Debian's lua-dkjson"))
    func aModulePathIsReadByRequireAndNothingElse() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write(
            "app.lua",
            """
            local ui = require("theolua")
            local json = require("dkjson")
            local read = pcall(ui.readFile, "/usr/share/lua/5.4/dkjson.lua")
            return ui.text(json.encode({ 1, 2 }) .. " " .. tostring(read))
            """)
        let result = runTheolua(["render", app, "--size", "40x1", "--module-path", "/usr/share/lua/5.4"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "[1,2] false\n")
        let without = runTheolua(["render", app, "--size", "40x1"])
        #expect(without.status == 1)
        #expect(without.stderr.contains("module 'dkjson' not found"), "\(without.stderr)")
    }
}
