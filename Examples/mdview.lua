-- A Markdown notes browser: a ui.filePicker of the notes on the left, the chosen one
-- drawn by ui.markdown on the right, a command palette (ctrl+p) and toasts (ui.notify).
-- Moving through the files shows each; enter opens it (the document takes the keys, to
-- scroll); tab goes back and forth; r reloads, ctrl+b hides the files. Reads only the
-- notes folder:
--   theolua run Examples/mdview.lua --allow-read=Examples/notes
local ui = require("theolua")

local function words(text)
  local count = 0
  for _ in text:gmatch("%S+") do count = count + 1 end
  return count
end

-- The state with `changes` over it (state is replaced, not merged).
local function with(state, changes)
  local copy = {}
  for k, v in pairs(state) do copy[k] = v end
  for k, v in pairs(changes) do copy[k] = v end
  return copy
end

-- Reads the note at `path` into the state; a note that cannot be read is a toast.
local function show(self, path)
  local ok, text = pcall(ui.readFile, path)
  if not ok then
    ui.notify(text, { kind = "error" })
    return false
  end
  self:updateState(function(s) return with(s, { path = path, text = text }) end)
  return true
end

return ui.component("Browser", {
  props = { folder = { "string", default = "notes" } },
  initialState = function() return { sidebar = true } end,
  render = function(self)
    local state = self.state
    local document
    if state.text then
      document = ui.markdown { state.text, id = "document", grow = 1, border = "round", title = state.path }
    else
      document = ui.box { grow = 1, border = "round", align = "center", justify = "center",
        ui.text { "choose a note on the left (ctrl+p for commands)", dim = true } }
    end
    local commands = {
      { name = "Toggle the file list", key = "ctrl+b", run = self:handler("toggle") },
      { name = "Reload the note", key = "r", run = self:handler("reload") },
      { name = "Count the words", run = self:handler("count") },
      { name = "Copy the note's path", run = self:handler("copy") },
    }
    return ui.palette { height = "100%", commands = commands,
      ui.row { grow = 1, onKey = self:handler("key"), keys = { { "r", "reload" }, { "ctrl+b", "files" } },
        state.sidebar and ui.filePicker { root = self.props.folder, filter = "*.md", width = 28,
          border = "round", title = self.props.folder, id = "files", autoFocus = true,
          onSelect = self:handler("show"), onPick = self:handler("open") } or false,
        document,
      },
      ui.keyhints {},
    }
  end,
  actions = {
    show = function(self, path) show(self, path) end,
    open = function(self, path)
      if show(self, path) then self:focus("document") end
    end,
    toggle = function(self)
      self:updateState(function(s) return with(s, { sidebar = not s.sidebar }) end)
    end,
    reload = function(self)
      if self.state.path and show(self, self.state.path) then
        ui.notify("reloaded " .. self.state.path, { kind = "success", timeout = 2 })
      end
    end,
    count = function(self)
      if not self.state.text then
        ui.notify("no note is open", { kind = "warning" })
        return
      end
      ui.notify(("%s: %d words"):format(self.state.path, words(self.state.text)))
    end,
    copy = function(self)
      if not self.state.path then return end
      ui.clipboard.write(self.state.path)
      ui.notify("copied " .. self.state.path, { timeout = 2 })
    end,
    key = function(self, key)
      if key.name == "ctrl+b" then
        self:updateState(function(s) return with(s, { sidebar = not s.sidebar }) end)
        return true
      end
      if key.name == "r" and self.state.path then
        if show(self, self.state.path) then ui.notify("reloaded " .. self.state.path, { kind = "success", timeout = 2 }) end
        return true
      end
    end,
  },
})
