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

---Registers a test.
---@param name string
---@param fn fun()
function t.test(name, fn) end

---Groups the tests `fn` registers under `name`.
---@param name string
---@param fn fun()
function t.describe(name, fn) end

---Mounts the app at `path` (relative to the test script).
---@param path string
---@param options? { size?: string, props?: table, allow?: { run?: boolean, read?: boolean } }
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
