-- The Lua side of the embedding example: a process monitor whose data comes from the
-- Swift host (props), drawn with a native Swift component (ui.Meter), and which tells
-- the host what the user chose (ui.emit).
local ui = require("theolua")

local Monitor = ui.component("Monitor", {
  props = {
    host = "string",
    processes = { "array", of = { "record", fields = {
      pid = "integer", name = "string", cpu = { "number", min = 0, max = 1 },
    } } },
  },
  initialState = function() return { selected = 1 } end,
  render = function(self)
    local rows = {}
    for i, p in ipairs(self.props.processes) do
      local mark = i == self.state.selected and "▶ " or "  "
      rows[i] = ui.row { key = p.pid, gap = 1,
        ui.text { mark .. string.format("%-6d %-10s", p.pid, p.name), bold = i == self.state.selected },
        ui.Meter { value = p.cpu, width = 12 },
      }
    end
    return ui.box { border = "round", title = "processes on " .. self.props.host, focusable = true,
      onKey = self:handler("key"),
      rows,
      ui.spacer {},
      ui.text { "↑↓ select · enter reports to the host · ctrl+c quits", dim = true },
    }
  end,
  actions = {
    key = function(self, key)
      local count = #self.props.processes
      if key.name == "down" then
        self:updateState(function(s) return { selected = s.selected % count + 1 } end)
        return true
      elseif key.name == "up" then
        self:updateState(function(s) return { selected = (s.selected - 2) % count + 1 } end)
        return true
      elseif key.name == "enter" then
        local p = self.props.processes[self.state.selected]
        ui.emit("selected", { pid = p.pid, name = p.name })
        return true
      end
    end,
  },
})

return Monitor
