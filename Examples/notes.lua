-- Notes: a folder of text notes, listed on the left and edited on the right. ctrl+s
-- saves the note (ui.writeFile: the old text or the new, never half), ctrl+n asks for a
-- new note's name, and ctrl+o opens the note in your own editor ($VISUAL or $EDITOR,
-- through ui.exec), reading it again when the editor exits.
--
--   theolua run Examples/notes.lua --allow-read=Examples/notes --allow-write=Examples/notes \
--     --allow-run=vi
--
-- (name your editor in --allow-run, or give --allow-run for any). The folder is `notes`
-- beside the app, and the editor yours, unless the props say otherwise.
local ui = require("theolua")

-- A copy of `state` with the fields of `changes`.
local function with(state, changes)
  local copy = {}
  for k, v in pairs(state) do copy[k] = v end
  for k, v in pairs(changes) do copy[k] = v end
  return copy
end

-- The notes in `folder`, sorted by name: the files whose names end in .md or .txt.
local function listNotes(folder)
  local ok, entries = pcall(ui.listDir, folder)
  if not ok then return {}, entries end
  local names = {}
  for _, entry in ipairs(entries) do
    if entry.kind == "file" and (entry.name:match("%.md$") or entry.name:match("%.txt$")) then
      names[#names + 1] = entry.name
    end
  end
  table.sort(names)
  return names
end

-- The text of note `name`, or "" and a message when it cannot be read.
local function readNote(folder, name)
  if not name then return "" end
  local ok, text = pcall(ui.readFile, folder .. "/" .. name)
  if ok then return text end
  return "", text
end

-- A name the user typed, made a note's file name: trimmed, .md added when it has no
-- extension; nil when nothing is left or it names a folder.
local function noteName(typed)
  local name = typed:match("^%s*(.-)%s*$")
  if name == "" or name:find("/", 1, true) or name:sub(1, 1) == "." then return nil end
  if not name:match("%.%w+$") then name = name .. ".md" end
  return name
end

-- What the user does, as the component's actions; they call each other directly.
local actions = {}

-- The list moved: open that note (what was typed in the other stays unsaved).
function actions.open(self, index)
  local s = self.state
  local text, problem = readNote(self.props.folder, s.names[index])
  self:updateState(with(s, { current = index, text = text, saved = text, status = problem or s.names[index] }))
end

function actions.edit(self, text) self:updateState(with(self.state, { text = text })) end

function actions.save(self)
  local s = self.state
  local name = s.current and s.names[s.current]
  if not name then return end
  local ok, problem = pcall(ui.writeFile, self.props.folder .. "/" .. name, s.text)
  self:updateState(with(s, { saved = ok and s.text or s.saved, status = ok and ("saved " .. name) or problem }))
end

function actions.ask(self) self:updateState(with(self.state, { asking = true, newName = "" })) end

function actions.typeName(self, text) self:updateState(with(self.state, { newName = text })) end

function actions.cancel(self) self:updateState(with(self.state, { asking = false })) end

function actions.create(self)
  local s = self.state
  local name = noteName(s.newName)
  if not name then
    self:updateState(with(s, { status = "a note needs a name without / that does not start with ." }))
    return
  end
  local ok, problem = pcall(ui.writeFile, self.props.folder .. "/" .. name, "")
  if not ok then
    self:updateState(with(s, { asking = false, status = problem }))
    return
  end
  local names = listNotes(self.props.folder)
  local index = 1
  for i, existing in ipairs(names) do if existing == name then index = i end end
  self:updateState(with(s, {
    names = names, current = index, text = "", saved = "", asking = false, status = "new note " .. name,
  }))
end

-- Hands the terminal to the user's editor; the note is read again when it exits.
function actions.openInEditor(self)
  local s = self.state
  local name = s.current and s.names[s.current]
  if not name then return end
  local editor, args = ui.editor()
  if self.props.editor then editor, args = self.props.editor, {} end
  args[#args + 1] = name
  local ok, problem = pcall(ui.exec, editor, args, {
    cwd = self.props.folder,
    onExit = function(code) actions.edited(self, name, code) end,
  })
  if not ok then self:updateState(with(s, { status = problem })) end
end

function actions.edited(self, name, code)
  local s = self.state
  local names = listNotes(self.props.folder)
  local index = s.current
  for i, existing in ipairs(names) do if existing == name then index = i end end
  local text, problem = readNote(self.props.folder, names[index])
  local status = problem or (code == 0 and ("edited " .. name) or ("the editor exited with " .. tostring(code)))
  self:updateState(with(s, { names = names, current = index, text = text, saved = text, status = status }))
end

function actions.key(self, key)
  if key.name == "ctrl+s" then actions.save(self) return true end
  if key.name == "ctrl+n" then actions.ask(self) return true end
  if key.name == "ctrl+o" then actions.openInEditor(self) return true end
end

local Notes = ui.component("Notes", {
  props = {
    folder = { "string", default = "notes" },
    editor = { "string?" },  -- the command to edit with; by default yours ($VISUAL, $EDITOR, vi)
  },
  initialState = function(props)
    local names, problem = listNotes(props.folder)
    local text, unreadable = readNote(props.folder, names[1])
    return {
      names = names, current = names[1] and 1 or nil, text = text, saved = text,
      status = problem or unreadable or (#names .. " notes"), asking = false, newName = "",
    }
  end,
  actions = actions,
  render = function(self)
    local s = self.state
    local name = s.current and s.names[s.current]
    local changed = name and s.text ~= s.saved
    local list = ui.list { count = #s.names, width = 24, border = "round", title = "notes",
      selected = s.current, onSelect = self:handler("open"), keys = { { "↑↓", "notes" } },
      render = function(i) return ui.text { s.names[i], key = s.names[i] } end,
    }
    local editor = name
        and ui.textarea { value = s.text, onChange = self:handler("edit"), grow = 1, border = "round",
          autoFocus = true, placeholder = "an empty note", keys = { { "enter", "new line" } } }
      or ui.box { grow = 1, border = "round", ui.text { "no notes yet: ctrl+n makes one", dim = true } }
    local dialog = s.asking and ui.layer { modal = true, border = "round", title = "New note", padding = { 1, 0 },
      width = 40, onClose = self:handler("cancel"), keys = { { "enter", "create" }, { "esc", "cancel" } },
      ui.text "Name (.md is added):",
      ui.input { value = s.newName, onChange = self:handler("typeName"), onSubmit = self:handler("create"),
        autoFocus = true, placeholder = "ideas" },
    } or nil
    return ui.column { height = "100%", onKey = self:handler("key"),
      keys = { { "ctrl+s", "save" }, { "ctrl+n", "new" }, { "ctrl+o", "editor" } },
      ui.row { grow = 1, list, editor },
      ui.text { (changed and "● " or "") .. s.status, color = changed and "yellow" or "gray" },
      dialog,
      ui.keyhints {},
    }
  end,
})

return Notes
