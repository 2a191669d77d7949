import Testing
import TheoluaCapabilities
import TheoluaCore
import TheoluaLua

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct LimitsTests {
    func harness(instructions: Int? = 1_000_000, memory: Int? = 16 << 20) throws -> Harness {
        try Harness(options: LuaBridge.Options(limits: ScriptLimits(memoryBytes: memory, instructions: instructions)))
    }

    @Test func aRunawayRenderIsAScriptErrorNamingTheComponent() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local Spin = ui.component("Spin", { render = function(self) while true do end end })
            return Spin {}
            """)
        #expect(h.errors.count == 1)
        #expect(h.errors.first?.contains("Spin: instruction budget of 1000000 exceeded") == true)
    }

    @Test func catchingTheBudgetErrorWithPcallDoesNotEscapeIt() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local Sly = ui.component("Sly", { render = function(self)
              while true do pcall(function() while true do end end) end
            end })
            return Sly {}
            """)
        #expect(h.errors.first?.contains("instruction budget") == true)
    }

    @Test func aMemoryBombIsAScriptError() throws {
        let h = try harness(instructions: nil)
        try h.run(
            """
            local ui = require("theolua")
            local Hog = ui.component("Hog", { render = function(self)
              local t = {}
              for i = 1, 1e9 do t[i] = string.rep("x", 1000) .. i end
            end })
            return Hog {}
            """)
        #expect(h.errors.first?.contains("Hog: memory limit of 16 MiB exceeded") == true)
        // The state still works afterwards.
        let ops = try h.run("return require('theolua').text 'still alive'")
        #expect(ops.last == "insert text(\"still alive\") into root")
    }

    @Test func blocksKeepTheirContentsAcrossSizeClassesAndTheHeap() throws {
        // Strings of every small size and past it, and tables growing and shrinking
        // across the 256 bytes where blocks leave the arenas for malloc.
        let h = try harness(instructions: nil, memory: 64 << 20)
        let before = h.bridge.memoryUsed
        try h.bridge.evaluate(
            """
            local kept = {}
            for size = 1, 700 do kept[size] = string.rep(string.char(65 + size % 26), size) end
            local grown = {}
            for i = 1, 200 do grown[i] = i * 3 end
            for i = 200, 1, -1 do assert(grown[i] == i * 3); grown[i] = nil end
            collectgarbage()
            for size = 1, 700 do
              assert(#kept[size] == size and kept[size] == string.rep(string.char(65 + size % 26), size))
            end
            local fields = {}
            for i = 1, 40 do fields["f" .. i] = { i } end
            for i = 1, 40 do assert(fields["f" .. i][1] == i) end
            kept, grown, fields = nil, nil, nil
            collectgarbage()
            """)
        try h.bridge.evaluate("collectgarbage()")
        // Freed blocks are counted as freed, whichever allocator held them.
        #expect(h.bridge.memoryUsed < before + 64 * 1024)
    }

    @Test func manySmallAllocationsStillMeetTheMemoryLimit() throws {
        let h = try harness(instructions: nil)
        try h.run(
            """
            local ui = require("theolua")
            local Hog = ui.component("Hog", { render = function(self)
              local t = {}
              for i = 1, 1e9 do t[i] = { i } end
            end })
            return Hog {}
            """)
        #expect(h.errors.first?.contains("Hog: memory limit of 16 MiB exceeded") == true)
        try h.bridge.evaluate("collectgarbage()")
        #expect(h.bridge.memoryUsed < 1 << 20)
    }

    @Test func stackOverflowIsAScriptError() throws {
        let h = try harness(instructions: 100_000_000, memory: 512 << 20)
        try h.run(
            """
            local ui = require("theolua")
            local function deep(n) return deep(n + 1) + 1 end
            local Deep = ui.component("Deep", { render = function(self) return deep(1) end })
            return Deep {}
            """)
        #expect(h.errors.first?.contains("Deep: ") == true)
        #expect(h.errors.first?.contains("stack overflow") == true)
    }

    @Test func errorsInsideMetamethodsAreOrdinaryErrors() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local bad = setmetatable({}, {
              __tostring = function() error("tostring failed") end,
              __index = function() error("index failed") end,
              __gc = function() error("gc failed") end,
            })
            local Meta = ui.component("Meta", { render = function(self) return ui.text(tostring(bad)) end })
            return Meta {}
            """)
        #expect(h.errors.first?.contains("tostring failed") == true)
        bad: do {
            let h2 = try harness()
            try h2.run(
                """
                local ui = require("theolua")
                local t = setmetatable({}, { __index = function() error("index failed") end })
                local M = ui.component("M", { render = function(self) return ui.text(t.x) end })
                return M {}
                """)
            #expect(h2.errors.first?.contains("index failed") == true)
            break bad
        }
        // A failing __gc is reported like any script error, with its line, never a crash.
        // Its definition is released at the next call into Lua after it unmounts.
        try h.run("return require('theolua').text 'replaced'")
        try h.run("collectgarbage() return require('theolua').text 'released'")
        try h.run("collectgarbage() collectgarbage() return require('theolua').text 'ok'")
        #expect(h.errors.contains { $0.contains("app.lua:5: in a finalizer: gc failed") }, "\(h.errors)")
    }

    @Test func theSandboxHasNoFilesProcessesOrBytecode() throws {
        let h = try harness()
        let ops = try h.run(
            """
            local ui = require("theolua")
            local checks = {
              not pcall(io.open, "/etc/passwd"), not pcall(debug.getregistry), not pcall(os.execute, "true"),
              not pcall(os.remove, "x"), not pcall(dofile, "x"), not pcall(loadfile, "x"),
              type(os.time()) == "number", not pcall(package.loadlib, "x.so", "f"),
              select(2, load(string.dump(function() end))) ~= nil,
              load("return 1 + 1")() == 2,
            }
            for i, ok in ipairs(checks) do if not ok then return ui.text("failed " .. i) end end
            return ui.text "sandboxed"
            """)
        #expect(ops == ["insert text(\"sandboxed\") into root"])
    }

    @Test func allowIOOpensTheFullLibraries() throws {
        let h = try Harness(options: LuaBridge.Options(allowIO: true))
        let ops = try h.run("local ui = require('theolua') return ui.text(tostring(io ~= nil and os.getenv ~= nil))")
        #expect(ops == ["insert text(\"true\") into root"])
    }

    @Test func requireLoadsModulesRelativeToTheAppAndRecordsThem() throws {
        let folder = "/tmp/theolua-require-\(getpid())"
        mkdir(folder, 0o755)
        defer { _ = system("rm -rf '\(folder)'") }
        mkdir(folder + "/lib", 0o755)
        write(folder + "/lib/greet.lua", "return { hello = function(n) return 'hello ' .. n end }")
        write(folder + "/app.lua", "local g = require('lib.greet') return require('theolua').text(g.hello('x'))")
        let h = try harness()
        // The bridge reads no file itself: the capabilities read the app's modules.
        try SystemCapabilities().install(in: h.bridge)
        let root = try h.bridge.loadApp(file: folder + "/app.lua")
        h.reconciler.update(root: try h.bridge.rootElement(root, props: Record()))
        #expect(h.host.take() == ["insert text(\"hello x\") into root"])
        #expect(h.bridge.loadedFiles == [folder + "/app.lua", folder + "/lib/greet.lua"])
        let missing = h.failure("return require('nope')")
        #expect(missing?.contains("module 'nope' not found") == true)
    }

    @Test func valuesScriptsCannotPassAreClearErrors() throws {
        let h = try harness()
        let cycle = h.failure(
            """
            local ui = require("theolua")
            local C = ui.component("C", { render = function() end })
            local t = {} t.self = t
            return C { data = t }
            """)
        #expect(
            cycle == "app.lua:4: C: prop 'data.self': expected a value without cycles, got a table that contains itself"
        )
        let mixed = h.failure(
            """
            local ui = require("theolua")
            local C = ui.component("C", { render = function() end })
            return C { data = { 1, 2, x = 3 } }
            """)
        #expect(mixed?.contains("mixed table") == true)
        let thread = h.failure(
            """
            local ui = require("theolua")
            local C = ui.component("C", { render = function() end })
            return C { co = coroutine.create(function() end) }
            """)
        #expect(thread?.contains("got coroutine") == true)
    }
}

func write(_ path: String, _ text: String) {
    guard let file = fopen(path, "wb") else { return }
    _ = text.utf8CString.withUnsafeBufferPointer { fputs($0.baseAddress, file) }
    fclose(file)
}
