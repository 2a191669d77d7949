---@meta theolua.test
-- LuaLS annotations for the `theolua.test` module of `theolua test` (docs/testing.md).
-- In the same `workspace.library` folder as theolua.d.lua.

---@class theolua.test
local t = {}

---An app mounted by `t.mount`, in a runtime of its own on a virtual clock.
---@class theolua.TestApp
local App = {}

---Sends keys by name (`"down"`, `"ctrl+s"`, `"text:abc"`) and mouse items
---(`"click:4,2"`, `"wheel:down@0,5"`), rendering after each.
---@param ... string
---@return theolua.TestApp
function App:press(...) end

---Types `text` one character at a time; `"\n"` presses enter.
---@param text string
---@return theolua.TestApp
function App:type(text) end

---Pastes `text` as one event, as a terminal's bracketed paste arrives. A paste larger
---than the text the app can still hold is refused with a warning, and changes nothing.
---@param text string
---@return theolua.TestApp
function App:paste(text) end

---Clicks the cell at column `x`, row `y` (from 0 at the top-left): a press and a
---release of `button` there, as `click:X,Y` in `app:press`.
---@param x integer
---@param y integer
---@param button? "left"|"middle"|"right"
---@return theolua.TestApp
function App:click(x, y, button) end

---One step of the wheel over the cell at column `x`, row `y`.
---@param direction "up"|"down"
---@param x integer
---@param y integer
---@return theolua.TestApp
function App:wheel(direction, x, y) end

---Moves the virtual clock, firing due timers in order.
---@param seconds number
---@return theolua.TestApp
function App:advance(seconds) end

---Resizes the screen.
---@param width integer
---@param height integer
---@return theolua.TestApp
function App:resize(width, height) end

---The screen as text, lines joined by "\n"; with `{ ansi = true }`, with ANSI codes.
---@param options? { ansi?: boolean }
---@return string
function App:screen(options) end

---The first mounted component named `name` (and keyed `key`): a copy of its props,
---its state and how many times it rendered.
---@param name string
---@param key? string|integer
---@return { props: table, state: any, renders: integer }?
function App:find(name, key) end

---What the app sent with `ui.emit`.
---@return { name: string, payload: any }[]
function App:emitted() end

---What the app wrote with `ui.print` so far, oldest first: one string a call.
---@return string[]
function App:printed() end

---What the app last copied with `ui.clipboard.write`, or nil.
---@return string?
function App:clipboard() end

---The programs the app asked to give the terminal to with `ui.exec`, oldest first;
---nothing runs them in a test.
---@return { command: string, args: string[] }[]
function App:programs() end

---Ends the oldest program the app asked for as if it exited with `code` (0 by default).
---@param code? integer
---@return theolua.TestApp
function App:finishProgram(code) end

---A folder made for the running test, removed after it.
---@class theolua.Scratch
---@field path string Its absolute path, to grant an app (`allow = { write = { dir.path } }`).
local Scratch = {}

---Writes `text` as `name` (folders made as needed).
---@param name string
---@param text string
---@return theolua.Scratch
function Scratch:write(name, text) end

---The content of `name`, or nil when it does not exist.
---@param name string
---@return string?
function Scratch:read(name) end

---A fresh folder for the running test holding `files` (names to contents), removed after
---the test; an app may be granted it without any flag. A snapshot shows its path as
---`<scratch 1>` (the test's second as `<scratch 2>`, …).
---@param files? table<string, string>
---@return theolua.Scratch
function t.scratch(files) end

---Registers a test.
---@param name string
---@param fn fun()
function t.test(name, fn) end

---Groups the tests `fn` registers under `name`.
---@param name string
---@param fn fun()
function t.describe(name, fn) end

---Mounts the app at `path` (relative to the test script), on a virtual clock (`os.time`
---and `os.date` too, from 2000-01-01 UTC). `cwd` is the folder the app's
---relative paths start in (relative to the test script; a scratch folder's path too).
---@param path string
---@param options? { size?: string, props?: table, allow?: { run?: boolean, read?: boolean|string[], write?: boolean|string[], net?: boolean|string[], io?: boolean }, cwd?: string }
---@return theolua.TestApp
function t.mount(path, options) end

---@class theolua.Expectation
---@field never theolua.Expectation The opposite of every matcher.
local Expectation = {}

---Passes when the value `==` `expected`.
function Expectation:toBe(expected) end
---Passes when the value equals `expected`, tables compared deeply.
function Expectation:toEqual(expected) end
---Passes when a string holds the text, or a table holds an equal value.
function Expectation:toContain(expected) end
---Passes when the string matches the Lua pattern.
---@param pattern string
function Expectation:toMatch(pattern) end

---An expectation about `actual`.
---@return theolua.Expectation
function t.expect(actual) end

---Compares the app's screen with `__snapshots__/<file>/<test or name>.txt`, writing it
---the first time (and with `--update`).
---@param app theolua.TestApp
---@param name? string
function t.snapshot(app, name) end

return t
