import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a flag or an app path can do to the process: a usage error (status 2) naming the
/// mistake, never a hang, a crash or a read without end.
@Suite struct CLIHardeningTests {
    static let app = #"return require("theolua").text "x""#

    private func withApp(_ body: (String, ScriptFolder) -> Void) {
        let folder = ScriptFolder()
        defer { folder.remove() }
        body(folder.write("app.lua", Self.app), folder)
    }

    @Test func anAppThatIsADeviceAFifoOrAFolderIsAUsageErrorNotARead() {
        withApp { _, folder in
            let fifo = folder.path + "/fifo.lua"
            mkfifo(fifo, 0o644)
            let dir = folder.path + "/dir.lua"
            mkdir(dir, 0o755)
            defer { rmdir(dir) }
            for (path, kind) in [("/dev/zero", "device"), (fifo, "FIFO"), (dir, "folder")] {
                for command in ["render", "check", "run"] {
                    let result = runTheolua([command, path], timeout: 10)
                    #expect(result.status == 2, "\(command) \(path): \(result.stderr)")
                    #expect(result.stderr == "theolua: cannot read \(path): it is a \(kind), not a file\n")
                }
            }
        }
    }

    @Test func anAppLargerThanSixteenMebibytesIsAUsageError() {
        withApp { _, folder in
            let huge = folder.path + "/huge.lua"
            let file = fopen(huge, "wb")
            fclose(file)
            truncate(huge, 17 << 20)
            let result = runTheolua(["render", huge])
            #expect(result.status == 2)
            #expect(result.stderr.contains("is more than the 16 MiB a script may have"))
        }
    }

    @Test func negativeNumbersForNumericFlagsSayWhatIsWrong() {
        withApp { app, _ in
            let cases: [([String], String)] = [
                (["--max-memory", "-5"], "--max-memory must be between 1 and 65536 MiB, got -5"),
                (["--max-instructions", "-3"], "--max-instructions must be at least 1000, got -3"),
                (["--time", "-1"], "--time must be a number of seconds from 0 to 10000000, got -1.0"),
                (["--size", "-5x3"], "--size must look like 80x24 (each from 1 to 2000), got '-5x3'"),
            ]
            for (flags, message) in cases {
                let result = runTheolua(["render", app] + flags)
                #expect(result.status == 2)
                #expect(result.stderr == "theolua: \(message)\n", "\(flags)")
            }
            // A key list may start with the minus key.
            #expect(runTheolua(["render", app, "--size", "5x1", "--keys", "- enter"]).status == 0)
        }
    }

    @Test func keysThatAreNotUTF8OrNotKeysAreAUsageErrorNamingThem() {
        withApp { app, _ in
            let raw = runProcess(
                Paths.binary,
                rawArguments: [Array("render".utf8), Array(app.utf8), Array("--keys".utf8), [0xFF, 0x20]])
            #expect(raw.status == 2)
            #expect(raw.stderr.contains("--keys: the keys are not valid UTF-8 text"))
            let unknown = runTheolua(["render", app, "--keys", "down enterr"])
            #expect(unknown.status == 2)
            #expect(unknown.stderr.hasPrefix("theolua: --keys: unknown key 'enterr'"))
        }
    }

    @Test func layoutPropsPastTheirMaximumAreScriptErrorsNotCrashesOrHangs() {
        let cases: [(String, String)] = [
            (
                "ui.row { gap = math.maxinteger, ui.text \"a\", ui.text \"b\" }",
                "ui.row: prop 'gap': expected size (0 to 1000000 cells"
            ),
            ("ui.box { height = math.maxinteger }", "ui.box: prop 'height': expected size"),
            ("ui.row { ui.box { width = math.maxinteger }, ui.box { width = math.maxinteger } }", "prop 'width'"),
            (
                "ui.row { ui.box { grow = 1e308 }, ui.box { shrink = 1e308 } }",
                "prop 'grow': expected number from 0 to 1000000"
            ),
            ("ui.scroll { height = math.maxinteger }", "ui.scroll: prop 'height'"),
            ("ui.column { gap = 2^62, ui.text \"a\" }", "prop 'gap'"),
            ("ui.row { border = \"single\", minWidth = 2^31 }", "prop 'minWidth'"),
            ("ui.box { border = \"single\", minHeight = 2^53 }", "prop 'minHeight'"),
            ("ui.box { margin = { math.maxinteger, 0 } }", "prop 'margin[1]'"),
        ]
        let folder = ScriptFolder()
        defer { folder.remove() }
        for (element, message) in cases {
            let app = folder.write("app.lua", "local ui = require(\"theolua\")\nreturn \(element)\n")
            let result = runTheolua(["render", app, "--size", "20x3"], timeout: 10)
            #expect(result.status == 1, "\(element): \(result.stderr)")
            #expect(result.stderr.hasPrefix("app.lua:2: "), "\(element): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(element): \(result.stderr)")
        }
        // At the maximum, a box far larger than the screen costs what the screen shows.
        let app = folder.write(
            "app.lua",
            "local ui = require(\"theolua\")\nreturn ui.box { border = \"single\", minWidth = 1000000, minHeight = 1000000, gap = 1000000, ui.text \"a\", ui.text \"b\" }\n"
        )
        let result = runTheolua(["render", app, "--size", "6x3"], timeout: 10)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "┌─────\n│a\n│\n")
    }

    @Test func typingThousandsOfCharactersIntoAnInputIsLinear() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write(
            "app.lua",
            """
            local ui = require("theolua")
            return ui.component("T", {
              initialState = function() return { v = "" } end,
              render = function(self)
                return ui.column { ui.input { value = self.state.v, onChange = self:handler("set") }, ui.text(tostring(#self.state.v)) }
              end,
              actions = { set = function(self, v) self:updateState({ v = v }) end },
            })
            """)
        let typed = String(repeating: "0123456789", count: 300) + "end"
        let result = runTheolua(["render", app, "--size", "12x2", "--keys", "text:" + typed], timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "23456789end\n3003\n")
    }
}
