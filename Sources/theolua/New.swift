import ArgumentParser
import TheoluaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `theolua new NAME`: a folder holding a small app (state, keys and a widget), its
/// test with a snapshot, settings that point the Lua language server at theolua's
/// types, and a README with the commands to run and test it. `theolua test` passes in
/// it at once.
struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Make a folder with a new app, its test, Lua language server settings and a README.")

    @Argument(help: "The folder to make; its last part names the app.")
    var folder: String

    func run() throws {
        let name = String(folder.split(separator: "/").last ?? Substring(folder))
        guard !name.isEmpty, name != ".", name != ".." else {
            throw ValidationError("'\(folder)' does not name a new folder")
        }
        if let entries = LocalFiles.entries(of: folder), !entries.isEmpty {
            throw ValidationError("'\(folder)' already exists and is not empty: choose another name")
        }
        try Self.makeFolders(folder)
        let types = Self.typesFolder()
        let files: [(String, String)] = [
            ("app.lua", Self.app(name)), ("app_test.lua", Self.test), (".luarc.json", Self.luarc(types)),
            ("README.md", Self.readme(name)),
        ]
        for (file, text) in files {
            let path = folder + "/" + file
            guard Self.write(text, to: path) else { throw ValidationError("cannot write \(path): \(Self.lastError)") }
        }
        print("made \(folder)/: app.lua, app_test.lua, .luarc.json, README.md")
        if types == nil {
            print("theolua's types were not found beside the binary (scripts/install puts them in PREFIX/share/theolua);")
            print("add that folder to .luarc.json's workspace.library for completion in your editor")
        }
        print("next: cd \(folder) && theolua run app.lua")
    }

    // MARK: The files

    static func app(_ name: String) -> String {
        """
        -- \(name): a theolua app. `theolua run app.lua` shows it full-screen; edit this file
        -- and save, and the screen changes at once, keeping the count (hot reload).
        local ui = require("theolua")

        local goal = 10

        return ui.component("App", {
          initialState = function() return { count = 0 } end,
          render = function(self)
            local count = self.state.count
            return ui.column { border = "round", title = \(luaString(name)), padding = { 0, 1 },
              focusable = true, autoFocus = true, onKey = self:handler("key"),
              keys = { { "+", "add one" }, { "-", "take one away" }, { "r", "reset" } },
              ui.text { ("Count: %d"):format(count), bold = true },
              ui.progress { value = count / goal,
                label = count >= goal and "done!" or ("%d to go"):format(goal - count) },
              ui.spacer {},
              ui.keyhints {},
            }
          end,
          actions = {
            key = function(self, key)
              local change = ({ ["+"] = 1, ["-"] = -1 })[key.name]
              if change then
                self:updateState(function(s) return { count = math.max(0, math.min(goal, s.count + change)) } end)
                return true
              elseif key.name == "r" then
                self:updateState({ count = 0 })
                return true
              end
            end,
          },
        })

        """
    }

    static let test = """
        -- The app's tests: `theolua test` runs every *_test.lua here. The first run stores
        -- the snapshot in __snapshots__/; later runs compare the screen with it (review a
        -- change, then `theolua test --update`).
        local t = require("theolua.test")

        t.test("+ and - change the count", function()
          local app = t.mount("app.lua", { size = "40x8" })
          app:press("+", "+", "+", "-")
          t.expect(app:find("App").state.count):toBe(2)
          t.expect(app:screen()):toContain("Count: 2")
          t.expect(app:screen()):toContain("8 to go")
          t.snapshot(app)
        end)

        t.test("r resets, and the count stays between 0 and the goal", function()
          local app = t.mount("app.lua", { size = "40x8" })
          app:press("-", "+", "r")
          t.expect(app:find("App").state.count):toBe(0)
          for _ = 1, 12 do app:press("+") end
          t.expect(app:screen()):toContain("done!")
        end)

        """

    static func luarc(_ types: String?) -> String {
        let library = types.map { "[\(Value.string($0).jsonText)]" } ?? "[]"
        return """
            {
              "$schema": "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json",
              "runtime.version": "Lua 5.4",
              "workspace.library": \(library),
              "workspace.checkThirdParty": false
            }

            """
    }

    static func readme(_ name: String) -> String {
        """
        # \(name)

        A theolua app: `app.lua` is the app, `app_test.lua` its tests.

        ```sh
        theolua run app.lua     # full-screen; edit app.lua and save to see the change, state kept
        theolua test            # runs the tests; the first run stores the screen snapshot
        theolua render app.lua --size 40x8 --keys "+ +"   # a frame, headless
        theolua bundle app.lua -o \(name)   # one executable: ./\(name) runs it anywhere like this system
        ```

        `./\(name)` takes `run`'s flags; `./\(name) render --size 40x8` and `./\(name) check`
        are those commands with the app filled in. The app's folder (every file but
        hidden ones) goes in.

        `.luarc.json` points the Lua language server (LuaLS, in VS Code, Neovim, …) at
        theolua's types, for completion and checks of `ui.*` and props.

        """
    }

    // MARK: Helpers

    /// The folder of theolua's LuaLS types: `share/theolua` beside the installed binary,
    /// or `docs` of the checkout a development build runs from.
    static func typesFolder() -> String? {
        guard let binary = LocalFiles.executablePath() else { return nil }
        var folder = String(binary[..<(binary.lastIndex(of: "/") ?? binary.endIndex)])
        for _ in 0..<5 {
            for candidate in [folder + "/share/theolua", folder + "/docs"]
            where access(candidate + "/theolua.d.lua", R_OK) == 0 {
                return candidate
            }
            guard let slash = folder.lastIndex(of: "/"), !folder.isEmpty else { break }
            folder = String(folder[..<slash])
        }
        return nil
    }

    /// Makes `path` and the folders above it that are missing.
    private static func makeFolders(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw ValidationError("cannot make \(prefix): \(lastError)")
            }
        }
    }

    private static func write(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "wx") else { return false }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        return fclose(file) == 0 && written == bytes.count
    }

    private static var lastError: String { String(cString: strerror(errno)) }

    /// `text` as a Lua string literal.
    private static func luaString(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            default:
                // A control character as three decimal digits, so a digit after it is not
                // read as part of its escape.
                let digits = String(scalar.value)
                literal += scalar.value < 0x20 ? "\\" + String(repeating: "0", count: 3 - digits.count) + digits : String(scalar)
            }
        }
        return literal + "\""
    }
}
