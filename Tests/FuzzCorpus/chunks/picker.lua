-- A picker: a keyed list with a selection. up/down (or k/j) move the selection; space
-- stars the selected row; enter picks it.
--
-- Two things to see here:
-- * Each row is a component with its own state (its star). The list only owns the
--   selection, so moving it changes the props of two rows, and only those two render
--   again: the "renders" column counts each row's renders.
-- * Keys follow the responder chain. Only the selected row is focusable, so focus
--   follows the selection and a key goes to that row's onKey first (space stars it),
--   then bubbles up to the list's onKey (up, down, enter).
local ui = require("theolua")

-- How many times each row rendered, by id: a side effect kept outside the components
-- on purpose, only to make the reconciler's work visible.
local renders = {}

local Row = ui.component("PickerRow", {
  props = {
    id = "integer",
    name = "string",
    selected = "boolean",
  },
  initialState = function(props) return { starred = false } end,
  render = function(self)
    local id, selected = self.props.id, self.props.selected
    renders[id] = (renders[id] or 0) + 1
    return ui.row { focusable = selected, onKey = self:handler("key"),
      ui.text { selected and "›" or " ", color = "cyan", width = 2 },
      ui.text { self.state.starred and "★" or "☆", color = self.state.starred and "yellow" or "gray", width = 2 },
      ui.text { self.props.name, bold = selected, inverse = selected, grow = 1, wrap = "ellipsis" },
      ui.text { string.format("%3d", renders[id]), dim = true, width = 4, align = "right" },
    }
  end,
  actions = {
    key = function(self, key)
      if key.name == "space" then
        self:updateState(function(s) return { starred = not s.starred } end)
        return true
      end
    end,
  },
})

local Picker = ui.component("Picker", {
  props = {
    names = { "array", of = "string", default = {
      "Ada Lovelace", "Grace Hopper", "Alan Turing", "Barbara Liskov", "Edsger Dijkstra",
      "Donald Knuth", "Frances Allen", "John McCarthy", "Margaret Hamilton", "Ken Thompson",
    } },
  },
  initialState = function(props) return { selected = 1, picked = nil } end,
  render = function(self)
    local rows = {}
    for index, name in ipairs(self.props.names) do
      rows[index] = Row { key = name, id = index, name = name, selected = index == self.state.selected }
    end
    local picked = self.state.picked
    return ui.box { border = "round", title = "picker", padding = { 1, 0 }, onKey = self:handler("key"),
      ui.row { ui.text { "  ☆ name", dim = true, grow = 1 }, ui.text { "renders", dim = true } },
      rows,
      ui.text { picked and ("picked: " .. self.props.names[picked]) or "nothing picked yet",
        color = picked and "green" or "gray", margin = { 1, 0, 0, 0 } },
      ui.text { "↑↓ move · space stars · enter picks · ctrl+c quits", dim = true },
    }
  end,
  actions = {
    key = function(self, key)
      local count = #self.props.names
      local function move(delta)
        self:updateState(function(s)
          return { selected = (s.selected - 1 + delta) % count + 1, picked = s.picked }
        end)
      end
      if key.name == "up" or key.name == "k" then move(-1) return true end
      if key.name == "down" or key.name == "j" then move(1) return true end
      if key.name == "enter" then
        self:updateState(function(s) return { selected = s.selected, picked = s.selected } end)
        return true
      end
    end,
  },
})

return Picker
