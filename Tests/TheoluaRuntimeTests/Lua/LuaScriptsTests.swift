import Testing
import TheoluaCore
import TheoluaLua
import TheoluaRuntime

/// PRODUCT.md §1 "Scripts, modules, sandbox": require, the sandbox, limits, error
/// locations, the log, and hot reload.
@Suite struct LuaScriptsTests {
    // MARK: require

    @Test func requireLoadsModulesRelativeToTheAppFolderOncePerLoad() throws {
        let folder = try TempFolder()
        try folder.write(
            "lib/greet.lua",
            """
            local ui = require("theolua")
            loads = (loads or 0) + 1
            return ui.component("Greet", function(props) return "hello " .. props.name end)
            """)
        try folder.write("util.lua", "return { twice = function(s) return s .. s end }")
        let app = try folder.write(
            "app.lua",
            """
            local ui = require("theolua")
            local Greet = require("lib.greet")
            local again = require("lib.greet")
            local util = require("util")
            return ui.column { Greet { name = "you" }, util.twice("ab"), tostring(Greet == again) .. " " .. loads }
            """)
        let runtime = try Runtime(width: 20, height: 3)
        try runtime.load(file: app)
        try runtime.mount()
        expectLines(runtime.lines, ["hello you", "abab", "true 1"])
        #expect(runtime.loadedFiles == [app, folder.path + "/lib/greet.lua", folder.path + "/util.lua"])
    }

    /// As stock Lua's `package.path` of `./?.lua;./?/init.lua`: `name.lua` first, then
    /// `name/init.lua`; the chunk gets its name and path as `...`, so the relative-require
    /// idiom of libraries works; `require` returns the path too, the first time.
    @Test func requireFindsInitFilesAndGivesModulesTheirNameAndPath() throws {
        let folder = try TempFolder()
        try folder.write("pkg/init.lua", "local name, path = ...\nreturn { name = name, path = path, helper = require(name .. '.helper') }")
        try folder.write("pkg/helper.lua", "local base = (...):match('(.-)[^%.]+$')\nreturn 'helper of ' .. base")
        try folder.write("both.lua", "return 'both.lua'")
        try folder.write("both/init.lua", "return 'both/init.lua'")
        let app = try folder.write(
            "app.lua",
            """
            local ui = require("theolua")
            local pkg, where = require("pkg")
            local again, twice = require("pkg")
            return ui.column {
              pkg.name .. " " .. pkg.path .. " " .. where, pkg.helper,
              require("both") .. " " .. tostring(again == pkg) .. " " .. tostring(twice),
            }
            """)
        let runtime = try Runtime(width: 40, height: 3)
        try runtime.load(file: app)
        try runtime.mount()
        expectLines(runtime.lines, ["pkg pkg/init.lua pkg/init.lua", "helper of pkg.", "both.lua true nil"])
    }

    /// `package` as stock Lua's, inside the folders modules may come from: `preload`
    /// first, `path` searched (a template outside the folders left out, and said so),
    /// `loaded` the load's modules; `loadlib` raises, naming the flag.
    @Test func packagePreloadPathAndLoadedBehaveAsInLua() throws {
        let folder = try TempFolder()
        try folder.write("vendor/dep.lua", "return 'dep from vendor'")
        let app = try folder.write(
            "app.lua",
            """
            local ui = require("theolua")
            package.preload.virtual = function(name, extra) return name .. " " .. extra end
            local v, how = require("virtual")
            local default = package.path
            package.path = "./vendor/?.lua;/etc/?;" .. package.path
            local dep = require("dep")
            local _, missing = pcall(require, "passwd")
            local _, lib = pcall(package.loadlib, "x.so", "f")
            return ui.column {
              v .. " " .. how, default, dep .. " " .. tostring(package.loaded.dep == dep),
              missing, lib,
            }
            """)
        let runtime = try Runtime(width: 800, height: 5)
        try runtime.load(file: app)
        try runtime.mount()
        let folderPath = folder.path
        expectLines(
            runtime.lines,
            [
                "virtual :preload: :preload:",
                "./?.lua;./?/init.lua;./lua_modules/share/lua/5.4/?.lua;./lua_modules/share/lua/5.4/?/init.lua",
                "dep from vendor true",
                "module 'passwd' not found (looked for \(folderPath)/vendor/passwd.lua, \(folderPath)/passwd.lua,"
                    + " \(folderPath)/passwd/init.lua, \(folderPath)/lua_modules/share/lua/5.4/passwd.lua,"
                    + " \(folderPath)/lua_modules/share/lua/5.4/passwd/init.lua; not in /etc/passwd, outside the app's"
                    + " folder and the module paths)",
                "package.loadlib is not available in the sandbox: run with --allow-io to let scripts use it",
            ])
    }

    /// A `#!` first line (an executable app or module) is skipped as the `lua` command
    /// skips it, and the lines after keep their numbers; so is a UTF-8 byte order mark.
    @Test func aShebangLineIsSkippedAndLinesKeepTheirNumbers() throws {
        let folder = try TempFolder()
        try folder.write("mod.lua", "#!/usr/bin/env lua\nlocal x = 1\nerror('from line 3')")
        try folder.write("bom.lua", bytes: [0xEF, 0xBB, 0xBF] + Array("#!/bin/lua\nreturn 'bom'".utf8))
        let app = try folder.write(
            "app.lua",
            """
            #!/usr/bin/env theolua
            local ui = require("theolua")
            local ok, message = pcall(require, "mod")
            return ui.column { message, require("bom") }
            """)
        let runtime = try Runtime(width: 40, height: 2)
        try runtime.load(file: app)
        try runtime.mount()
        expectLines(runtime.lines, ["mod.lua:3: from line 3", "bom"])
    }

    @Test func requireGivesTheLibrariesAsStockLuaDoesBeforeAnyFileOfTheirName() throws {
        let folder = try TempFolder()
        try folder.write("utf8.lua", "error('the file was loaded')")
        let app = try folder.write(
            "app.lua",
            """
            local ui = require("theolua")
            local same = require("utf8") == utf8 and require("string") == string and require("_G") == _G
              and require("table") == table and require("math") == math and require("coroutine") == coroutine
              and require("os") == os
            string = nil
            return ui.text(tostring(same) .. " " .. type(require("string").rep))
            """)
        let runtime = try Runtime(width: 20, height: 1)
        try runtime.load(file: app)
        try runtime.mount()
        expectLines(runtime.lines, ["true function"])
    }

    @Test func aMissingModuleIsAnErrorSayingWhereItLooked() throws {
        let folder = try TempFolder()
        let app = try folder.write("app.lua", "local m = require('missing')\nreturn m")
        let runtime = try Runtime(width: 20, height: 3)
        #expect {
            try runtime.load(file: app)
        } throws: { error in
            "\(error)"
                == "app.lua:1: module 'missing' not found (looked for \(folder.path)/missing.lua, \(folder.path)/missing/init.lua,"
                + " \(folder.path)/lua_modules/share/lua/5.4/missing.lua, \(folder.path)/lua_modules/share/lua/5.4/missing/init.lua)"
        }
    }

    @Test func errorsInsideModulesNameTheModuleFileAndLine() throws {
        let folder = try TempFolder()
        try folder.write(
            "widget.lua",
            """
            local ui = require("theolua")
            return ui.component("Widget", {
              render = function(self)
                return nil .. "x"
              end,
            })
            """)
        let app = try folder.write("app.lua", "local Widget = require('widget')\nreturn Widget {}")
        let runtime = try Runtime(width: 20, height: 3)
        try runtime.load(file: app)
        try runtime.mount()
        let errors = runtime.takeErrors()
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("widget.lua:4: Widget: attempt to concatenate") == true, "\(errors)")
    }

    // MARK: Sandbox

    @Test func theSandboxHasNoFileProcessOrDebugAccess() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local checks = {
              { "io", io }, { "debug", debug }, { "package", package }, { "dofile", dofile },
              { "loadfile", loadfile }, { "os.execute", os.execute }, { "os.getenv", os.getenv },
              { "os.remove", os.remove }, { "os.rename", os.rename }, { "os.exit", os.exit },
              { "os.tmpname", os.tmpname }, { "os.time", os.time }, { "os.clock", os.clock },
              { "os.date", os.date }, { "os.difftime", os.difftime }, { "string", string }, { "table", table },
              { "math", math }, { "utf8", utf8 }, { "coroutine", coroutine }, { "load", load },
              { "require", require },
            }
            local lines = {}
            for _, check in ipairs(checks) do lines[#lines + 1] = check[1] .. "=" .. type(check[2]) end
            return ui.text(table.concat(lines, " "))
            """, width: 400, height: 1)
        #expect(
            app.lines
                == [
                    "io=table debug=table package=table dofile=function loadfile=function os.execute=function"
                        + " os.getenv=function os.remove=function os.rename=function os.exit=function"
                        + " os.tmpname=function os.time=function os.clock=function"
                        + " os.date=function os.difftime=function string=table table=table math=table"
                        + " utf8=table coroutine=table load=function require=function"
                ])
        #expect(app.errors() == [])
    }

    @Test func loadWithAnExplicitEnvironmentUsesIt() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local f = load("return a + 1", "chunk", "t", { a = 41 })
            return ui.text(tostring(f()))
            """, height: 1)
        expectScreen(app, ["42"])
    }

    @Test func loadedChunksSeeTheGlobalsWhenNoEnvironmentIsGiven() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local ok, result = pcall(load("return type(print) .. ' ' .. type(string)"))
            return ui.text(tostring(ok) .. " " .. tostring(result))
            """, width: 80, height: 1)
        expectScreen(app, ["true function table"])
    }

    @Test func osTimeClockDateAndDifftimeWork() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local t = os.time({ year = 2024, month = 1, day = 2, hour = 12 })
            return ui.column {
              os.date("!%Y-%m-%d", 0),
              tostring(os.difftime(t + 60, t)),
              math.type(os.time()) .. " " .. type(os.clock()),
            }
            """)
        expectScreen(app, ["1970-01-01", "60.0", "integer number"])
    }

    @Test func loadAcceptsTextOnlyNeverBytecode() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local bytecode = string.dump(function() return 1 end)
            local f, err = load(bytecode)
            local g, err2 = load(bytecode, "chunk", "b")
            local h = load("return 40 + 2")
            return ui.column { tostring(f) .. " " .. tostring(err), tostring(g) .. " " .. tostring(err2), tostring(h()) }
            """, width: 80)
        expectScreen(
            app,
            [
                "nil attempt to load a binary chunk (mode is 't')",
                "nil attempt to load a binary chunk (mode is 't')",
                "42",
            ])
    }

    @Test func allowIOOpensTheFullLibraries() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.text(type(io) .. " " .. type(os.getenv) .. " " .. type(debug))
            """, allowIO: true)
        expectScreen(app, ["table function table", "", ""])
    }

    // MARK: Limits

    static let limitsApp = """
        local ui = require("theolua")
        local C = ui.component("Greedy", {
          initialState = function() return { n = 0 } end,
          render = function(self)
            return ui.row { gap = 1,
              ui.button { "spin", onPress = self:handler("spin") },
              ui.button { "hog", onPress = self:handler("hog") },
              ui.button { "n=" .. self.state.n, onPress = self:handler("bump") },
            }
          end,
          actions = {
            spin = function(self) while true do end end,
            hog = function(self)
              local t = {}
              for i = 1, 1e9 do t[i] = string.rep("x", 4096) .. i end
            end,
            bump = function(self) self:updateState({ n = self.state.n + 1 }) end,
          },
        })
        return C {}
        """

    @Test func aRunawayLoopIsAnOrdinaryErrorAndTheAppKeepsWorking() throws {
        let app = try LuaApp(LuaScriptsTests.limitsApp, width: 30, height: 1)
        app.press("enter")
        #expect(
            app.errors() == ["app.lua:12: Greedy: instruction budget of 5000000 exceeded (a runaway loop? long work can run in ui.task, or raise --max-instructions)"])
        app.press("tab tab enter")
        expectScreen(app, ["[ spin ] [ hog ] [ n=1 ]"])
        #expect(app.errors() == [])
    }

    @Test func theMemoryCapIsAnOrdinaryErrorAndTheAppKeepsWorking() throws {
        let app = try LuaApp(
            LuaScriptsTests.limitsApp, width: 30, height: 1,
            limits: ScriptLimits(memoryBytes: 32 << 20, instructions: 100_000_000))
        app.press("tab enter")
        let errors = app.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.contains("Greedy: memory limit of 32 MiB exceeded") == true, "\(errors)")
        app.press("tab enter")
        expectScreen(app, ["[ spin ] [ hog ] [ n=1 ]"])
        #expect(app.errors() == [])
        #expect(app.runtime.bridge.memoryUsed < 32 << 20)
    }

    @Test func theMemoryCapErrorNamesFileAndLine() throws {
        let app = try LuaApp(
            LuaScriptsTests.limitsApp, width: 30, height: 1,
            limits: ScriptLimits(memoryBytes: 32 << 20, instructions: 100_000_000))
        app.press("tab enter")
        #expect(app.errors().first?.hasPrefix("app.lua:15: Greedy: memory limit of 32 MiB exceeded") == true)
    }

    // MARK: Error locations

    @Test func everyScriptErrorNamesFileLineAndComponent() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Init = ui.component("InitFails", {
              initialState = function() error("no state") end,
              render = function(self) return "never" end,
            })
            local Render = ui.component("RenderFails", function(props) return props.missing.field end)
            local Action = ui.component("ActionFails", {
              render = function(self) return ui.button { "act", onPress = self:handler("act") } end,
              actions = { act = function(self) local x = nil; return x.y end },
            })
            local Bad = ui.component("BadRender", function() return { ui.text "a", 42, coroutine.create(print) } end)
            return ui.column { Init {}, Render {}, Action {}, Bad {} }
            """, width: 120, height: 4)
        #expect(
            app.errors() == [
                "app.lua:3: InitFails: no state",
                "app.lua:6: RenderFails: attempt to index a nil value (field 'missing')",
                "app.lua:11: BadRender: render result '[3]': expected an element or a string, got coroutine",
            ])
        app.press("enter")
        #expect(app.errors() == ["app.lua:9: ActionFails: attempt to index a nil value (local 'x')"])
    }

    @Test func syntaxErrorsAreThrownWithFileAndLine() throws {
        let runtime = try Runtime(width: 10, height: 1)
        #expect {
            try runtime.load(source: "local ui = require('theolua')\nreturn ui.text(", name: "app.lua")
        } throws: { error in
            guard let error = error as? ScriptError else { return false }
            return error.kind == .syntax && error.location == "app.lua:2"
        }
    }

    @Test func anAppMustReturnAnElementOrAComponent() throws {
        let runtime = try Runtime(width: 10, height: 1)
        #expect {
            try runtime.load(source: "return 42", name: "app.lua")
        } throws: { error in
            "\(error)" == "app.lua: the app must return an element or a component, got number (42)"
        }
    }

    // MARK: The log

    @Test func printAndWarnGoToTheLogNotTheScreen() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            print("a", 1, nil, true, 2.5)
            print()
            warn("split ", "message")
            warn("@on")
            local C = ui.component("C", function() print("from render"); return "screen" end)
            return C {}
            """)
        #expect(app.takeLogs() == ["a\t1\tnil\ttrue\t2.5", "", "warning: split message", "from render"])
        expectScreen(app, ["screen", "", ""])
    }

    // MARK: Hot reload

    static func reloadApp(counterKey: String, name: String = "Counter", label: String = "count") -> String {
        """
        local ui = require("theolua")
        local Counter = ui.component("\(name)", {
          initialState = function() return { n = 0 } end,
          render = function(self)
            return ui.button { "\(label) " .. self.state.n, onPress = self:handler("bump") }
          end,
          actions = { bump = function(self) self:updateState({ n = self.state.n + 1 }) end },
          controller = {
            init = function(ctl) ctl.inits = (ctl.inits or 0) + 1; print("init") end,
            didUpdateComponent = function(ctl) print("didUpdateComponent") end,
            willUnmount = function(ctl) print("willUnmount") end,
          },
        })
        local Stable = ui.component("Stable", {
          initialState = function() return { n = 0 } end,
          render = function(self) return ui.button { "stable " .. self.state.n, onPress = self:handler("bump") } end,
          actions = { bump = function(self) self:updateState({ n = self.state.n + 1 }) end },
        })
        return ui.column { Counter { key = "\(counterKey)" }, Stable { key = "s" } }
        """
    }

    @Test func reloadKeepsStateAndControllersForUnchangedNameAndKeyPaths() throws {
        let folder = try TempFolder()
        let path = try folder.write("app.lua", LuaScriptsTests.reloadApp(counterKey: "c"))
        let app = try LuaApp(height: 2)
        try app.runtime.load(file: path)
        try app.runtime.mount()
        app.press("enter enter tab enter")
        expectScreen(app, ["[ count 2 ]", "[ stable 1 ]"])
        _ = app.takeLogs()

        try folder.write("app.lua", LuaScriptsTests.reloadApp(counterKey: "c", label: "total"))
        try app.runtime.reload()
        expectScreen(app, ["[ total 2 ]", "[ stable 1 ]"], "new render function, same state")
        #expect(app.takeLogs() == ["didUpdateComponent"], "the controller is kept: no init, no willUnmount")
        #expect(app.errors() == [])
    }

    @Test func reloadResetsStateWhenTheKeyOrNameChanged() throws {
        let folder = try TempFolder()
        let path = try folder.write("app.lua", LuaScriptsTests.reloadApp(counterKey: "c"))
        let app = try LuaApp(height: 2)
        try app.runtime.load(file: path)
        try app.runtime.mount()
        app.press("enter enter tab enter")
        _ = app.takeLogs()

        try folder.write("app.lua", LuaScriptsTests.reloadApp(counterKey: "other"))
        try app.runtime.reload()
        expectScreen(
            app, ["[ count 0 ]", "[ stable 1 ]"], "changed key: fresh state; the sibling keeps its state")
        #expect(app.takeLogs().sorted() == ["init", "willUnmount"])

        app.press("tab enter")
        expectScreen(app, ["[ count 1 ]", "[ stable 1 ]"])
        _ = app.takeLogs()
        try folder.write("app.lua", LuaScriptsTests.reloadApp(counterKey: "other", name: "Renamed"))
        try app.runtime.reload()
        expectScreen(app, ["[ count 0 ]", "[ stable 1 ]"], "changed name: fresh state")
        #expect(app.takeLogs().sorted() == ["init", "willUnmount"])
    }

    @Test func aFailedReloadKeepsTheLastGoodScreenAndTheNextGoodOneRecovers() throws {
        let folder = try TempFolder()
        let path = try folder.write("app.lua", LuaScriptsTests.reloadApp(counterKey: "c"))
        let app = try LuaApp(height: 2)
        try app.runtime.load(file: path)
        try app.runtime.mount()
        app.press("enter")
        try folder.write("app.lua", "local ui = require('theolua')\nreturn ui.column {")
        #expect(throws: ScriptError.self) { try app.runtime.reload() }
        expectScreen(app, ["[ count 1 ]", "[ stable 0 ]"])
        try folder.write("app.lua", LuaScriptsTests.reloadApp(counterKey: "c", label: "again"))
        try app.runtime.reload()
        expectScreen(app, ["[ again 1 ]", "[ stable 0 ]"])
    }

    @Test func reloadRunsTheControllerMethodsOfTheNewDefinition() throws {
        let folder = try TempFolder()
        func source(_ word: String) -> String {
            """
            local ui = require("theolua")
            local C = ui.component("C", {
              initialState = function() return { n = 0 } end,
              render = function(self) return ui.button { "go", onPress = self:handler("go") } end,
              controller = {
                init = function(ctl) ctl.kept = "from first load" end,
                actions = { go = function(ctl) print("\(word)", ctl.kept) end },
              },
            })
            return C {}
            """
        }
        let path = try folder.write("app.lua", source("old"))
        let app = try LuaApp(height: 1)
        try app.runtime.load(file: path)
        try app.runtime.mount()
        app.press("enter")
        try folder.write("app.lua", source("new"))
        try app.runtime.reload()
        app.press("enter")
        #expect(app.takeLogs() == ["old\tfrom first load", "new\tfrom first load"])
    }
}
