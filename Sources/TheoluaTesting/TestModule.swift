/// The `theolua.test` module that test scripts `require`: Lua, over the functions the
/// runner registers (`ui.__test*`), which drive apps mounted in runtimes of their own.
enum TestModule {
    static let name = "theolua.test"

    static let source = #"""
        local ui = require("theolua")
        local t = {}

        -- Registration ---------------------------------------------------------------

        local tests, groups = {}, {}

        -- Registers a test: its name (inside the groups of t.describe) and function.
        function t.test(name, fn)
          if type(name) ~= "string" then error("t.test: expected a name, got " .. type(name), 2) end
          if type(fn) ~= "function" then error("t.test: expected a function, got " .. type(fn), 2) end
          local full = name
          if #groups > 0 then full = table.concat(groups, " › ") .. " › " .. name end
          tests[#tests + 1] = fn
          ui.__testRegister(full)
        end

        -- Groups the tests `fn` registers under `name`.
        function t.describe(name, fn)
          if type(name) ~= "string" then error("t.describe: expected a name, got " .. type(name), 2) end
          groups[#groups + 1] = name
          local ok, err = pcall(fn)
          groups[#groups] = nil
          if not ok then error(err, 0) end
        end

        -- Runs test `i` (the runner calls this): its failure is reported, not raised.
        function t.__run(i)
          local ok, err = xpcall(tests[i], function(message)
            if type(message) ~= "string" then message = tostring(message) end
            return message
          end)
          if not ok then ui.__testFail(i, err) end
        end

        -- Apps -------------------------------------------------------------------------

        local App = {}
        App.__index = App

        -- Mounts the app at `path` (relative to the test file) in a runtime of its own,
        -- on a virtual clock: options size ("40x8"), props, allow = { run = ..., read = ..., write = ... },
        -- cwd (where its relative paths start).
        function t.mount(path, options)
          if type(path) ~= "string" then error("t.mount: expected the app's path, got " .. type(path), 2) end
          return setmetatable({ id = ui.__testMount(path, options or {}) }, App)
        end

        function App:press(...)
          local keys = { ... }
          for i, key in ipairs(keys) do
            if type(key) ~= "string" then error("app:press: key " .. i .. " must be a string", 2) end
          end
          ui.__testPress(self.id, keys)
          return self
        end

        function App:type(text)
          if type(text) ~= "string" then error("app:type: expected text, got " .. type(text), 2) end
          ui.__testType(self.id, text)
          return self
        end

        function App:paste(text)
          if type(text) ~= "string" then error("app:paste: expected text, got " .. type(text), 2) end
          ui.__testPaste(self.id, text)
          return self
        end

        local function cell(verb, x, y)
          if math.type(x) ~= "integer" or math.type(y) ~= "integer" then
            error("app:" .. verb .. ": expected the cell as two whole numbers, column then row, from 0", 3)
          end
        end

        function App:click(x, y, button)
          cell("click", x, y)
          if button ~= nil and button ~= "left" and button ~= "middle" and button ~= "right" then
            error("app:click: the button must be left, middle or right, got " .. tostring(button), 2)
          end
          ui.__testPress(self.id, { ("click:%s@%d,%d"):format(button or "left", x, y) })
          return self
        end

        function App:wheel(direction, x, y)
          if direction ~= "up" and direction ~= "down" then
            error("app:wheel: the direction must be up or down, got " .. tostring(direction), 2)
          end
          cell("wheel", x, y)
          ui.__testPress(self.id, { ("wheel:%s@%d,%d"):format(direction, x, y) })
          return self
        end

        function App:advance(seconds)
          if type(seconds) ~= "number" then error("app:advance: expected seconds, got " .. type(seconds), 2) end
          ui.__testAdvance(self.id, seconds)
          return self
        end

        function App:resize(width, height)
          ui.__testResize(self.id, width, height)
          return self
        end

        function App:screen(options)
          return ui.__testScreen(self.id, options ~= nil and options.ansi == true)
        end

        function App:find(name, key)
          return ui.__testFind(self.id, name, key)
        end

        function App:emitted()
          return ui.__testEmitted(self.id)
        end

        -- A fresh folder for the running test, removed after it, holding `files`
        -- ({ ["name"] = "content" }): an app may be granted it (allow = { read = { dir.path },
        -- write = { dir.path } }) whatever the command grants.
        local Scratch = {}
        Scratch.__index = Scratch

        function t.scratch(files)
          if files ~= nil and type(files) ~= "table" then
            error("t.scratch: expected a table of file names and contents, got " .. type(files), 2)
          end
          return setmetatable({ path = ui.__testScratch(files or {}) }, Scratch)
        end

        function Scratch:write(name, text)
          if type(name) ~= "string" or type(text) ~= "string" then
            error("scratch:write: expected a file name and its content as strings", 2)
          end
          ui.__testScratchWrite(self.path, name, text)
          return self
        end

        function Scratch:read(name)
          if type(name) ~= "string" then error("scratch:read: expected a file name, got " .. type(name), 2) end
          return ui.__testScratchRead(self.path, name)
        end

        -- What the app wrote with ui.print so far, oldest first: one string a call.
        function App:printed()
          return ui.__testPrinted(self.id)
        end

        -- What the app last copied with ui.clipboard.write, or nil.
        function App:clipboard()
          return ui.__testClipboard(self.id)
        end

        -- The programs the app asked to give the terminal to (ui.exec), oldest first:
        -- { command = ..., args = { ... } }. Nothing runs them in a test.
        function App:programs()
          return ui.__testPrograms(self.id)
        end

        -- Ends the oldest program the app asked for as if it exited with `code` (0 by
        -- default): its onExit runs.
        function App:finishProgram(code)
          if code ~= nil and math.type(code) ~= "integer" then
            error("app:finishProgram: expected an exit code as a whole number, got " .. tostring(code), 2)
          end
          ui.__testFinishProgram(self.id, code or 0)
          return self
        end

        -- Snapshots the app's screen under __snapshots__/ beside the test file.
        function t.snapshot(app, name)
          if getmetatable(app) ~= App then error("t.snapshot: expected an app from t.mount", 2) end
          local mismatch = ui.__testSnapshot(app.id, name)
          if mismatch then error(mismatch, 2) end
        end

        -- Expectations -------------------------------------------------------------------

        local function show(value, depth)
          depth = depth or 0
          if type(value) == "string" then
            -- A screen reads better below the message (the runner prints it) than inline.
            local lines = select(2, value:gsub("\n", "")) + 1
            if lines > 1 then return string.format("%q… (a text of %d lines)", value:match("^[^\n]*"), lines) end
            return string.format("%q", value)
          end
          if type(value) ~= "table" or depth > 3 then return tostring(value) end
          local parts, count = {}, 0
          for i, item in ipairs(value) do parts[#parts + 1] = show(item, depth + 1); count = i end
          local keys = {}
          for key in pairs(value) do
            if not (math.type(key) == "integer" and key >= 1 and key <= count) then keys[#keys + 1] = key end
          end
          table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
          for _, key in ipairs(keys) do
            local name = type(key) == "string" and key:match("^[%a_][%w_]*$") and key or "[" .. show(key) .. "]"
            parts[#parts + 1] = name .. " = " .. show(value[key], depth + 1)
          end
          return "{ " .. table.concat(parts, ", ") .. " }"
        end

        local function deepEqual(a, b, seen)
          if a == b then return true end
          if type(a) ~= "table" or type(b) ~= "table" then return false end
          seen = seen or {}
          if seen[a] == b then return true end
          seen[a] = b
          for key, value in pairs(a) do
            if not deepEqual(value, b[key], seen) then return false end
          end
          for key in pairs(b) do
            if a[key] == nil then return false end
          end
          return true
        end

        local Expectation = {}
        Expectation.__index = function(self, key)
          if key == "never" then
            return setmetatable({ actual = rawget(self, "actual"), negated = not rawget(self, "negated") }, Expectation)
          end
          return Expectation[key]
        end

        -- Fails at the test's line unless `passed` (or, under never, unless not).
        local function check(self, passed, verb, expected)
          if self.negated then passed = not passed end
          if not passed then
            error("expected " .. show(self.actual) .. (self.negated and " not " or " ") .. verb .. " " .. show(expected), 3)
          end
        end

        function Expectation:toBe(expected)
          check(self, rawequal(self.actual, expected) or self.actual == expected, "to be", expected)
        end

        function Expectation:toEqual(expected)
          check(self, deepEqual(self.actual, expected), "to equal", expected)
        end

        function Expectation:toContain(expected)
          local actual, found = self.actual, false
          if type(actual) == "string" then
            found = type(expected) == "string" and actual:find(expected, 1, true) ~= nil
          elseif type(actual) == "table" then
            for _, item in pairs(actual) do
              if deepEqual(item, expected) then found = true break end
            end
          end
          check(self, found, "to contain", expected)
        end

        function Expectation:toMatch(pattern)
          local actual = self.actual
          check(self, type(actual) == "string" and actual:find(pattern) ~= nil, "to match", pattern)
        end

        function t.expect(actual)
          return setmetatable({ actual = actual, negated = false }, Expectation)
        end

        return t
        """#
}
