-- The view of the services host (Examples/Embedding): a script over data the Swift host
-- pushes as props, drawn partly by a Swift component (ui.Latency), calling the host's
-- function ui.services.restart and telling it what the user chose (ui.emit). Edit it
-- while the host runs: the view reloads and keeps its selection.
local ui = require("theolua")

local colors = { running = "green", restarting = "yellow", failed = "red" }

return ui.component("Services", {
  props = {
    host = "string",
    services = { "array", of = { "record", fields = {
      name = "string",
      status = { "enum", values = { "running", "restarting", "failed" } },
      latency = { "array", of = "number" },
      restarts = "integer",
    } } },
  },
  initialState = function() return { selected = 1, message = "" } end,
  render = function(self)
    local rows = {}
    for i, s in ipairs(self.props.services) do
      local chosen = i == self.state.selected
      rows[i] = ui.row { key = s.name, gap = 1,
        ui.text { (chosen and "▶ " or "  ") .. ("%-7s"):format(s.name), bold = chosen },
        ui.text { ("%-10s"):format(s.status), color = colors[s.status] },
        ui.Latency { values = s.latency, width = 16 },
        ui.text(("%4d ms  ↻%d"):format(s.latency[#s.latency], s.restarts)),
      }
    end
    return ui.box { border = "round", title = "services on " .. self.props.host,
      focusable = true, autoFocus = true, onKey = self:handler("key"),
      rows,
      ui.spacer {},
      ui.text { self.state.message, color = "yellow" },
      ui.text { "↑↓ select · r restart · enter report · ctrl+c quit", dim = true },
    }
  end,
  actions = {
    key = function(self, key)
      local count = #self.props.services
      local service = self.props.services[self.state.selected]
      if key.name == "down" then
        self:updateState(function(s) return { selected = s.selected % count + 1 } end)
      elseif key.name == "up" then
        self:updateState(function(s) return { selected = (s.selected - 2) % count + 1 } end)
      elseif key.name == "r" then
        ui.services.restart(service.name, function(answer, err)
          self:updateState(function(s) return { selected = s.selected, message = answer or err } end)
        end)
      elseif key.name == "enter" then
        ui.emit("selected", { name = service.name })
      else
        return false
      end
      return true
    end,
  },
})
