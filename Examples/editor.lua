-- Editor: a small editor for Lua files. Keywords, strings, numbers and comments are
-- colored from Lua (the textarea's `highlight`, asked only for the lines that change),
-- lines are numbered, and the status bar shows the file, whether it changed, and the
-- cursor's line and column. ctrl+s saves (ui.writeFile: the old text or the new, never
-- half); ctrl+z and ctrl+y undo and redo; shift with the arrows or the mouse selects,
-- ctrl+x, alt+c and ctrl+v cut, copy and paste.
--
--   theolua run Examples/editor.lua --allow-read=Examples/fixtures \
--     --allow-write=Examples/fixtures --props '{"file":"fixtures/hello.lua"}'
--
-- The file is `fixtures/hello.lua` beside the app unless the props say otherwise; a file
-- that does not exist yet is made by the first save.
local ui = require("theolua")

local keywords = {}
for word in ([[and break do else elseif end false for function goto if in local nil not
  or repeat return then true until while]]):gmatch("%a+") do keywords[word] = true end

local theme = {
  keyword = { color = "magenta", bold = true },
  string = "green",
  number = "cyan",
  comment = { color = "gray", italic = true },
}

-- The looks of one line of Lua: a scan from left to right, so a `--` inside a string is
-- no comment and a quote inside a comment no string. Long strings and comments that
-- span lines are colored on their first line only: a line is styled on its own.
local function highlight(line)
  local looks = {}
  local at = 1
  while at <= #line do
    local c = line:sub(at, at)
    if line:sub(at, at + 1) == "--" then
      looks[#looks + 1] = { at, #line, theme.comment }
      break
    elseif c == '"' or c == "'" then
      local finish = at + 1
      while finish <= #line do
        local d = line:sub(finish, finish)
        if d == "\\" then finish = finish + 1 elseif d == c then break end
        finish = finish + 1
      end
      looks[#looks + 1] = { at, finish, theme.string }
      at = finish + 1
    elseif line:sub(at, at + 1) == "[[" then
      local close = line:find("]]", at + 2, true) or #line
      looks[#looks + 1] = { at, close + 1, theme.string }
      at = close + 2
    elseif c:match("[%a_]") then
      local word = line:match("^[%w_]+", at)
      if keywords[word] then looks[#looks + 1] = { at, at + #word - 1, theme.keyword } end
      at = at + #word
    elseif c:match("%d") then
      local number = line:match("^0[xX]%x+", at) or line:match("^%d+%.?%d*[eE]?[-+]?%d*", at)
      looks[#looks + 1] = { at, at + #number - 1, theme.number }
      at = at + #number
    else
      at = at + 1
    end
  end
  return looks
end

-- A copy of `state` with the fields of `changes`.
local function with(state, changes)
  local copy = {}
  for k, v in pairs(state) do copy[k] = v end
  for k, v in pairs(changes) do copy[k] = v end
  return copy
end

local function lineCount(text)
  local _, breaks = text:gsub("\n", "")
  return breaks + 1
end

-- What the user does, as the component's actions.
local actions = {}

-- Each change is made to the state as the changes before it in the same turn left it
-- (an edit moves the cursor too: onCursor and onChange come together).
local function change(self, changes)
  self:updateState(function(s) return with(s, changes) end)
end

function actions.edit(self, text) change(self, { text = text }) end

function actions.moved(self, at) change(self, { line = at.line, column = at.column }) end

function actions.save(self)
  local text = self.state.text
  local ok, problem = pcall(ui.writeFile, self.props.file, text)
  if ok then
    change(self, { saved = text, status = ("saved %d lines"):format(lineCount(text)) })
  else
    change(self, { status = problem })
  end
end

function actions.key(self, key)
  if key.name == "ctrl+s" then actions.save(self) return true end
end

local Editor = ui.component("Editor", {
  props = {
    file = { "string", default = "fixtures/hello.lua" },
  },
  initialState = function(props)
    local ok, text = pcall(ui.readFile, props.file)
    if ok then return { text = text, saved = text, line = 1, column = 1, status = "opened" } end
    return { text = "", saved = "", line = 1, column = 1, status = "a new file" }
  end,
  actions = actions,
  render = function(self)
    local s = self.state
    local changed = s.text ~= s.saved
    local name = self.props.file:match("[^/]+$") or self.props.file
    return ui.column { height = "100%", onKey = self:handler("key"),
      keys = { { "ctrl+s", "save" }, { "ctrl+z", "undo" }, { "ctrl+y", "redo" }, { "alt+c", "copy" },
        { "ctrl+x", "cut" }, { "ctrl+v", "paste" } },
      ui.box { border = "round", title = name, grow = 1,
        ui.textarea { value = s.text, onChange = self:handler("edit"), onCursor = self:handler("moved"),
          highlight = highlight, lineNumbers = true, grow = 1, wrap = "char", autoFocus = true },
      },
      ui.row { gap = 2, bg = "blue",
        ui.text { (changed and "● " or "  ") .. name,
          bold = true, color = "white", wrap = "ellipsis", shrink = 0 },
        ui.text { s.status, color = "white", grow = 1, wrap = "ellipsis" },
        ui.text { ("Ln %d, Col %d"):format(s.line, s.column), color = "white", wrap = "none", shrink = 0 },
        ui.text { ("%d lines "):format(lineCount(s.text)), color = "white", wrap = "none", shrink = 0 },
      },
      ui.keyhints {},
    }
  end,
})

return Editor
