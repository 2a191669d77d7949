-- A settings form built from the widgets alone: inputs, checkboxes, a select, a textarea
-- and a button that asks for confirmation in a modal dialog. A footer lists the keys
-- of whatever has focus. Ticking "dusk theme" restyles every widget through ui.theme,
-- with the alternative theme of dusk.lua.
local ui = require("theolua")
local dusk = require("dusk")

local languages = { "English", "Français", "Deutsch", "Español", "日本語" }

-- A copy of `state` with `field` set to `value`.
local function with(state, field, value)
  local copy = {}
  for k, v in pairs(state) do copy[k] = v end
  copy[field] = value
  return copy
end

-- A label and its field, side by side.
local function field(label, child)
  return ui.row { ui.text { label, width = 10, color = "gray" }, child }
end

local Settings = ui.component("Settings", {
  props = { name = { "string", default = "Ada Lovelace" } },
  initialState = function(props)
    return {
      name = props.name, email = "ada@example.org", language = "English", releases = true, dusk = false,
      about = "Writes notes on the analytical engine.", confirming = false, saves = 0,
    }
  end,
  actions = {
    set = function(self, name, value) self:updateState(with(self.state, name, value)) end,
    ask = function(self) self:updateState(with(self.state, "confirming", true)) end,
    cancel = function(self) self:updateState(with(self.state, "confirming", false)) end,
    save = function(self)
      local s = with(self.state, "confirming", false)
      s.saves = s.saves + 1
      self:updateState(s)
    end,
    key = function(self, key)
      if key.name == "ctrl+s" then self:updateState(with(self.state, "confirming", true)) return true end
    end,
  },
  render = function(self)
    local s = self.state
    local status = s.saves == 0 and "not saved yet" or ("saved " .. s.saves .. (s.saves == 1 and " time" or " times"))
    local form = ui.box { border = "round", title = "Settings", padding = { 1, 0 }, grow = 1,
      onKey = self:handler("key"), keys = { { "tab", "next" }, { "ctrl+s", "save" } },
      field("Name", ui.input { value = s.name, onChange = self:handler("set", "name"), grow = 1 }),
      field("Email", ui.input { value = s.email, onChange = self:handler("set", "email"), grow = 1 }),
      field("Language", ui.select { options = languages, value = s.language, onChange = self:handler("set", "language"),
        keys = { { "enter", "choose" } } }),
      ui.checkbox { "Email me about releases", checked = s.releases, onChange = self:handler("set", "releases") },
      ui.checkbox { "Dusk theme", checked = s.dusk, onChange = self:handler("set", "dusk") },
      ui.text { "About me", color = "gray" },
      ui.textarea { value = s.about, onChange = self:handler("set", "about"), border = "single", rows = 3,
        placeholder = "a few words", keys = { { "enter", "new line" } } },
      ui.row { gap = 2,
        ui.button { "Save", onPress = self:handler("ask"), keys = { { "enter", "save" } } },
        ui.text { status, color = "gray" },
      },
    }
    local dialog = s.confirming and ui.layer { modal = true, border = "round", title = "Save settings?",
      padding = { 1, 0 }, width = 40, onClose = self:handler("cancel"),
      keys = { { "tab", "next" }, { "enter", "choose" }, { "esc", "cancel" } },
      ui.text("Save the settings of " .. s.name .. "?"),
      ui.text(s.releases and "You will hear about releases." or "You will not hear about releases.", { color = "gray" }),
      ui.row { gap = 2, justify = "end",
        ui.button { "Save", onPress = self:handler("save") },
        ui.button { "Cancel", onPress = self:handler("cancel") },
      },
    } or nil
    return ui.theme.provide { value = s.dusk and dusk or {},
      ui.column { form, dialog, ui.keyhints {} },
    }
  end,
})

return Settings
