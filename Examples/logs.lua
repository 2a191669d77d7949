-- A log viewer: a controller timer appends a line every half second; the scroll follows
-- the end (follow = true) while you type a filter above it.
--
-- The timer belongs to the controller: it starts when the viewer mounts, survives
-- re-renders and hot reloads, and is cancelled for you when the viewer unmounts.
local ui = require("theolua")

-- Made-up traffic, picked in turn so that every run (and every test) sees the same log.
local services = { "api", "db", "auth", "cache", "worker" }
local events = {
  { "info", "request served in %d ms" },
  { "info", "cache hit ratio %d%%" },
  { "warn", "slow query took %d ms" },
  { "info", "user %d signed in" },
  { "error", "connection reset after %d retries" },
  { "info", "job %d done" },
}
local levelColors = { info = "green", warn = "yellow", error = "red" }

local function makeLine(n)
  local event = events[(n * 7) % #events + 1]
  return {
    n = n,
    level = event[1],
    service = services[(n * 3) % #services + 1],
    message = string.format(event[2], (n * 37) % 97 + 3),
  }
end

local Logs = ui.component("Logs", {
  props = {
    interval = { "number", default = 0.5, min = 0.01 },
    keep = { "integer", default = 500, min = 1 },  -- lines kept in memory
  },
  initialState = function(props) return { lines = {}, filter = "" } end,
  render = function(self)
    local filter = self.state.filter:lower()
    local shown = {}
    for _, line in ipairs(self.state.lines) do
      local text = line.service .. " " .. line.message
      if filter == "" or text:lower():find(filter, 1, true) or line.level:find(filter, 1, true) then
        shown[#shown + 1] = ui.row { key = line.n, gap = 1,
          -- Fixed columns keep their width (shrink = 0); the message gives way.
          ui.text { string.format("%04d", line.n), dim = true },
          ui.text { line.level, color = levelColors[line.level], bold = line.level == "error", width = 5, shrink = 0 },
          ui.text { line.service, color = "cyan", width = 6, shrink = 0 },
          ui.text { line.message, wrap = "ellipsis", grow = 1 },
        }
      end
    end
    return ui.column { height = "100%",  -- fill the screen: the scroll takes what is left
      ui.input {
        value = self.state.filter, placeholder = "filter: type to narrow (e.g. error, db)",
        onChange = self:handler("filter"), border = "round", borderColor = "blue",
      },
      ui.scroll { follow = true, grow = 1, border = "single", borderColor = "gray",
        title = string.format("%d of %d lines", #shown, #self.state.lines),
        shown,
      },
      ui.text { "tab focuses the log (up/down/pageup/home/end scroll) · ctrl+c quits", dim = true },
    }
  end,
  actions = {
    filter = function(self, text)
      self:updateState(function(s) return { lines = s.lines, filter = text } end)
    end,
  },
  controller = {
    init = function(ctl)
      ctl.count = 0
      ctl.timer = ui.every(ctl.props.interval, function()
        ctl.count = ctl.count + 1
        local line = makeLine(ctl.count)
        local keep = ctl.props.keep
        ctl:updateState(function(s)
          local lines = {}
          local first = math.max(1, #s.lines + 2 - keep)
          for index = first, #s.lines do lines[#lines + 1] = s.lines[index] end
          lines[#lines + 1] = line
          return { lines = lines, filter = s.filter }
        end)
      end)
    end,
  },
})

return Logs
