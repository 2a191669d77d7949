---@meta theolua
-- LuaLS annotations for the `theolua` module (theolua 0.1.0).
--
-- Put this file's folder in `workspace.library` of your `.luarc.json`:
--   { "runtime.version": "Lua 5.4", "workspace.library": ["path/to/theolua/docs"] }
-- Then `local ui = require("theolua")` is typed, and `ui.` completes.
-- See docs/lua-api.md for the behaviour behind each declaration.

------------------------------------------------------------------------------
-- Values
------------------------------------------------------------------------------

---An immutable description of UI: a primitive or a component, its props, its children
---and an optional key. A userdata; assigning to it is an error.
---@class theolua.Element
---@field type string The primitive's kind ("text", "box", "button", "input", "textarea", "scroll") or the component's name.
---@field key string|integer|nil The element's key among its siblings.

---A styled run of a `ui.text`: the table given to `ui.span`, marked (its metatable is
---protected). Among a text's items it is a run of the paragraph; anywhere else an
---element goes, it is a text of its own look.
---@class theolua.Span : theolua.SpanProps

---A child: an element, a span (a text), a string or number (becomes text), nil or false
---(skipped), or a list of children (flattened).
---@alias theolua.Child theolua.Element|theolua.Span|string|number|false|nil|theolua.Child[]

---What `render` may return.
---@alias theolua.RenderResult theolua.Element|theolua.Span|string|theolua.Child[]|nil

---A key: a string or an integer, unique among siblings.
---@alias theolua.Key string|integer

---A handler made by `self:handler(...)`: callable, equal across generations.
---@class theolua.Handler
---@overload fun(...: any)

---What props of function type accept: a handler or a plain Lua function.
---@alias theolua.HandlerLike theolua.Handler|fun(...: any): any

---A color: a name, "bright<Name>", "#rrggbb", "default", or a palette index 0–255.
---@alias theolua.Color
---| "black" | "red" | "green" | "yellow" | "blue" | "magenta" | "cyan" | "white" | "gray"
---| "brightBlack" | "brightRed" | "brightGreen" | "brightYellow" | "brightBlue"
---| "brightMagenta" | "brightCyan" | "brightWhite" | "brightGray"
---| "default"
---| string
---| integer

---A size in cells (≥ 0), or a percentage of the parent's inner size such as "50%".
---@alias theolua.Dimension integer|string

---One side of a padding: cells (≥ 0) or a percentage of the parent's inner width ("10%").
---@alias theolua.Side integer|string

---Spacing: one side for every side, { x, y }, or { top, right, bottom, left }.
---@alias theolua.Spacing theolua.Side|theolua.Side[]

---One side of a margin: cells, a percentage of the parent's inner width, or "auto"
---(takes the free space on that side).
---@alias theolua.MarginSide integer|string|"auto"

---A margin: one side for every side, { x, y }, or { top, right, bottom, left }.
---@alias theolua.Margin theolua.MarginSide|theolua.MarginSide[]

---@alias theolua.Border "single"|"double"|"round"|"bold"|"ascii"
---@alias theolua.Direction "column"|"row"|"columnReverse"|"rowReverse"
---@alias theolua.Align "start"|"center"|"end"|"stretch"
---@alias theolua.Justify "start"|"center"|"end"|"between"|"around"|"evenly"|"safe center"|"safe end"
---@alias theolua.AlignContent "start"|"center"|"end"|"stretch"|"between"|"around"|"evenly"
---@alias theolua.Wrap "word"|"char"|"none"|"ellipsis"
---@alias theolua.TextAlign "left"|"center"|"right"

------------------------------------------------------------------------------
-- Keys
------------------------------------------------------------------------------

---A key name: a single character, or one of these, with optional "ctrl+", "alt+",
---"shift+" prefixes (in that order), e.g. "ctrl+x", "shift+up".
---@alias theolua.KeyName
---| "enter" | "tab" | "backtab" | "esc" | "backspace" | "delete" | "insert"
---| "up" | "down" | "left" | "right" | "home" | "end" | "pageup" | "pagedown" | "space"
---| "f1" | "f2" | "f3" | "f4" | "f5" | "f6" | "f7" | "f8" | "f9" | "f10" | "f11" | "f12"
---| string

---The table `onKey` handlers receive (a fresh, mutable copy).
---@class theolua.KeyEvent
---@field name theolua.KeyName The key with its modifiers: "j", "J", "enter", "ctrl+x", "shift+up".
---@field text string|nil What the key types (the character, " " for space); nil otherwise.
---@field ctrl boolean
---@field alt boolean
---@field shift boolean Set only for special keys; for characters the case of `name` carries it.

---The table `onMouse` and `onClick` handlers receive (a fresh, mutable copy).
---@class theolua.MouseEvent
---@field x integer Column in the handler's element, from 0 at its left edge (border included).
---@field y integer Row in the handler's element, from 0 at its top edge.
---@field button "left"|"middle"|"right"|"none"|"up"|"down"|"wheelleft"|"wheelright"|"other" The button, or the wheel's direction.
---@field kind "press"|"release"|"drag"|"wheel"|"click"
---@field clicks integer Presses in a row on one cell: 2 for a double click, 3 for a triple; 0 for the wheel.
---@field ctrl boolean
---@field alt boolean
---@field shift boolean

------------------------------------------------------------------------------
-- Widget props (the widgets' own classes are generated: see "The module")
------------------------------------------------------------------------------

---The keys an element answers, for ui.keyhints: `{ ["ctrl+s"] = "save" }` (listed by key
---name) or `{ { "ctrl+s", "save" }, { "q", "quit" } }` (listed in order).
---@alias theolua.KeyBindings table<string, string>|string[][]

---The props of ui.row, ui.column and ui.spacer, by their earlier name.
---@alias theolua.FixedBoxProps theolua.RowProps

---@class theolua.TableColumn
---@field title string
---@field width? integer|string Cells, or a percentage of the table ("20%").
---@field grow? number A share of the width left (1 when there is no width).
---@field align? theolua.TextAlign Default "left".

------------------------------------------------------------------------------
-- Props schema
------------------------------------------------------------------------------

---A base type name; a "?" suffix ("string?") makes the prop optional.
---@alias theolua.SchemaTypeName
---| "string" | "number" | "integer" | "boolean" | "function" | "element" | "elements" | "table" | "any"
---| "string?" | "number?" | "integer?" | "boolean?" | "function?" | "element?" | "elements?" | "table?" | "any?"

---A table form: { "<type>", default = v }, { "number", min = 0, max = 1 },
---{ "array", of = T }, { "map", of = T }, { "record", fields = { ... } },
---{ "enum", values = { "a", "b" } }, { "oneOf", T1, T2, ... }.
---@class theolua.SchemaTable
---@field [1] theolua.SchemaTypeName|"array"|"map"|"record"|"enum"|"oneOf"|"array?"|"map?"|"record?"|"enum?"|"oneOf?"
---@field [integer] theolua.SchemaType For "oneOf": the alternatives, from index 2.
---@field default? any Makes the prop optional; checked when the component is defined.
---@field min? number For "number" and "integer".
---@field max? number For "number" and "integer".
---@field of? theolua.SchemaType For "array" and "map".
---@field fields? table<string, theolua.SchemaType> For "record".
---@field values? string[] For "enum".

---@alias theolua.SchemaType theolua.SchemaTypeName|theolua.SchemaTable

---A props schema: prop name to type.
---@alias theolua.Schema table<string, theolua.SchemaType>

------------------------------------------------------------------------------
-- Components
------------------------------------------------------------------------------

---The logical component, passed to render, actions and state updaters.
---Read-only: assigning to it (or into props or state) is an error.
---@class theolua.Self
---@field props table The latest props (a read-only view; children in `props.children`).
---@field state any The latest state (a read-only view when it is a table).
local Self = {}

---Queues a new state, or a function from the old state to the new one. Applied before
---the next render, never synchronously; the whole state is replaced.
---@param value any|fun(old: any): any
function Self:updateState(value) end

---A handler bound to this component and `action`, with `...` bound first.
---@param action string
---@param ... any
---@return theolua.Handler
function Self:handler(action, ...) end

---Dispatches `action` along the responder chain, starting at the parent.
---@param action string
---@param ... any
function Self:send(action, ...) end

---Moves focus, once pending updates are applied, to the focusable with `id` among the
---elements this component rendered, or with no id, to its first focusable.
---@param id? string
function Self:focus(id) end

---Scrolls the element with this `id`, which the component rendered, into view in every
---scroll it is in, as little as it takes, once the pending updates are applied.
---@param id string
function Self:scrollTo(id) end

---The value of the nearest `Context.provide` above this component, or the context's
---default; the component renders again when that value changes.
---@param context theolua.Context
---@return any
function Self:use(context) end

---A component's controller: a long-lived, mutable table. Fields other than these are yours.
---@class theolua.Controller
---@field props table The component's latest props (read-only).
---@field state any The component's latest state (read-only).
---@field [string] any
local Controller = {}

---Queues a new state for the component, like `self:updateState`.
---@param value any|fun(old: any): any
function Controller:updateState(value) end

---Dispatches `action` from the component's parent up the responder chain.
---@param action string
---@param ... any
function Controller:send(action, ...) end

---Moves focus into what the component rendered, like `self:focus`.
---@param id? string
function Controller:focus(id) end

---Scrolls the element with this `id` into view, like `self:scrollTo`.
---@param id string
function Controller:scrollTo(id) end

---The value of the nearest `Context.provide` above the component, like `self:use`.
---@param context theolua.Context
---@return any
function Controller:use(context) end

---A context made by `ui.context`.
---@class theolua.Context
---@field default any The value read where no provider is above.
local Context = {}

---An element providing `value` to its children and everything below them.
---@param props { value: any, key?: theolua.Key, [integer]: theolua.Child }
---@return theolua.Element
function Context.provide(props) end

---@class theolua.ControllerSpec
---@field init? fun(ctl: theolua.Controller) After the first generation is mounted.
---@field didUpdateComponent? fun(ctl: theolua.Controller) After each later generation that re-rendered.
---@field willUnmount? fun(ctl: theolua.Controller) Before the component leaves the tree.
---@field actions? table<string, fun(ctl: theolua.Controller, ...: any): any>

---The spec table of ui.component. Other fields are allowed and reachable through `self`.
---@class theolua.ComponentSpec
---@field props? theolua.Schema
---@field initialState? fun(props: table): any Once per logical component; no state yet.
---@field render fun(self: theolua.Self): theolua.RenderResult
---@field actions? table<string, fun(self: theolua.Self, ...: any): any>
---@field controller? theolua.ControllerSpec
---@field version? string|number Changing it on a hot reload starts mounted instances afresh (new state and controller).

---A component constructor: call it with a props table (key, children in the array part).
---@class theolua.Component
---@overload fun(props?: table): theolua.Element

------------------------------------------------------------------------------
-- Timers
------------------------------------------------------------------------------

---@class theolua.Timer
local Timer = {}

---Stops the timer; cancelling twice is harmless.
function Timer:cancel() end

------------------------------------------------------------------------------
-- The module
------------------------------------------------------------------------------

---@class theolua
---@field _NAME "theolua"
---@field appFolder string The app's folder, as an absolute path: a bundle's unpacked copy, readable without a flag there, where its relative paths start in the folder it was started in.
local ui = {}

---Defines a component and returns its constructor. `name` is its identity across
---reloads; two components with one name in one load are an error.
---@param name string
---@param spec theolua.ComponentSpec|fun(props: table): theolua.RenderResult A spec, or a stateless render function of the props.
---@return theolua.Component
function ui.component(name, spec) end

-- BEGIN widget declarations, generated from the widget specs: do not edit by hand
---@class theolua.TextStyleProps
---@field color? theolua.Color The text's color.
---@field bg? theolua.Color Fills it with this background color.
---@field bold? boolean Bold text.
---@field dim? boolean Dimmed text.
---@field italic? boolean Italic text.
---@field underline? boolean Underlined text.
---@field inverse? boolean Swaps the text's color and background.
---@field strike? boolean Struck-through text.

---@class theolua.SizingProps
---@field width? theolua.Dimension Cells, or a percentage of the parent's inner width ("50%"); default its content's.
---@field height? theolua.Dimension Cells, or a percentage of the parent's inner height; default its content's.
---@field minWidth? theolua.Dimension Never narrower than this (cells or a percentage).
---@field maxWidth? theolua.Dimension Never wider than this (cells or a percentage).
---@field minHeight? theolua.Dimension Never shorter than this (cells or a percentage).
---@field maxHeight? theolua.Dimension Never taller than this (cells or a percentage).
---@field grow? number Share of the parent's free main-axis space (default 0).
---@field shrink? number Share of the parent's overflow, weighted by size (default 1).
---@field margin? theolua.Margin Space outside the border: one length, { x, y } or { top, right, bottom, left }; a side may be "auto".
---@field basis? theolua.Dimension Main-axis size before grow and shrink, instead of width/height or content.
---@field alignSelf? theolua.Align Own cross-axis alignment, instead of the parent's align.
---@field position? "relative"|"absolute" "absolute" leaves the flow and is placed against the parent's padding box.
---@field top? theolua.Dimension Offset from the top (absolute), or moves the child down (relative).
---@field right? theolua.Dimension Offset from the right (absolute), or moves the child left (relative).
---@field bottom? theolua.Dimension Offset from the bottom (absolute), or moves the child up (relative).
---@field left? theolua.Dimension Offset from the left (absolute), or moves the child right (relative).
---@field display? "flex"|"none" "none" lays it out as nothing and keeps its state (default "flex").
---@field key? theolua.Key

---Props shared by box, row, column, spacer, scroll, layer, list, table and button.
---@class theolua.BoxLayoutProps : theolua.SizingProps
---@field padding? theolua.Spacing Space inside the border: one length, { x, y } or { top, right, bottom, left }.
---@field gap? theolua.Dimension Cells between children and between wrapped lines.
---@field rowGap? theolua.Dimension The vertical gap alone, instead of gap.
---@field columnGap? theolua.Dimension The horizontal gap alone, instead of gap.
---@field wrap? boolean|"reverse" Break children onto new lines when they do not fit.
---@field alignContent? theolua.AlignContent How a wrapping box's lines share its cross axis (default "start").
---@field border? theolua.Border Draws a border of these glyphs around it (none by default).
---@field borderColor? theolua.Color The border's color.
---@field title? string Shown in the top border (needs a border).
---@field bg? theolua.Color Fills it with this background color.
---@field align? theolua.Align Cross axis (default "stretch").
---@field justify? theolua.Justify Main axis (default "start").
---@field focusable? boolean Takes focus with tab and a click, so its onKey receives keys.
---@field autoFocus? boolean Takes focus when it first appears.
---@field onKey? theolua.HandlerLike Receives a theolua.KeyEvent; return true to stop the key.
---@field id? string Names the element for self:focus(id).
---@field onFocus? theolua.HandlerLike Called with no arguments when it takes focus.
---@field onBlur? theolua.HandlerLike Called with no arguments when it loses focus.
---@field onPaste? theolua.HandlerLike Receives pasted text; return false to pass it on.
---@field onClick? theolua.HandlerLike Receives a theolua.MouseEvent for a click; return true to stop it.
---@field onMouse? theolua.HandlerLike Receives every theolua.MouseEvent over it; return true to stop it.
---@field keys? theolua.KeyBindings Described for ui.keyhints.

---@class theolua.TextProps : theolua.TextStyleProps, theolua.SizingProps
---@field wrap? theolua.Wrap Default "word".
---@field align? theolua.TextAlign Default "left".
---@field link? string A URL: the text is a hyperlink (OSC 8) where the terminal supports it.
---@field runs? table[] The styled runs, for Swift hosts: records { text = ..., bold = true, ... }, each a run of its own look; or a stream, where a record without text sets the look of what follows, a string is a run of that look, and an integer n the next n bytes of the text (the ui.span items make these).
---@field onClick? theolua.HandlerLike Receives a theolua.MouseEvent for a click; return true to stop it.
---@field onMouse? theolua.HandlerLike Receives every theolua.MouseEvent over it; return true to stop it.
---@field [integer] string|number|theolua.Span|theolua.Element|false|nil The text: strings, and ui.span runs of their own look.

---A paragraph of text, wrapped to its box: its array items are the text, strings and ui.span runs of their own look.
---@param props theolua.TextProps|string|number
---@return theolua.Element
function ui.text(props) end

---@class theolua.SpanProps : theolua.TextStyleProps
---@field link? string A URL: the run is a hyperlink (OSC 8) where the terminal supports it.
---@field key? theolua.Key
---@field [integer] string|number|theolua.Span|false|nil The run's text: strings, and spans within it.

---A run of a ui.text with a look of its own (spans nest and inherit); the paragraph wraps as one.
---@param props theolua.SpanProps|string|number
---@return theolua.Span
function ui.span(props) end

---@class theolua.BoxProps : theolua.BoxLayoutProps
---@field direction? theolua.Direction Default "column".
---@field [integer] theolua.Child

---A flexbox container laying its children out in a column (or a row).
---@param props? theolua.BoxProps
---@return theolua.Element
function ui.box(props) end

---@class theolua.RowProps : theolua.BoxLayoutProps
---@field [integer] theolua.Child

---A box laying its children out in a row.
---@param props? theolua.RowProps
---@return theolua.Element
function ui.row(props) end

---@class theolua.ColumnProps : theolua.BoxLayoutProps
---@field [integer] theolua.Child

---A box laying its children out in a column.
---@param props? theolua.ColumnProps
---@return theolua.Element
function ui.column(props) end

---@class theolua.SpacerProps : theolua.BoxLayoutProps

---An empty box that grows to take the free space.
---@param props? theolua.SpacerProps
---@return theolua.Element
function ui.spacer(props) end

---@class theolua.ButtonProps : theolua.TextStyleProps, theolua.BoxLayoutProps
---@field onPress? theolua.HandlerLike Called with no arguments on enter, space or a click.
---@field [integer] string|number The label.

---A focusable label that calls onPress on enter, space or a click.
---@param props theolua.ButtonProps|string|number
---@return theolua.Element
function ui.button(props) end

---@class theolua.InputProps : theolua.TextStyleProps, theolua.SizingProps
---@field value? string The text shown (the input is controlled).
---@field onChange? theolua.HandlerLike Called with the new value after each edit.
---@field onSubmit? theolua.HandlerLike Called with the value on enter (unless validate refuses it).
---@field placeholder? string Shown dimmed while the value is empty.
---@field autoFocus? boolean Takes focus when it first appears.
---@field focusable? boolean Takes focus with tab and a click, so its onKey receives keys.
---@field onKey? theolua.HandlerLike Receives a theolua.KeyEvent; return true to stop the key.
---@field id? string Names the element for self:focus(id).
---@field onFocus? theolua.HandlerLike Called with no arguments when it takes focus.
---@field onBlur? theolua.HandlerLike Called with no arguments when it loses focus.
---@field border? theolua.Border Draws a border of these glyphs around it (none by default).
---@field borderColor? theolua.Color The border's color.
---@field keys? theolua.KeyBindings Described for ui.keyhints.
---@field mask? string Shown for each character instead of it ("•"), for secrets.
---@field cursor? integer Where the cursor starts in a value the parent sets (characters before it); default the end.
---@field suggestions? string[]|fun(text: string): string[] Completions: the rest of the first that continues the value is shown dimmed; tab or right takes it.
---@field validate? fun(text: string): string? Called with the value on enter: a message it returns is shown and holds back onSubmit.

---A focusable, controlled one-line text field.
---@param props? theolua.InputProps
---@return theolua.Element
function ui.input(props) end

---@class theolua.ScrollProps : theolua.BoxLayoutProps
---@field follow? boolean Keep the end in view as children are added.
---@field scrollbar? boolean A scrollbar at the right: where the view is among the children; press or drag it to scroll.
---@field scrollX? boolean Children as wide as they are, scrolled sideways with left, right and shift+wheel.
---@field [integer] theolua.Child

---A focusable column that scrolls; only what is in view is laid out and painted.
---@param props? theolua.ScrollProps
---@return theolua.Element
function ui.scroll(props) end

---@class theolua.ListProps : theolua.BoxLayoutProps
---@field count integer How many items (or rows) there are.
---@field selected? integer The selected index (1-based) when the parent controls it.
---@field onSelect? theolua.HandlerLike Called with the index the selection moves to.
---@field onActivate? theolua.HandlerLike Called with the selected index on enter.
---@field follow? boolean Keep the last item selected, and in view, as count grows.
---@field render fun(i: integer): theolua.Element|string|nil Item i's element; give it a key.
---@field itemHeight? integer The height of every item, when they are all alike.
---@field scrollbar? boolean A scrollbar at the right: where the view is among all the items; press or drag it to select.

---A focusable list of `count` items of which only those near the view are rendered.
---@param props theolua.ListProps
---@return theolua.Element
function ui.list(props) end

---@class theolua.TableProps : theolua.BoxLayoutProps
---@field count integer How many items (or rows) there are.
---@field selected? integer The selected index (1-based) when the parent controls it.
---@field onSelect? theolua.HandlerLike Called with the index the selection moves to.
---@field onActivate? theolua.HandlerLike Called with the selected index on enter.
---@field follow? boolean Keep the last item selected, and in view, as count grows.
---@field direction? "column"|"row" The main axis children are laid along (default "column").
---@field columns theolua.TableColumn[] 
---@field cell fun(row: integer, column: integer): theolua.Element|string|number|nil 
---@field onSort? theolua.HandlerLike Called with a column's index when its title is activated.
---@field scrollbar? boolean A scrollbar at the right of the rows; press or drag it to select.

---A focusable table of `count` rows under a header, of which only those near the view are rendered.
---@param props theolua.TableProps
---@return theolua.Element
function ui.table(props) end

---@class theolua.LayerProps : theolua.BoxLayoutProps
---@field direction? theolua.Direction The main axis children are laid along (default "column").
---@field anchor? "center"|"parent" Centred (default), or below (or above) the box it is declared in.
---@field x? theolua.Dimension A screen column; with y, instead of anchor.
---@field y? theolua.Dimension A screen row.
---@field modal? boolean Focus and keys stay inside; what is below is dimmed; esc calls onClose.
---@field dim? boolean false keeps what is below a modal layer undimmed.
---@field onClose? theolua.HandlerLike Called when esc reaches a modal layer unused.
---@field [integer] theolua.Child

---A box drawn above the rest of the screen, modal or not.
---@param props? theolua.LayerProps
---@return theolua.Element
function ui.layer(props) end

---@class theolua.TextareaProps : theolua.TextStyleProps, theolua.SizingProps
---@field value? string The text shown (the textarea is controlled).
---@field onChange? theolua.HandlerLike Called with the new value after each edit.
---@field placeholder? string Shown dimmed while the value is empty.
---@field autoFocus? boolean Takes focus when it first appears.
---@field focusable? boolean Takes focus with tab and a click, so its onKey receives keys.
---@field onKey? theolua.HandlerLike Receives a theolua.KeyEvent; return true to stop the key.
---@field id? string Names the element for self:focus(id).
---@field onFocus? theolua.HandlerLike Called with no arguments when it takes focus.
---@field onBlur? theolua.HandlerLike Called with no arguments when it loses focus.
---@field border? theolua.Border Draws a border of these glyphs around it (none by default).
---@field borderColor? theolua.Color The border's color.
---@field keys? theolua.KeyBindings Described for ui.keyhints.
---@field cursor? integer Where the cursor starts in a value the parent sets (characters before it); default the start.
---@field rows? integer Its height in lines when no height, grow or basis is given (default 3).
---@field wrap? "word"|"char" Where rows break (default "word").
---@field lineNumbers? boolean Draws each line's number before it, dimmed.
---@field scrollbar? boolean A scrollbar at the right: where the lines in view are; press or drag it to scroll.
---@field highlight? fun(line: string, number: integer): ({ [1]: integer, [2]: integer, [3]: string|table })[] Styles a line: called with the line and its number, returns a list of { from, to, style } (bytes from 1, inclusive, as string.find gives them; style a color name or a table of color, bg, bold, italic, underline, strikethrough, dim, inverse). Asked again only for a line whose text or number changed.
---@field onCursor? fun(position: { line: integer, column: integer }) Called with { line, column } (from 1, in characters) when the cursor moves.

---A focusable, controlled multi-line text editor that wraps.
---@param props? theolua.TextareaProps
---@return theolua.Element
function ui.textarea(props) end

---@class theolua.CheckboxProps
---@field autoFocus? boolean Takes focus when it first appears.
---@field checked? boolean Default false.
---@field grow? number Share of the parent's free main-axis space (default 0).
---@field id? string Names the element for self:focus(id).
---@field keys? theolua.KeyBindings Described for ui.keyhints.
---@field onBlur? theolua.HandlerLike Called with no arguments when it loses focus.
---@field onChange? theolua.HandlerLike Called with the new checked state (space, enter, click).
---@field onFocus? theolua.HandlerLike Called with no arguments when it takes focus.
---@field shrink? number Share of the parent's overflow, weighted by size (default 1).
---@field key? theolua.Key
---@field [1] string The label.

---A focusable, controlled box `[x] label`, toggled by space, enter or a click.
---@param props? theolua.CheckboxProps
---@return theolua.Element
function ui.checkbox(props) end

---@class theolua.ProgressProps
---@field grow? number Share of the parent's free main-axis space (default 0).
---@field label? string Shown after the bar.
---@field shrink? number Share of the parent's overflow, weighted by size (default 1).
---@field value number From 0 to 1.
---@field width? integer Cells; in a column it takes the column's width.
---@field key? theolua.Key

---A bar filled to `value` (0 to 1) in eighths of a cell, with an optional label.
---@param props theolua.ProgressProps
---@return theolua.Element
function ui.progress(props) end

---@class theolua.SpinnerProps
---@field label? string Shown after the glyph.
---@field style? "dots"|"line"|"arc"|"bounce" Default "dots".
---@field key? theolua.Key

---A glyph stepped by the runtime's clock while it is mounted, with an optional label.
---@param props? theolua.SpinnerProps
---@return theolua.Element
function ui.spinner(props) end

---@class theolua.SelectProps
---@field autoFocus? boolean Takes focus when it first appears.
---@field grow? number Share of the parent's free main-axis space (default 0).
---@field id? string Names the element for self:focus(id).
---@field keys? theolua.KeyBindings Described for ui.keyhints.
---@field onBlur? theolua.HandlerLike Called with no arguments when it loses focus.
---@field onChange? theolua.HandlerLike Called with the option picked.
---@field onFocus? theolua.HandlerLike Called with no arguments when it takes focus.
---@field options string[] The choices, in order.
---@field placeholder? string Shown, muted, when there is no value.
---@field shrink? number Share of the parent's overflow, weighted by size (default 1).
---@field value? string The option shown (controlled).
---@field width? integer Cells, or a percentage of the parent's inner width ("50%"); default its content's.
---@field key? theolua.Key

---A closed field showing `value` that opens its `options` in a layer to pick from.
---@param props theolua.SelectProps
---@return theolua.Element
function ui.select(props) end

---@class theolua.KeyhintsProps
---@field grow? number Share of the parent's free main-axis space (default 0).
---@field id? string Names the element for self:focus(id).
---@field shrink? number Share of the parent's overflow, weighted by size (default 1).
---@field width? integer Cells, or a percentage of the parent's inner width ("50%"); default its content's.
---@field key? theolua.Key

---A footer listing the key bindings of the focused element and its ancestors.
---@param props? theolua.KeyhintsProps
---@return theolua.Element
function ui.keyhints(props) end

---One tab of ui.tabs: its title, and its content as array items.
---@class theolua.Tab
---@field title string
---@field [integer] theolua.Child

---@class theolua.TabsProps
---@field autoFocus? boolean Takes focus when it first appears.
---@field grow? number Share of the parent's free main-axis space (default 0).
---@field height? integer Cells, or a percentage of the parent's inner height; default its content's.
---@field id? string Names the element for self:focus(id).
---@field keys? theolua.KeyBindings Described for ui.keyhints.
---@field onBlur? theolua.HandlerLike Called with no arguments when it loses focus.
---@field onChange? theolua.HandlerLike Called with the tab to select (left, right, 1-9, click).
---@field onFocus? theolua.HandlerLike Called with no arguments when it takes focus.
---@field selected? integer The selected tab, from 1 (default 1).
---@field shrink? number Share of the parent's overflow, weighted by size (default 1).
---@field key? theolua.Key
---@field [integer] theolua.Tab

---A tab bar and the selected tab's content; each array item is a tab.
---@param props? theolua.TabsProps
---@return theolua.Element
function ui.tabs(props) end

---@class theolua.SwitchProps
---@field autoFocus? boolean Takes focus when it first appears.
---@field grow? number Share of the parent's free main-axis space (default 0).
---@field id? string Names the element for self:focus(id).
---@field keys? theolua.KeyBindings Described for ui.keyhints.
---@field onBlur? theolua.HandlerLike Called with no arguments when it loses focus.
---@field onChange? theolua.HandlerLike Called with the new value (space, enter, click).
---@field onFocus? theolua.HandlerLike Called with no arguments when it takes focus.
---@field shrink? number Share of the parent's overflow, weighted by size (default 1).
---@field value? boolean Default false.
---@field key? theolua.Key
---@field [1] string The label.

---A focusable, controlled on/off switch `━━● label`, toggled by space, enter or a click.
---@param props? theolua.SwitchProps
---@return theolua.Element
function ui.switch(props) end

---@class theolua.RadioProps
---@field autoFocus? boolean Takes focus when it first appears.
---@field direction? "column"|"row" One under the other (default) or side by side.
---@field gap? integer Cells between options.
---@field grow? number Share of the parent's free main-axis space (default 0).
---@field id? string Names the element for self:focus(id).
---@field keys? theolua.KeyBindings Described for ui.keyhints.
---@field onBlur? theolua.HandlerLike Called with no arguments when it loses focus.
---@field onChange? theolua.HandlerLike Called with the option chosen (arrows, home, end, click).
---@field onFocus? theolua.HandlerLike Called with no arguments when it takes focus.
---@field options string[] The options, one of which is chosen.
---@field shrink? number Share of the parent's overflow, weighted by size (default 1).
---@field value? string The chosen option.
---@field key? theolua.Key

---A focusable, controlled group of options of which one is chosen, `(•) option`.
---@param props theolua.RadioProps
---@return theolua.Element
function ui.radio(props) end

---@class theolua.SparklineProps
---@field color? theolua.Color The bars' color; default the theme's accent.
---@field grow? number Share of the parent's free main-axis space (default 0).
---@field label? string Shown after the bars.
---@field max? number The value drawn as █; default the largest value.
---@field min? number The value drawn as ▁; default the smallest value (or 0 when none is below it).
---@field shrink? number Share of the parent's overflow, weighted by size (default 1).
---@field values number[] The series, oldest first.
---@field width? integer Cells; default one per value. Narrower, the last values show.
---@field key? theolua.Key

---A row of bars (▁ to █), one cell per value, the last ones when narrower, with an optional label.
---@param props theolua.SparklineProps
---@return theolua.Element
function ui.sparkline(props) end

---@class theolua.ChartProps
---@field colors? theolua.Color[] The series' colors; default the theme's accent, then magenta, yellow, green, blue, red.
---@field grow? number Share of the parent's free main-axis space (default 0).
---@field height? integer Rows, axis and legend included; default 8 (9 with labels).
---@field kind? "line"|"bar" "line" (braille dots) or "bar" (blocks); default "line".
---@field labels? string[] The series' names, shown in a legend under the chart.
---@field max? number The top of the y axis; default the largest value.
---@field min? number The bottom of the y axis; default the smallest value (or 0 when none is below it).
---@field shrink? number Share of the parent's overflow, weighted by size (default 1).
---@field values number[]|number[][] A series, oldest first, or a list of series.
---@field width? integer Cells; in a column it takes the column's width.
---@field key? theolua.Key

---A chart of one series or several: braille lines or block bars, with axes and a legend.
---@param props theolua.ChartProps
---@return theolua.Element
function ui.chart(props) end

---@class theolua.PaletteProps : theolua.SizingProps
---@field commands { name: string, run?: fun(), key?: string, help?: string }[] What the palette finds: a name, the function it runs, and a key and a few words shown beside it.
---@field direction? theolua.Direction How its children stand; default "column".
---@field id? string Names the element for self:focus(id).
---@field [integer] theolua.Child

---A box around the app where ctrl+p opens a command palette that finds commands by fuzzy matching.
---@param props theolua.PaletteProps
---@return theolua.Element
function ui.palette(props) end

---@class theolua.HelpProps
---@field key? theolua.Key

---Makes F1 show every key binding in reach, grouped by the element that answers it.
---@param props? theolua.HelpProps
---@return theolua.Element
function ui.help(props) end

---@class theolua.ScreensProps : theolua.SizingProps
---@field initial string The first screen's name.
---@field params? any The first screen's params, passed to render.
---@field render fun(name: string, params: any): theolua.Element|string|nil The element of the screen with this name and params.
---@field onChange? fun(stack: string[]) Called with the stack of names after each change.
---@field border? theolua.Border A border around the screens.
---@field borderColor? theolua.Color The border's color.
---@field title? string A title in the top border.

---A stack of screens, the top one shown; screens navigate with self:use(ui.navigation), esc goes back.
---@param props theolua.ScreensProps
---@return theolua.Element
function ui.screens(props) end

---@class theolua.TreeProps : theolua.BoxLayoutProps
---@field nodes theolua.TreeNode[] The top-level nodes.
---@field render? fun(node: theolua.TreeNode, row: { depth: integer, expanded: boolean, branch: boolean }): theolua.Element|string|nil A row's content after its indent and ▸/▾ (default: the label).
---@field selected? string|integer The selected node's id when the parent controls it.
---@field expanded? (string|integer)[] The ids of the nodes expanded at first.
---@field onSelect? fun(node: theolua.TreeNode) Called with the node the selection moves to.
---@field onActivate? fun(node: theolua.TreeNode) Called with the selected node on enter or a click on it (else enter toggles a branch).
---@field onToggle? fun(node: theolua.TreeNode, expanded: boolean) Called with a branch and whether it is now expanded.

---Nodes in rows, a branch's children indented under it when expanded; only the rows in view are rendered.
---@param props theolua.TreeProps
---@return theolua.Element
function ui.tree(props) end

---@class theolua.FilePickerProps : theolua.BoxLayoutProps
---@field root? string The folder shown (relative to the working folder; default ".").
---@field filter? string|string[]|fun(path: string, entry: { name: string, kind: string, size: integer, modified: number }): boolean The files shown: a name pattern ("*.md"), a list of them, or a function of the path and its entry.
---@field hidden? boolean Show names that start with a dot.
---@field onPick? fun(path: string) Called with a file's path on enter or a click on it.
---@field onSelect? fun(path: string) Called with the path the selection moves to.

---The folders and files under root, read through the read grant, as a tree; onPick(path) on a file.
---@param props? theolua.FilePickerProps
---@return theolua.Element
function ui.filePicker(props) end

---@class theolua.MarkdownProps : theolua.BoxLayoutProps
---@field follow? boolean Keep the end in view as children are added.
---@field scrollbar? boolean A scrollbar at the right: where the view is among the children; press or drag it to scroll.
---@field scrollX? boolean Children as wide as they are, scrolled sideways with left, right and shift+wheel.
---@field [integer] string The document: Markdown text.

---A CommonMark document with GitHub tables, read by cmark-gfm, drawn wrapped to the width in a scroll.
---@param props theolua.MarkdownProps|string|number
---@return theolua.Element
function ui.markdown(props) end
-- END widget declarations

---The colors the built-in widgets draw with.
---@class theolua.Theme
---@field accent? theolua.Color
---@field text? theolua.Color
---@field muted? theolua.Color
---@field border? theolua.Color
---@field selected? theolua.Color
---@field good? theolua.Color
---@field warning? theolua.Color
---@field bad? theolua.Color

---The context the built-in widgets read their colors from; its value is a theolua.Theme.
---@type theolua.Context
ui.theme = nil

---What `self:use(ui.navigation)` gives a screen of ui.screens.
---@class theolua.Navigation
---@field stack string[] The names of the screens, bottom first.
---@field depth integer How many screens are on the stack.
---@field top string? The name of the screen shown.
---@field push fun(name: string, params?: any) Shows the screen `name` over the others.
---@field pop fun() Goes back to the screen below (as esc does); nothing on the first screen.
---@field replace fun(name: string, params?: any) Puts the screen `name` in place of the top one.
---@field reset fun(name: string, params?: any) Makes the screen `name` the only one.

---A node of ui.tree: other fields are kept, for the app's own use.
---@class theolua.TreeNode
---@field id string|integer Unique in the tree.
---@field label? string What its row shows (unless the tree's render says).
---@field children? theolua.TreeNode[] Its children, inline.
---@field branch? boolean It has children for the tree's children(node) to load.
---@field [string] any

---The context screens of ui.screens navigate through; its value is a theolua.Navigation.
---@type theolua.Context
ui.navigation = nil

---A new context: a value handed down a subtree (see docs/lua-api.md, Context).
---@param default any What components read where no provider is above them.
---@param name? string A name for messages.
---@return theolua.Context
function ui.context(default, name) end

---Runs `fn` once after `seconds` (≥ 0).
---@param seconds number
---@param fn fun()
---@return theolua.Timer
function ui.after(seconds, fn) end

---Runs `fn` every `seconds` (≥ 0) until cancelled or its component unmounts.
---@param seconds number
---@param fn fun()
---@return theolua.Timer
function ui.every(seconds, fn) end

---What `ui.spawn` takes besides the command and its arguments.
---@class theolua.SpawnOptions
---@field onStdout? fun(line: string) Each line the process prints (or each chunk, with `raw`).
---@field onStderr? fun(line: string) Each line of its standard error.
---@field onExit? fun(code: integer?, signal: integer?) Once, after all its output.
---@field stdin? string Written to its standard input, which is then closed.
---@field cwd? string The folder it starts in, relative to the working folder (see ui.appFolder).
---@field env? table<string, string> Added to the environment it inherits.
---@field raw? boolean Output in chunks of bytes as read, not lines.

---A process started by `ui.spawn`.
---@class theolua.Process
---@field pid integer
---@field running boolean
local Process = {}

---Writes more to the process's standard input.
---@param text string
function Process:write(text) end

---Closes its standard input once what was written has gone.
function Process:close() end

---Sends it (and what it started) a signal: "term" (the default), "kill", "int" or "hup".
---@param signal? "term"|"kill"|"int"|"hup"
function Process:kill(signal) end

---A watch or a tail.
---@class theolua.Watch
local Watch = {}

---Stops it. Cancelling twice is harmless.
function Watch:cancel() end

---An entry of a folder, from `ui.listDir`.
---@class theolua.DirEntry
---@field name string
---@field kind "file"|"directory"|"link"|"other"
---@field size integer Bytes, for files.
---@field modified number Seconds since 1970.

---Starts `command` (a name looked up in PATH, or a path) without a shell. Needs --allow-run.
---@param command string
---@param args? string[]
---@param options? theolua.SpawnOptions
---@return theolua.Process
function ui.spawn(command, args, options) end

---What `ui.exec` takes besides the command and its arguments.
---@class theolua.ExecOptions
---@field onExit? fun(code: integer?, signal: integer?) Once the program has ended.
---@field cwd? string The folder it starts in, relative to the working folder (see ui.appFolder).
---@field env? table<string, string> Added to the environment it inherits.

---Gives the terminal to `command` (an editor, a pager) until it exits, then draws the app
---again. Runs after the current handler, between frames. Needs --allow-run.
---@param command string
---@param args? string[]
---@param options? theolua.ExecOptions
function ui.exec(command, args, options) end

---The user's editor for `ui.exec`: the words of $VISUAL, else $EDITOR, else "vi".
---@return string command
---@return string[] args
function ui.editor() end

---What `ui.fetch` takes besides the URL.
---@class theolua.FetchOptions
---@field method? string "GET" by default.
---@field headers? table<string, string> Headers to send.
---@field body? string The body to send, bytes exactly.
---@field timeout? number Seconds for the whole exchange (30 by default).
---@field maxBytes? integer The most bytes of answer kept (64 MiB by default and at most).

---What `ui.fetch` answers: a response, or `error` when none came.
---@class theolua.FetchResponse
---@field status? integer
---@field headers? table<string, string> Names lowercased.
---@field body? string
---@field url? string The URL that answered, after redirects.
---@field error? string Why no answer came.

---A request made by `ui.fetch`.
---@class theolua.Request
local Request = {}

---Stops it; the callback is not called.
function Request:cancel() end

---Sends an HTTP or HTTPS request; `callback` gets the answer between frames. Needs --allow-net.
---@param url string
---@param options theolua.FetchOptions|fun(response: theolua.FetchResponse)
---@param callback? fun(response: theolua.FetchResponse)
---@return theolua.Request
function ui.fetch(url, options, callback) end

---The whole file, as a string of bytes. Needs --allow-read.
---@param path string Relative to the working folder: the app's, or the one a bundle was started in.
---@return string
function ui.readFile(path) end

---@class theolua.Task
local Task = {}
---Stops the task; neither callback is called.
function Task:cancel() end

---Runs `fn` as background work, a slice at a time between frames, past one call's time limit.
---@param fn fun(task: theolua.Task): any
---@param options? { onDone?: fun(...: any), onError?: fun(message: string) }
---@return theolua.Task
function ui.task(fn, options) end

---The clipboard: OSC 52 in a terminal; kept in render and tests.
ui.clipboard = {}

---Puts `text` (at most 1 MiB) on the clipboard.
---@param text string
function ui.clipboard.write(text) end

---JSON: `decode` reads a document into Lua values, `encode` writes one.
ui.json = {}

---The value `null` reads as, and writes as `null` (arrays keep their positions).
---@type userdata
ui.json.null = nil

---Reads a JSON document: objects and arrays become tables, `null` ui.json.null, integers stay exact.
---@param text string
---@return any
function ui.json.decode(text) end

---Writes `value` as JSON: keys sorted, `[]` for an empty table unless marked with ui.json.object.
---@param value any
---@param options? { pretty?: boolean }
---@return string
function ui.json.encode(value, options) end

---Marks `t` (or a new table) to be written as an object, `{}`, even when empty.
---@param t? table
---@return table
function ui.json.object(t) end

---Replaces the file's content with `data`, atomically (the old content or the new, never half). Needs --allow-write.
---@param path string Relative to the working folder: the app's, or the one a bundle was started in; its folder must exist.
---@param data string|number
function ui.writeFile(path, data) end

---Adds `data` at the end of the file, made when missing. Needs --allow-write.
---@param path string
---@param data string|number
function ui.appendFile(path, data) end

---Makes the folder and the missing folders above it. Needs --allow-write.
---@param path string
function ui.makeDir(path) end

---Removes a file, a link (not its target) or an empty folder. Needs --allow-write.
---@param path string
function ui.remove(path) end

---Moves a file, link or folder, replacing a file at `to`. Needs --allow-write.
---@param from string
---@param to string
function ui.rename(from, to) end

---The folder's entries, by name. Needs --allow-read.
---@param path string
---@return theolua.DirEntry[]
function ui.listDir(path) end

---Calls `fn` when the file or folder changes (settled: once per burst). Needs --allow-read.
---@param path string
---@param fn fun()
---@return theolua.Watch
function ui.watch(path, fn) end

---Calls `fn` with the lines appended to a growing file. Needs --allow-read.
---@param path string
---@param fn fun(lines: string[])
---@param options? { fromStart?: boolean }
---@return theolua.Watch
function ui.tail(path, fn, options) end

---Hands an event to the host program.
---@param name string
---@param payload? any
function ui.emit(name, payload) end

---Shows a toast in the screen's bottom-right corner until `timeout` seconds pass
---(default 4; 0 keeps it until dismissed), or a click on it, or esc.
---@param message string
---@param options? { kind?: "info"|"success"|"warning"|"error", timeout?: number }
function ui.notify(message, options) end

---Writes a line that stays: above an inline app (into the scrollback), in the log of
---a full-screen one (F12), before the screen in `render`. Arguments as `print` takes them.
---@param ... any
function ui.print(...) end

---Ends the app.
function ui.quit() end

return ui
